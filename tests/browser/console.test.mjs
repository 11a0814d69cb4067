// The staff console (issue 48) at a desk (1280 px) and on a phone at the door (390 px): an admin
// switches pantry, marks a whole pickup time ready in one action (the order cancelled meanwhile is
// reported, the others change), finds an order of another pantry and day from the layout's search
// and opens it; a delivery of 12 items is received in one post; the pick list prints without the
// console; a USB scanner (typing the number and Enter) opens an order at check-in and Enter hands
// it over. Every staff page: axe, no sideways scroll at 390 px, every table within 1280 px.
// Run through `cargo test --test it browser::console`.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { COLUMBUS, DEMO_PASSWORD, apiValue, assertAccessible, collectProblems, launch, logIn, newShopper, orderNumber, shopperWithOrder, url, waitForApp } from "./lib.mjs";

const token = (email) => apiValue("POST", "/account/login", null, { Username: email, Password: DEMO_PASSWORD });

/** An order at another pantry, on its last pickup day offered: another pantry and day. */
async function orderElsewhere() {
  const shopper = await newShopper("elsewhere");
  const pantries = await apiValue("GET", `/locations?lat=${COLUMBUS.lat}&lng=${COLUMBUS.lng}&radiusMiles=10`);
  const parsons = pantries.find((p) => !/Main Library/.test(p.label) && !p.isRestricted && p.pantryLocationPickupTimes?.length > 1);
  assert.ok(parsons, "another pantry near downtown Columbus");
  const time = parsons.pantryLocationPickupTimes.at(-1);
  const item = (await apiValue("GET", `/locations/${parsons.id}/inventory`)).items.find((i) => i.quantity > 1);
  const orderId = await apiValue("POST", "/order", shopper.jwt, {
    pantryLocationID: parsons.id,
    pantryLocationPickupTimeID: time.id,
    foodBankDeliveryTimeID: null,
    foodInsecureNeighborAddressID: null,
    pantryOrderItems: [{ pantryInventoryItemID: item.id, isSubstituteOk: true, quantity: 1 }],
  });
  return { orderId, pantry: parsons };
}

/** No sideways scroll, and every table inside the window. */
async function fits(page, where) {
  const { scroll, width, tables } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    width: window.innerWidth,
    tables: [...document.querySelectorAll("table")].filter((t) => t.offsetParent !== null).map((t) => Math.ceil(t.getBoundingClientRect().right)),
  }));
  assert.ok(scroll <= width, `${where}: the page is ${scroll} px wide in a ${width} px window`);
  for (const right of tables) assert.ok(right <= width, `${where}: a table ends at ${right} px in a ${width} px window`);
}

const focused = (page) => page.evaluate(() => ({ name: document.activeElement?.getAttribute("name"), text: document.activeElement?.textContent?.trim(), value: document.activeElement?.value }));

