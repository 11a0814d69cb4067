// Issue 9, password reset end to end: the request form (required, Retry after a failed send, the same
// confirmation for any address), the mailed link read from the server's outbox, the new password,
// then sign-in with it; a wrong link shows the expiry text. Run through `cargo test --test it browser`.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { assertAccessible, collectProblems, launch, mailedLinkPath, url, waitForApp } from "./lib.mjs";


const EXPIRED = "This reset token has expired. Please try resetting your password again.";

async function newAccount() {
  const email = `reset.${Date.now()}.${Math.random().toString(36).slice(2)}@example.org`;
  const res = await fetch(url("/api/v1/account"), {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ firstName: "Rosa", lastName: "Reset", eMailAddress: email, password: "the old password 1", phoneNumber: "(614) 555-0142", isEligible: true }),
  });
  const body = await res.json();
  assert.ok(body.successful, body.failureReason);
  return email;
}

describe("password reset", () => {
  let browser;
  before(async () => {
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
  });

  test("a shopper resets the password through the mailed link and signs in with the new one", async () => {
    const email = await newAccount();
    const context = await browser.newContext();
    const page = await context.newPage();
    const problems = collectProblems(page);

    await page.goto(url("/account/login"));
    await waitForApp(page);
    await page.getByRole("link", { name: "Forgot your password?" }).click();
    await page.waitForURL((u) => u.pathname === "/account/forgot-password");
    await page.getByRole("heading", { name: "Forgot Password", level: 1 }).waitFor();
    await assertAccessible(page, "forgot password");
    const send = page.getByRole("button", { name: "Send Reset Link" });
    await send.click();
    await page.getByText("This field is required").waitFor();
    await page.getByRole("textbox", { name: "E-Mail" }).fill(`  ${email} `);
    await send.click();
    await page.getByRole("status").filter({ hasText: `If there is an account for ${email},` }).waitFor();
    await assertAccessible(page, "reset link sent");

    await page.goto(url(await mailedLinkPath(email)));
    await waitForApp(page);
    const update = page.getByRole("button", { name: "Update Password" });
    await update.waitFor();
    await assertAccessible(page, "update password");
    await page.getByLabel("New Password").fill("the new password 2");
    await page.getByLabel("Confirm Password").fill("the new password 3");
    await page.getByText("The passwords do not match").waitFor();
    assert.ok(await update.isDisabled(), "Update Password enabled with different passwords");
    await page.getByLabel("Confirm Password").fill(" the new password 2 ");
    await update.click();
    await page.getByRole("status").filter({ hasText: "Your password has been updated." }).waitFor();
    await assertAccessible(page, "password updated");

    await page.getByRole("link", { name: "Log In" }).click();
    await page.waitForURL((u) => u.pathname === "/account/login");
    await page.getByRole("textbox", { name: "E-Mail" }).fill(email);
    await page.getByLabel("Password").fill("the old password 1");
    await page.getByRole("button", { name: "Login" }).click();
    await page.getByRole("alert").filter({ hasText: "There was an error authenticating" }).waitFor();
    await page.getByLabel("Password").fill("the new password 2");
    await page.getByRole("button", { name: "Login" }).click();
    await page.getByRole("dialog", { name: "Remember Me?" }).getByRole("button", { name: "No" }).click();
    await page.waitForURL((u) => u.pathname === "/");
    assert.ok(await page.evaluate(() => localStorage.getItem("oa.token")), "token not stored");
    // The refused old password is the only failed request the browser may report.
    assert.deepEqual(problems.filter((p) => !/status of 401 .*\/api\/v1\/account\/login$/.test(p)), []);

    // The link worked once.
    await page.goto(url(await mailedLinkPath(email)));
    await page.getByRole("alert").filter({ hasText: EXPIRED }).waitFor();
    await context.close();
  });

  test("a failed send offers Retry, and an unknown address gets the same confirmation", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const problems = collectProblems(page);
    let fail = true;
    await page.route("**/api/v1/user/reset", (route) =>
      fail ? route.fulfill({ status: 500, json: { successful: false, value: null, failureReason: null } }) : route.continue(),
    );
    await page.goto(url("/account/forgot-password"));
    await waitForApp(page);
    const nobody = `nobody.${Date.now()}@example.org`;
    await page.getByRole("textbox", { name: "E-Mail" }).fill(nobody);
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    const error = page.getByRole("alert").filter({ hasText: "There was an error sending the email" });
    await error.waitFor();
    await assertAccessible(page, "reset send failed");
    fail = false;
    await error.getByRole("button", { name: "Retry" }).click();
    await page.getByRole("status").filter({ hasText: `If there is an account for ${nobody},` }).waitFor();
    assert.deepEqual(problems.filter((p) => !/status of 500/.test(p)), []);
    await context.close();
  });

  test("a wrong or expired link shows the expiry text with a way to start again", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const problems = collectProblems(page);
    const res = await page.goto(url(`/account/update-password/${"x".repeat(43)}/123456`));
    assert.equal(res.status(), 200);
    await page.getByRole("alert").filter({ hasText: EXPIRED }).waitFor();
    await assertAccessible(page, "expired reset link");
    await page.getByRole("link", { name: "Reset Password" }).click();
    await page.waitForURL((u) => u.pathname === "/account/forgot-password");
    assert.deepEqual(problems.filter((p) => !/status of 422/.test(p)), []);
    await context.close();
  });
});
