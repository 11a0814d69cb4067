// Issue 25 item 4, staff administration end to end: the food bank admin invites a staff member on
// /staff/team, who sets a password through the e-mailed link and signs in to their pantry's
// orders; the admin then revokes their role (their only one) and the staff member's next page load
// is signed out. The change log lists both changes, filtered by kind, with a CSV download.
// Run through `cargo test --test it browser::people`.
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { after, before, describe, test } from "node:test";
import { assertAccessible, collectProblems, launch, logIn, mailedLinkPath, url, waitForApp } from "./lib.mjs";

const PASSWORD = "a staff password 7";

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
});
