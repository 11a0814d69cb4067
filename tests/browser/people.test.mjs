// Issue 25 item 4, staff administration end to end: the food bank admin invites a staff member on
// /staff/team, who sets a password through the e-mailed link and signs in to their pantry's
// orders; the admin then revokes their role (their only one) and the staff member's next page load
// is signed out. The change log lists both changes, filtered by kind, with a CSV download.
// A second factor: a code app (the test computes its codes) and a passkey (Chromium's virtual
// authenticator, through CDP). Run through `cargo test --test it browser::people`.
import assert from "node:assert/strict";
import { createHmac } from "node:crypto";
import { readFile } from "node:fs/promises";
import { after, before, describe, test } from "node:test";
import { assertAccessible, BASE_URL, collectProblems, DEMO_PASSWORD, launch, logIn, mailedLinkPath, moveClockTo, url, waitForApp } from "./lib.mjs";

const PASSWORD = "a staff password 7";

/** RFC 6238: the six-digit code a code app shows for the base32 `secret` at `unixSecs`. */
function totp(secret, unixSecs) {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  const bits = [...secret.replace(/=+$/, "")].map((c) => alphabet.indexOf(c).toString(2).padStart(5, "0")).join("");
  const key = Buffer.from(bits.match(/.{8}/g).map((b) => parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(unixSecs / 30)));
  const mac = createHmac("sha1", key).update(counter).digest();
  const at = mac[19] & 15;
  return String((mac.readUInt32BE(at) & 0x7fffffff) % 1e6).padStart(6, "0");
}

