// The door without a connection (issue 50): a volunteer on a phone (390 px) prepares the day,
// loses the connection, finds an order by its number and by the shopper's name, checks it in,
// registers a walk-in household and records its visit, reloads the page (the kept page opens on
// the device's copy); back online, what waited is sent, and the
// server holds exactly one hand-over and one visit, and the shopper's order shows Picked up. A
// hand-over of an order the office cancelled meanwhile comes back as "not recorded", with the
// order's state on the server. Log Out takes the device's copy away. Run through
// `cargo test --test it browser::door`.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { apiValue, assertAccessible, collectProblems, DEMO_PASSWORD, launch, localInstant, logIn, moveClockTo, orderNumber, shopperWithOrder, url, waitForApp } from "./lib.mjs";

const PHONE = { width: 390, height: 844 };

/** Letters only, different each run. */
const letters = () => Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("");

/** A shopper's order at the Main Library, packed and ready by the pantry's staff. */
async function readyOrder(staffToken) {
  const shopper = await shopperWithOrder("door");
  for (const action of ["startPacking", "markReady"]) await apiValue("POST", `/staff/orders/${shopper.orderId}/state`, staffToken, { action });
  return shopper;
}

/** The names of this origin's IndexedDB databases. */
const databases = (page) => page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name));