describe("staff console", () => {
  let browser;
  before(async () => {
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
  });

  test("at a desk: switch pantry, a whole pickup time made ready, the search, a delivery received, print, the scanner", async () => {
    // Five shoppers at the Main Library's first pickup time; one is cancelled before the pantry packs.
    const orders = [];
    for (let i = 0; i < 5; i++) orders.push(await shopperWithOrder(`console${i}`));
    const { pantryId, day, time } = orders[0];
    const admin = await token("admin@example.org");
    await apiValue("POST", `/staff/orders/${orders[4].orderId}/state`, admin, { action: "cancel", reason: "Moved away" });

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const problems = collectProblems(page);
    await logIn(page, "admin@example.org", "/staff");
    await waitForApp(page);

    // The switcher: Today of the Main Library.
    const switcher = page.locator("form.staff-switcher");
    await switcher.getByRole("combobox", { name: "Pantry" }).selectOption(String(pantryId));
    await switcher.getByRole("button", { name: "Switch" }).click();
    await page.getByRole("heading", { level: 1, name: /Main Library on / }).waitFor();
    await page.getByLabel("Day").fill(day);
    await page.getByRole("button", { name: "Show", exact: true }).click();
    await page.waitForURL((u) => u.searchParams.get("date") === day);
    const slot = page.locator('.staff-today[data-kind="p"] tr', { has: page.locator(`a[href*="from=${time.pickupStartTime.slice(0, 5)}"]`) });
    await slot.getByText(/Cancelled: \d+/).waitFor();
    await assertAccessible(page, "Today");
    await fits(page, "Today at 1280");

    // The time's link opens the queue there; the whole time is marked ready in one action.
    await slot.getByRole("link").click();
    await page.waitForURL((u) => u.pathname === "/staff/orders");
    await page.getByRole("heading", { level: 1, name: /Orders at .*Main Library/ }).waitFor();
    await assertAccessible(page, "the queue");
    await fits(page, "the queue at 1280");
    const group = page.locator(".staff-group", { has: page.locator(`input[value="${orders[0].orderId}"]`) });
    await group.getByRole("group").getByRole("button", { name: "Mark Ready" }).click();
    const report = page.locator(".staff-bulk-report");
    await report.getByText(/^Mark Ready: \d+ orders changed\.$/).waitFor();
    await report.getByRole("link", { name: orderNumber(orders[4].orderId) }).waitFor();
    await report.getByText(/Cancelled/).waitFor();
    for (const o of orders.slice(0, 4)) assert.equal((await apiValue("GET", `/staff/orders/${o.orderId}`, admin)).state, "READY");
    assert.equal((await apiValue("GET", `/staff/orders/${orders[4].orderId}`, admin)).state, "CANCELLED");

    // The layout's search finds an order of another pantry and day by its number, and opens it.
    const other = await orderElsewhere();
    await page.getByRole("searchbox", { name: "Find an order or shopper" }).fill(orderNumber(other.orderId));
    await page.getByRole("searchbox", { name: "Find an order or shopper" }).press("Enter");
    await page.waitForURL((u) => u.pathname === "/staff/find");
    await page.getByText(new RegExp(`^Orders found for “${orderNumber(other.orderId)}”: \\d+$`)).waitFor();
    assert.equal(new URL(page.url()).search, "", "the text searched is in no address");
    await assertAccessible(page, "search results");
    await page.locator(".staff-page").getByRole("link", { name: orderNumber(other.orderId), exact: true }).click();
    await page.waitForURL((u) => u.pathname === `/staff/orders/${other.orderId}`);
    await page.getByRole("heading", { level: 1, name: new RegExp(orderNumber(other.orderId)) }).waitFor();
    await page.locator(".staff-page").getByText(other.pantry.label).first().waitFor();

    // A delivery of 12 items in one post: the preview, then one Apply.
    const stock = await apiValue("GET", `/staff/stock?pantry=${pantryId}`, admin);
    const twelve = stock.items.filter((i) => i.isActive).slice(0, 12);
    assert.equal(twelve.length, 12);
    await page.goto(url(`/staff/stock?pantry=${pantryId}`));
    await waitForApp(page);
    await assertAccessible(page, "stock");
    await fits(page, "stock at 1280");
    for (const item of twelve) await page.locator(`tr[data-item="${item.id}"] input.stock-units`).fill("3");
    await page.getByRole("button", { name: "Preview the changes" }).click();
    await page.getByRole("heading", { level: 1, name: "Import preview" }).waitFor();
    await assertAccessible(page, "the delivery's preview");
    await page.getByRole("button", { name: "Apply" }).click();
    await page.waitForURL((u) => u.pathname === "/staff/stock");
    for (const item of twelve) {
      const history = await apiValue("GET", `/staff/stock/${item.id}`, admin);
      assert.equal(history.item.onHand, item.onHand + 3, item.product);
      assert.deepEqual([history.movements[0].reason, history.movements[0].delta], ["received", 3]);
    }

    // The pick list printed: no console around it, each slip on a sheet of its own.
    await page.goto(url(`/staff/pick-list?pantry=${pantryId}&date=${day}`));
    await waitForApp(page);
    await page.emulateMedia({ media: "print" });
    for (const part of [".staff-side", ".staff-bar", ".staff-menu", ".topbar"]) assert.equal(await page.locator(part).isVisible(), false, part);
    assert.equal(await page.locator(".slip").first().evaluate((el) => getComputedStyle(el).breakBefore), "page");
    await page.emulateMedia({ media: "screen" });

    // The door: a scanner types the number and Enter; Enter again hands the order over.
    await page.goto(url("/staff/check-in"));
    await waitForApp(page);
    assert.equal((await focused(page)).name, "search", "the search has the focus");
    const number = orderNumber(orders[0].orderId);
    await page.keyboard.type(number);
    await page.keyboard.press("Enter");
    await page.getByRole("button", { name: "Check In" }).waitFor();
    assert.equal(new URL(page.url()).search, "", "the number searched is in no address");
    assert.equal((await focused(page)).text, "Check In", "its Check In has the focus");
    await page.keyboard.press("Enter");
    await page.getByText(`Order ${number} is checked in.`).waitFor();
    assert.deepEqual(await focused(page), { name: "search", text: "", value: "" }, "the next search is ready");
    assert.equal((await apiValue("GET", `/staff/orders/${orders[0].orderId}`, admin)).state, "PICKED_UP");
    await assertAccessible(page, "check-in after a hand-over");
    assert.deepEqual(problems, []);
    await context.close();

    // The suites share one server: the orders still waiting are handed over or cancelled, so that
    // no later suite's clock makes no-shows of them (their stock would come back into its counts).
    for (const o of orders.slice(1, 4)) await apiValue("POST", `/staff/orders/${o.orderId}/state`, admin, { action: "checkIn" });
    await apiValue("POST", `/staff/orders/${other.orderId}/state`, admin, { action: "cancel", reason: "Test over" });
  });

  test("every staff page fits a phone and a desk, and passes axe", async () => {
    for (const width of [390, 1280]) {
      const context = await browser.newContext({ viewport: { width, height: 844 } });
      const page = await context.newPage();
      const problems = collectProblems(page);
      await logIn(page, "admin@example.org", "/staff");
      await waitForApp(page);
      // Every section the navigation offers (on a phone, behind its menu).
      const nav = width < 1024 ? page.locator(".staff-menu") : page.locator(".staff-side");
      // The sign-in's navigation has changed the address before the console's page renders.
      await nav.waitFor({ state: "attached" });
      if (width < 1024) await page.locator(".staff-menu > summary").click();
      const links = await nav.locator("a").evaluateAll((as) => as.map((a) => a.getAttribute("href")));
      assert.ok(links.length >= 14, links.join(" "));
      for (const href of links) {
        await page.goto(url(href));
        await waitForApp(page);
        await fits(page, `${href} at ${width}`);
        await assertAccessible(page, `${href} at ${width}`);
      }
      // On a phone the menu opens the queue, whose rows stack.
      if (width < 1024) {
        await page.goto(url("/staff"));
        await page.locator(".staff-menu > summary").click();
        await page.locator(".staff-menu").getByRole("link", { name: "Orders" }).click();
        await page.waitForURL((u) => u.pathname === "/staff/orders");
        await page.getByRole("heading", { level: 1, name: /Orders at / }).waitFor();
      }
      assert.deepEqual(problems, []);
      await context.close();
    }
  });

  test("a page beyond the person's role is the console's one 'not allowed' page", async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await logIn(page, "pantry@example.org", "/staff");
    await waitForApp(page);
    const [answer] = await Promise.all([page.waitForResponse((r) => new URL(r.url()).pathname === "/staff/team"), page.goto(url("/staff/team"))]);
    assert.equal(answer.status(), 403);
    await page.getByRole("alert").getByText("This page is for food bank admins only.").waitFor();
    await assertAccessible(page, "the team page refused to pantry staff");
    await context.close();
  });
});