describe("people", () => {
  let browser;
  before(async () => {
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
  });

  test("the admin invites a staff member who signs in, then revokes them and their next page load is signed out", async () => {
    const email = `people.${Date.now()}.${Math.random().toString(36).slice(2)}@example.org`;
    const adminContext = await browser.newContext({ acceptDownloads: true });
    const admin = await adminContext.newPage();
    const problems = collectProblems(admin);
    await logIn(admin, "admin@example.org", "/staff/team");
    await admin.getByRole("heading", { level: 1, name: "Staff and volunteers" }).waitFor();
    await admin.getByRole("textbox", { name: "E-mail" }).fill(email);
    await admin.getByRole("combobox", { name: "Role", exact: true }).selectOption("staff");
    const where = admin.getByRole("combobox", { name: "Where", exact: true });
    await where.selectOption(await where.locator("option", { hasText: "Main Library" }).getAttribute("value"));
    await admin.getByRole("button", { name: "Grant Role" }).click();
    await admin.getByRole("status").getByText(`${email} has the role`).waitFor();
    await admin.getByRole("cell", { name: email, exact: true }).waitFor();
    await assertAccessible(admin, "team page with each grant's forms");

    // The new colleague sets a password through the invitation and signs in to the orders.
    const staffContext = await browser.newContext();
    const staff = await staffContext.newPage();
    await staff.goto(url(await mailedLinkPath(email)));
    await waitForApp(staff);
    await staff.getByLabel("New Password").fill(PASSWORD);
    await staff.getByLabel("Confirm Password").fill(PASSWORD);
    await staff.getByRole("button", { name: "Update Password" }).click();
    await staff.getByRole("status").filter({ hasText: "Your password has been updated." }).waitFor();
    await logIn(staff, email, "/staff", PASSWORD);
    await staff.getByRole("heading", { level: 1, name: /Main Library on / }).waitFor();
    const token = (await staffContext.cookies()).find((c) => c.name === "oa_session")?.value;
    assert.ok(token, "signed in by cookie");

    // The admin revokes the role: the row goes, and the staff member is signed out at once.
    await admin.getByRole("button", { name: new RegExp(`Revoke the role of ${email.replaceAll(".", "\\.")}`) }).click();
    await admin.getByRole("status").getByText(`The role of ${email} is revoked.`).waitFor();
    assert.equal(await admin.getByRole("cell", { name: email, exact: true }).count(), 0);

    await staff.reload();
    await staff.getByText("Please log in with your staff account.").waitFor();
    assert.equal(await staff.getByRole("heading", { level: 1, name: /Main Library on / }).count(), 0);
    const answer = await fetch(url("/api/v1/account/profile"), { headers: { Authorization: `Bearer ${token}` } });
    assert.equal(answer.status, 401, "their session is over");
    await staffContext.close();

    // The change log shows the revocation; filtered to it, the CSV holds it too.
    await admin.goto(url("/staff/audit"));
    await waitForApp(admin);
    await admin.getByRole("heading", { level: 1, name: "Change log" }).waitFor();
    await admin.getByRole("combobox", { name: "What" }).selectOption("staffGrant.revoke");
    await admin.getByRole("button", { name: "Show" }).click();
    await admin.waitForURL((u) => u.searchParams.get("action") === "staffGrant.revoke");
    await admin.getByRole("row").filter({ hasText: "Role revoked" }).filter({ hasText: email }).first().waitFor();
    await assertAccessible(admin, "change log filtered");
    const [download] = await Promise.all([admin.waitForEvent("download"), admin.getByRole("link", { name: "Download CSV" }).click()]);
    assert.equal(download.suggestedFilename(), "audit-log.csv");
    const csv = await readFile(await download.path(), "utf8");
    const rows = csv.trim().split("\n");
    assert.equal(rows[0], "When,Who,Where,What,Subject,Field,Before,After");
    assert.ok(rows.slice(1).every((r) => r.includes(",Role revoked,") && !r.includes("staffGrant.revoke")), csv);
    assert.ok(rows.some((r) => r.includes(email)), csv);
    assert.deepEqual(problems, []);
    await adminContext.close();
  });

  test("an admin requires a second factor; a staff member enrols a code app, signs back in with a code, and a recovery code works once", async () => {
    const office = await browser.newContext();
    const admin = await office.newPage();
    const adminProblems = collectProblems(admin);
    await logIn(admin, "admin@example.org", "/staff/settings");
    const required = admin.getByLabel("Staff must sign in with a second factor (a code app)");
    // The server is shared with the other suites: the requirement goes off again whatever happens.
    let offset = 0;
    const now = () => Date.now() / 1000 + offset;
    const enrol = async (page) => {
      await page.getByRole("link", { name: "Second Factor" }).click();
      await page.getByRole("heading", { level: 1, name: "Second Factor" }).waitFor();
      const secret = (await page.locator(".second-factor-secret").textContent()).trim();
      await assertAccessible(page, "second factor to set up");
      await page.getByLabel("Code", { exact: true }).fill(totp(secret, now()));
      await page.getByRole("button", { name: "Set Up" }).click();
      await page.getByText("Your code app is set up.").waitFor();
      return secret;
    };
    await required.setChecked(true);
    await admin.getByRole("button", { name: "Save settings" }).click();
    try {
      // From now on the admin's own grants wait for a second factor too: they enrol first.
      await admin.getByText("Your food bank requires a second factor for staff work.").waitFor();
      await enrol(admin);

      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const staff = await context.newPage();
      const problems = collectProblems(staff);
      await logIn(staff, "pantry@example.org", "/staff");
      await staff.getByText("Your food bank requires a second factor for staff work.").waitFor();
      const secret = await enrol(staff);
      await assertAccessible(staff, "second factor set up, recovery codes shown");
      const codes = (await staff.locator(".recovery-codes code").allTextContents()).map((c) => c.trim());
      assert.equal(codes.length, 10);
      await staff.getByRole("link", { name: "Go to the staff pages" }).click();
      await staff.getByRole("heading", { level: 1, name: /on / }).waitFor();

      // Logged out and back in: password, then the app's next code (a code works once).
      await staff.goto(url("/account"));
      await waitForApp(staff);
      await staff.getByRole("button", { name: "Log Out", exact: true }).click();
      await staff.waitForURL((u) => u.pathname === "/");
      offset = 60;
      await moveClockTo(new Date(now() * 1000));
      await logIn(staff, "pantry@example.org", "/staff/second-factor");
      await staff.getByText("Enter the code your app shows now, or a recovery code.").waitFor();
      await staff.getByLabel("Code", { exact: true }).fill(totp(secret, now()));
      await staff.getByRole("button", { name: "Continue" }).click();
      await staff.waitForURL((u) => u.pathname === "/staff");
      await staff.getByRole("heading", { level: 1, name: /on / }).waitFor();

      // A recovery code, in other browsers, works once.
      for (const attempt of ["works", "used"]) {
        const lost = await browser.newContext();
        const other = await lost.newPage();
        await logIn(other, "pantry@example.org", "/staff/second-factor");
        await other.getByLabel("Code", { exact: true }).fill(codes[0]);
        await other.getByRole("button", { name: "Continue" }).click();
        if (attempt === "works") await other.waitForURL((u) => u.pathname === "/staff");
        else await other.getByText("That code is not right, or was used already: enter the code your app shows now").waitFor();
        await lost.close();
      }
      assert.deepEqual(problems.filter((p) => !/status of 40[13]|status of 422/.test(p)), []);
      await context.close();
    } finally {
      await admin.goto(url("/staff/settings"));
      await required.setChecked(false);
      await admin.getByRole("button", { name: "Save settings" }).click();
      await admin.getByText("Settings saved.").waitFor();
    }
    assert.deepEqual(adminProblems.filter((p) => !/status of 403/.test(p)), []);
    await office.close();
  });

  test("a staff member enrols a passkey, and a later sign-in proves the session with it", async () => {
    // WebAuthn needs a secure context with a domain: `localhost` is both (127.0.0.1 is no domain).
    const local = (path) => new URL(path, BASE_URL.replace("127.0.0.1", "localhost")).href;
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const problems = collectProblems(page);
    const cdp = await context.newCDPSession(page);
    await cdp.send("WebAuthn.enable");
    const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
      options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
    });
    const signIn = async () => {
      await page.goto(local("/account/login?returnTo=%2Fstaff%2Fsecond-factor"));
      await waitForApp(page);
      await page.getByRole("textbox", { name: "E-Mail" }).fill("volunteer@example.org");
      await page.getByLabel("Password", { exact: true }).fill(DEMO_PASSWORD);
      await page.getByRole("button", { name: "Login" }).click();
      await page.getByRole("dialog", { name: "Remember Me?" }).getByRole("button", { name: "No" }).click();
      await page.waitForURL((u) => u.pathname === "/staff/second-factor");
      await waitForApp(page);
    };
    await signIn();
    await page.getByRole("heading", { level: 2, name: "Passkeys" }).waitFor();
    await page.getByRole("button", { name: "Add a Passkey" }).click();
    await page.getByText("Your passkey is added.").waitFor();
    assert.equal((await page.locator(".recovery-codes code").allTextContents()).length, 10, "a first factor comes with recovery codes");
    await page.getByText("This device has proved your second factor.").waitFor();
    await page.getByRole("listitem").filter({ hasText: "Chrome" }).waitFor();
    await assertAccessible(page, "a passkey added");
    const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
    assert.equal(credentials.length, 1);

    // Signed out and in again: the passkey proves the new session.
    await page.goto(local("/account"));
    await waitForApp(page);
    await page.getByRole("button", { name: "Log Out", exact: true }).click();
    await page.waitForURL((u) => u.pathname === "/");
    await signIn();
    await page.getByText("Enter the code your app shows now, or a recovery code.").waitFor();
    await page.getByRole("button", { name: "Use a Passkey" }).click();
    await page.waitForURL((u) => u.pathname === "/staff");
    const used = (await cdp.send("WebAuthn.getCredentials", { authenticatorId })).credentials[0];
    assert.ok(used.signCount >= 1, "the authenticator signed the challenge");
    assert.deepEqual(problems, []);
    await context.close();
  });
});
