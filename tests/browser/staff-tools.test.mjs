// Staff side 1's tools (issue 23): the pick list (opened from the queue, its totals, print styles,
// the CSV download), the QR code on the shopper's order page (decoded here with jsQR to the number
// the check-in screen accepts), and the admin's team form (with and without JavaScript).
// Run through `cargo test --test it browser::staff_tools`.
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { after, before, describe, test } from "node:test";
import { DEMO_PASSWORD, apiValue, assertAccessible, collectProblems, launch, logIn, mailedLinkPath, orderNumber, shopperWithOrder, url, waitForApp } from "./lib.mjs";

const require = createRequire(new URL("../../app/package.json", import.meta.url));
const jsQR = require("jsqr");


const staffToken = (email) => apiValue("POST", "/account/login", null, { Username: email, Password: DEMO_PASSWORD });

describe("staff tools", () => {
  let browser;
  before(async () => {
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
  });

  test("staff open the pick list from the queue, see the totals, print it and download the CSV", async () => {
    const { orderId, pantryId, day } = await shopperWithOrder("tools", 2);
    const staff = await staffToken("pantry@example.org");
    const line = (await apiValue("GET", `/staff/orders/${orderId}`, staff)).lines[0];
    const expected = await apiValue("GET", `/staff/pick-list?pantry=${pantryId}&date=${day}`, staff);
    const total = expected.totals.flatMap((c) => c.items).find((i) => i.name === line.name);
    assert.ok(total && total.quantity >= 2, JSON.stringify(expected.totals));

    const context = await browser.newContext({ acceptDownloads: true });
    const page = await context.newPage();
    const problems = collectProblems(page);
    await logIn(page, "pantry@example.org", "/staff");
    await page.goto(url(`/staff/pantries/${pantryId}?date=${day}`));
    await waitForApp(page);
    // The console's Pick list opens on today; the order's day is asked for in its address (the order's
    // first pickup time is today or a later day, by the hour the suite runs at).
    await page.getByRole("link", { name: "Pick list" }).click();
    await page.waitForURL((u) => u.pathname === "/staff/pick-list");
    await page.goto(url(`/staff/pick-list?pantry=${pantryId}&date=${day}`));
    await waitForApp(page);
    await page.getByRole("heading", { level: 1, name: /Pick list at .*Main Library/ }).waitFor();
    const row = page.locator(".pick-totals tr", { hasText: line.name });
    assert.equal(await row.locator(".pick-quantity").first().innerText(), String(total.quantity));
    // Its slip, by its heading's id: a short number such as "A" is also in other slips' text.
    await page.locator(`.slip[aria-labelledby="slip-${orderId}"]`).getByText(orderNumber(orderId), { exact: true }).waitFor();
    await assertAccessible(page, "pick list");

    // Printed: no app bar nor forms, each slip on a sheet of its own.
    await page.emulateMedia({ media: "print" });
    assert.equal(await page.locator(".topbar").isVisible(), false);
    assert.equal(await page.locator("form.staff-filter").isVisible(), false);
    assert.equal(await page.locator(".slip").first().evaluate((el) => getComputedStyle(el).breakBefore), "page");
    await page.emulateMedia({ media: "screen" });

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download CSV" }).click()]);
    assert.equal(download.suggestedFilename(), `pick-list-${pantryId}-${day}.csv`);
    const csv = await readFile(await download.path(), "utf8");
    const rows = csv.trim().split("\n");
    assert.equal(rows[0], "Category,Item,Quantity,Orders");
    assert.ok(
      rows.some((r) => r.includes(line.name) && r.split(",").at(-2) === String(total.quantity)),
      csv,
    );
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("the QR code on the shopper's order page decodes to the number check-in accepts", async () => {
    const { email, password, orderId } = await shopperWithOrder("tools");
    const number = orderNumber(orderId);
    const shopperContext = await browser.newContext();
    const shopper = await shopperContext.newPage();
    await logIn(shopper, email, `/account/orders/${orderId}`, password);
    await shopper.locator(".order-code-large").getByText(number, { exact: true }).waitFor();
    const qr = shopper.getByRole("img", { name: `QR code of order ${number}` });
    await qr.waitFor();
    await assertAccessible(shopper, "order page with its code");
    // The image as the shopper's screen shows it, read back pixel by pixel.
    const pixels = await qr.evaluate(async (img) => {
      await img.decode();
      const canvas = document.createElement("canvas");
      canvas.width = 400;
      canvas.height = 400;
      const c = canvas.getContext("2d");
      c.fillStyle = "#fff";
      c.fillRect(0, 0, 400, 400);
      c.drawImage(img, 0, 0, 400, 400);
      return Array.from(c.getImageData(0, 0, 400, 400).data);
    });
    const decoded = jsQR(Uint8ClampedArray.from(pixels), 400, 400);
    assert.ok(decoded, "the QR code decodes");
    assert.equal(decoded.data, number);
    // The image draws the number and nothing else: the same for a page signed in by token only.
    const anyone = await browser.newContext();
    const svg = await anyone.request.get(url(`/account/orders/${orderId}/qr.svg`));
    assert.equal(svg.headers()["content-type"], "image/svg+xml");
    await anyone.close();
    await shopperContext.close();

    // Packed and ready, the volunteer finds it by the decoded text and hands it over.
    const staff = await staffToken("pantry@example.org");
    for (const action of ["startPacking", "markReady"]) await apiValue("POST", `/staff/orders/${orderId}/state`, staff, { action });
    const doorContext = await browser.newContext();
    const door = await doorContext.newPage();
    await logIn(door, "volunteer@example.org", "/staff/check-in");
    await door.getByRole("button", { name: "Scan" }).waitFor();
    await door.getByRole("searchbox", { name: "Order number or name" }).fill(decoded.data);
    await door.getByRole("button", { name: "Find" }).click();
    await door.getByRole("button", { name: "Check In" }).waitFor();
    await assertAccessible(door, "check-in with the Scan button");
    await door.getByRole("button", { name: "Check In" }).click();
    await door.getByText("Picked up").waitFor();
    await doorContext.close();
  });

  test("an admin grants a role from the team page; the new colleague is mailed an invitation", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const problems = collectProblems(page);
    await logIn(page, "admin@example.org", "/staff");
    await page.getByRole("link", { name: "Staff and volunteers" }).click();
    await page.waitForURL((u) => u.pathname === "/staff/team");
    await page.getByRole("heading", { level: 1, name: "Staff and volunteers" }).waitFor();
    await page.getByRole("cell", { name: "pantry@example.org" }).first().waitFor();
    await assertAccessible(page, "team page");
    const email = `new.volunteer.${Date.now()}@example.org`;
    await page.getByRole("textbox", { name: "E-mail" }).fill(email);
    // (Exact names: each grant's row has its own role and place fields.)
    await page.getByRole("combobox", { name: "Role", exact: true }).selectOption("volunteer");
    const where = page.getByRole("combobox", { name: "Where", exact: true });
    const main = await where.locator("option", { hasText: "Main Library" }).getAttribute("value");
    await where.selectOption(main);
    await page.getByRole("button", { name: "Grant Role" }).click();
    await page.getByRole("status").getByText(`${email} has the role`).waitFor();
    await page.getByRole("cell", { name: email, exact: true }).waitFor();
    assert.match(await mailedLinkPath(email), /^\/account\/update-password\//);
    assert.deepEqual(problems, []);
    await context.close();

    // Without JavaScript: a malformed e-mail is refused (422) at its field, and staff get 403.
    const plain = await browser.newContext({ javaScriptEnabled: false });
    const noJs = await plain.newPage();
    const token = await staffToken("admin@example.org");
    await plain.addCookies([{ name: "oa_session", value: token, url: url("/") }]);
    await noJs.goto(url("/staff/team"));
    await noJs.getByRole("textbox", { name: "E-mail" }).fill("not an e-mail");
    const [refused] = await Promise.all([noJs.waitForResponse((r) => r.request().method() === "POST"), noJs.getByRole("button", { name: "Grant Role" }).click()]);
    assert.equal(refused.status(), 422);
    await noJs.locator(".field-error").first().waitFor();
    await plain.close();

    const staffContext = await browser.newContext();
    const staffPage = await staffContext.newPage();
    await logIn(staffPage, "pantry@example.org", "/staff");
    const [answer] = await Promise.all([staffPage.waitForResponse((r) => new URL(r.url()).pathname === "/staff/team"), staffPage.goto(url("/staff/team"))]);
    assert.equal(answer.status(), 403, "pantry staff grant no roles");
    await staffContext.close();
  });
});