describe("door", () => {
  let browser;
  before(async () => {
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
  });

  test("a volunteer works the door offline, and once back online the server holds each action once", async () => {
    const jwt = await apiValue("POST", "/account/login", null, { Username: "pantry@example.org", Password: DEMO_PASSWORD });
    const order = await readyOrder(jwt);
    const cancelled = await readyOrder(jwt);
    // The door's day is the orders' pickup day: 8 am there (the clock only moves on).
    const eight = localInstant(order.day.slice(0, 10), "08:00:00", "America/New_York");
    if (eight.getTime() > Date.now()) await moveClockTo(eight);
    const number = orderNumber(order.orderId);

    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    const problems = collectProblems(page);
    await logIn(page, "volunteer@example.org", "/staff/check-in");
    await page.getByRole("heading", { level: 2, name: "This device's copy of the day" }).waitFor();
    await page.getByRole("button", { name: "Prepare for offline" }).click();
    await page.getByTestId("door-ready").getByText(/^Ready for offline: .*Main Library/).waitFor();
    await page.getByTestId("door-ready").getByText(/Last refreshed at \d/).waitFor();
    await assertAccessible(page, "check-in with the day prepared");

    // The service worker runs the page (a reload with no connection opens the kept check-in page).
    await page.waitForFunction(() => navigator.serviceWorker?.controller != null);

    // The connection drops: the door searches the device's copy.
    await context.setOffline(true);
    await page.getByRole("status").getByText("You are offline.", { exact: false }).waitFor();
    const search = page.getByRole("searchbox", { name: "Order number, name, phone or ZIP" });
    await search.fill(number);
    const byNumber = page.getByRole("list", { name: "Orders" }).getByRole("listitem");
    await byNumber.filter({ hasText: "Nora Script" }).waitFor();
    assert.equal(await byNumber.count(), 1, "the number finds its one order");
    await search.fill("nora scr");
    const code = (n) => ({ has: page.locator(".order-code", { hasText: new RegExp(`^${n}$`) }) });
    await page.getByRole("list", { name: "Orders" }).getByRole("listitem").filter(code(number)).waitFor();
    await search.fill(number);
    await byNumber.getByRole("button", { name: "Check In" }).click();
    // As online, the search is emptied for the next shopper; the order waits on the device.
    await page.getByTestId("door-waiting").getByText("1 action waiting to send").waitFor();
    await search.fill(number);
    await byNumber.getByText("Waiting to send").waitFor();
    assert.equal(await byNumber.getByRole("button", { name: "Check In" }).count(), 0, "handed over once");

    // The office cancels the second order meanwhile; the door, offline, hands it over.
    await apiValue("POST", `/staff/orders/${cancelled.orderId}/state`, jwt, { action: "cancel", reason: "The household called." });
    await search.fill(orderNumber(cancelled.orderId));
    await page.getByRole("list", { name: "Orders" }).getByRole("button", { name: "Check In" }).click();
    await page.getByTestId("door-waiting").getByText("2 actions waiting to send").waitFor();

    // A walk-in the directory does not know: registered, then their visit, both on the device.
    const last = `Door${letters()}`;
    await search.fill(last);
    await page.getByText("Nothing on this device matches.").waitFor();
    await page.getByRole("button", { name: "New household" }).click();
    const form = page.locator("form", { has: page.getByRole("heading", { name: "New household" }) });
    await form.getByLabel("First name").fill("Ines");
    await form.getByLabel("Last name").fill(last);
    await form.getByLabel("ZIP code").fill("43206");
    await form.getByLabel("People in the household").fill("2");
    await form.getByRole("button", { name: "Save household" }).click();
    const visit = page.locator("form", { has: page.getByRole("heading", { name: `Visit for Ines ${last}` }) });
    await visit.getByLabel("Pounds given").fill("14");
    await assertAccessible(page, "an offline visit");
    await visit.getByRole("button", { name: "Save visit" }).click();
    await page.getByTestId("door-waiting").getByText("4 actions waiting to send").waitFor();
    // The phone reloads the page with no connection: the kept page opens on the device's copy.
    await page.reload();
    await waitForApp(page);
    await page.getByTestId("door-ready").getByText(/^Ready for offline: .*Main Library/).waitFor();
    await page.getByTestId("door-waiting").getByText("4 actions waiting to send").waitFor();
    // The household registered on the device is found there.
    await search.fill(last);
    await page.getByRole("list", { name: "Households" }).getByRole("listitem", { hasText: `Ines ${last}` }).getByText("Waiting to send").waitFor();
    await assertAccessible(page, "the door offline");
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= PHONE.width, `no sideways scroll at 390 px (${width})`);

    // Back online: what waited is sent, in order, once.
    await context.setOffline(false);
    await page.getByTestId("door-waiting").waitFor({ state: "detached" });
    const refused = page.locator(".door-refused li", { hasText: orderNumber(cancelled.orderId) });
    await refused.getByText("On the server now: Cancelled.").waitFor();
    await refused.getByText("This order is already closed.", { exact: false }).waitFor();
    await page.getByRole("link", { name: "1 action not recorded" }).waitFor();
    await assertAccessible(page, "a hand-over not recorded");

    const done = await apiValue("GET", `/orders/${order.orderId}`, order.jwt);
    assert.equal(done.pantryOrderStatusType.code, "PICKED_UP");
    const detail = await apiValue("GET", `/staff/orders/${order.orderId}`, jwt);
    assert.deepEqual(
      detail.history.map((e) => e.to),
      ["SUBMITTED", "PACKING", "READY", "PICKED_UP"],
      "one hand-over",
    );
    assert.equal((await apiValue("GET", `/orders/${cancelled.orderId}`, cancelled.jwt)).pantryOrderStatusType.code, "CANCELLED");
    // The shopper's page says Picked up.
    const shopperContext = await browser.newContext();
    const shopper = await shopperContext.newPage();
    await logIn(shopper, order.email, `/account/orders/${order.orderId}`, order.password);
    await shopper.locator(".status-badge.status-success").getByText("Picked up").waitFor();
    await shopperContext.close();

    // The walk-in is on the server with exactly one visit.
    await page.goto(url("/staff/households"));
    await waitForApp(page);
    await page.getByRole("searchbox", { name: "Name, phone, date of birth or ZIP" }).fill(last);
    await page.getByRole("button", { name: "Find" }).click();
    await page.getByRole("link", { name: `Ines ${last}` }).click();
    await page.getByRole("heading", { level: 1, name: `Ines ${last}` }).waitFor();
    const visits = page.locator("h2:text-is('Visits') + ul > li");
    await visits.first().waitFor();
    assert.equal(await visits.count(), 1, "one visit");
    // Intake needs the connection: offline, it points to the door's copy.
    await page.goto(url("/staff/households"));
    await waitForApp(page);
    await context.setOffline(true);
    await page.getByRole("status").getByRole("link", { name: "Check-in" }).waitFor();
    await context.setOffline(false);

    // Log Out takes the device's copy away.
    assert.ok((await databases(page)).includes("oa-door"));
    await page.goto(url("/account"));
    await waitForApp(page);
    await page.getByRole("button", { name: "Log Out", exact: true }).click();
    await page.waitForURL((u) => u.pathname === "/");
    await waitForApp(page);
    assert.deepEqual((await databases(page)).filter((n) => n === "oa-door"), [], "no door copy after Log Out");
    assert.deepEqual(problems, []);
    await context.close();
  });
});
