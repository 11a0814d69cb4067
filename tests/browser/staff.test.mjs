// Staff side 1 (issue 23): a shopper orders at the Main Library; the pantry's staff member finds
// it in the day's queue, starts packing and marks it ready, and the shopper's order says Ready;
// the volunteer at the door finds it by the number the shopper shows and checks it in, and the
// shopper's order is picked up (the green badge). Ready also leaves a message in the shopper's
// Messages and an e-mail (the server's outbox). A staff member finds the staff side from the
// shopper's side menu and the schedule through its navigation (issue 47); a shopper's menu has no
// such link. Run through `cargo test --test it browser::staff`.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { apiValue, assertAccessible, collectProblems, launch, logIn, mailText, orderNumber, shopperWithOrder, url, waitForApp } from "./lib.mjs";

describe("staff side", () => {
  let browser;
  before(async () => {
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
  });

  test("staff pack an order, the volunteer checks it in, the shopper sees each step", async () => {
    const { email, password, jwt, orderId, pantryId, day } = await shopperWithOrder("staff");
    const number = orderNumber(orderId);

    // The pantry staff member: the day's queue at the Main Library, then the order.
    const staffContext = await browser.newContext();
    const page = await staffContext.newPage();
    const problems = collectProblems(page);
    await logIn(page, "pantry@example.org", "/staff");
    await page.goto(url(`/staff/pantries/${pantryId}?date=${day}`));
    await waitForApp(page);
    await page.getByRole("heading", { level: 1, name: /Orders at .*Main Library/ }).waitFor();
    await assertAccessible(page, "staff queue");
    await page.getByRole("link", { name: number, exact: true }).click();
    await page.waitForURL((u) => u.pathname === `/staff/orders/${orderId}`);
    await page.getByRole("heading", { level: 1, name: `Order ${number}` }).waitFor();
    await page.getByText("Nora Script").first().waitFor();
    await assertAccessible(page, "staff order");
    await page.getByRole("button", { name: "Start Packing" }).click();
    await page.locator(".staff-state").getByText("Packing", { exact: true }).waitFor();
    await page.getByRole("button", { name: "Mark Ready" }).click();
    await page.locator(".staff-state").getByText("Ready", { exact: true }).waitFor();
    assert.equal((await apiValue("GET", `/orders/${orderId}`, jwt)).pantryOrderStatusType.code, "READY");
    assert.deepEqual(problems, []);
    await staffContext.close();

    // The shopper's order page names the step.
    const shopperContext = await browser.newContext();
    const shopper = await shopperContext.newPage();
    await logIn(shopper, email, `/account/orders/${orderId}`, password);
    await shopper.locator(".status-badge").getByText("Ready for pickup").waitFor();
    // Their Messages tell of it, with the number to show; so does an e-mail.
    await shopper.goto(url("/messages"));
    await waitForApp(shopper);
    await shopper.locator(".message-title").getByText("Your order is ready").waitFor();
    await shopper.getByText(`Order ${number} is packed and ready.`).first().waitFor();
    await assertAccessible(shopper, "messages with the order's news");
    const mail = await mailText(email, "Subject: Your order is ready");
    assert.ok(mail.includes(`Order ${number} is packed and ready`), mail);

    // The volunteer at the door: the number the shopper shows, typed.
    const doorContext = await browser.newContext();
    const door = await doorContext.newPage();
    await logIn(door, "volunteer@example.org", "/staff/check-in");
    await door.getByRole("searchbox", { name: "Order number or name" }).fill(number);
    await door.getByRole("button", { name: "Find" }).click();
    await door.getByRole("button", { name: "Check In" }).waitFor();
    await assertAccessible(door, "check-in");
    await door.getByRole("button", { name: "Check In" }).click();
    await door.getByText("Picked up").waitFor();
    await doorContext.close();

    // The shopper: picked up, the green badge.
    const done = await apiValue("GET", `/orders/${orderId}`, jwt);
    assert.equal(done.pantryOrderStatusType.isSuccessfullyCompletedType, true, JSON.stringify(done.pantryOrderStatusType));
    await shopper.goto(url(`/account/orders/${orderId}`));
    await waitForApp(shopper);
    await shopper.locator(".status-badge.status-success").getByText("Picked up").waitFor();
    await shopperContext.close();
  });

  test("a staff member goes from the shopper's side menu to the staff side and on to the schedule", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const problems = collectProblems(page);
    await logIn(page, "pantry@example.org", "/");
    // The shopper's side of the app, then the way over: the side menu's staff link (staff only).
    await page.getByRole("button", { name: "Menu", exact: true }).click();
    await page.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name: "Staff pages" }).click();
    await page.waitForURL((u) => u.pathname === "/staff");
    await page.getByRole("heading", { level: 1, name: / on \d+\/\d+\/\d{4}$/ }).waitFor();
    // Hours and closed days through the staff navigation, not a typed address.
    await page.getByRole("navigation", { name: "Staff pages" }).getByRole("link", { name: "Hours and closed days" }).click();
    await page.waitForURL((u) => u.pathname === "/staff/schedule");
    await page.getByRole("heading", { level: 1, name: /^Schedule: / }).waitFor();
    await assertAccessible(page, "schedule reached through the staff navigation");
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("a shopper gets no staff page and no staff call", async () => {
    const { email, password, jwt, orderId } = await shopperWithOrder("staff");
    const context = await browser.newContext();
    const page = await context.newPage();
    await logIn(page, email, "/account/orders", password);
    await page.getByRole("button", { name: "Menu", exact: true }).click();
    const menu = page.getByRole("navigation", { name: "Main menu" });
    await menu.getByRole("link", { name: "Orders" }).waitFor();
    assert.equal(await menu.getByRole("link", { name: "Staff pages" }).count(), 0, "a shopper's menu has no staff link");
    const [answer] = await Promise.all([page.waitForResponse((r) => new URL(r.url()).pathname === `/staff/orders/${orderId}`), page.goto(url(`/staff/orders/${orderId}`))]);
    assert.equal(answer.status(), 403);
    await page.getByText("This page is for pantry staff only.").waitFor();
    await assertAccessible(page, "staff page refused to a shopper");
    const res = await page.request.post(url("/api/v1/staff/check-in/search"), { headers: { authorization: `Bearer ${jwt}` }, data: { search: orderNumber(orderId) } });
    assert.equal(res.status(), 403);
    await context.close();
  });
});
