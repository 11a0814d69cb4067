// Delivery windows (issue 24 item 1): the food bank's admin adds weekly delivery hours with room
// for one order per window on /staff/delivery-schedule (a refused row is shown at its field first);
// the server publishes the windows, a shopper books the new one, and a second shopper changing the
// time of their delivery order finds it Full and cannot choose it. The suite cleans up after
// itself (the server is shared with the other suites). Run through
// `cargo test --test it browser::delivery_schedule`.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { DEMO_PASSWORD, apiValue, assertAccessible, collectProblems, launch, logIn, newShopper, waitForApp } from "./lib.mjs";

const ADMIN = "admin@example.org";
const DAY_MS = 24 * 3600 * 1000;

/** The food bank's local date `days` from now (YYYY-MM-DD) and its weekday (0 = Monday). */
function ahead(days) {
  const day = new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York" }).format(new Date(Date.now() + days * DAY_MS));
  return { day, weekday: (new Date(`${day}T12:00:00Z`).getUTCDay() + 6) % 7 };
}

/** A new shopper allowed home delivery (the food bank's delivery code), with a saved address. */
async function deliveryShopper() {
  const shopper = await newShopper("delivery");
  const [claim] = await apiValue("POST", "/referralcodes/claims", shopper.jwt, ["DELIVERCOH"]);
  assert.ok(claim.isAppliedSuccessfully, JSON.stringify(claim));
  const address = await apiValue("POST", "/account/addresses", shopper.jwt, {
    name: "Home",
    isPrimary: true,
    address: { addressLine1: "2 High St", city: "Columbus", province: "OH", postalCode: "43215" },
  });
  return { ...shopper, addressId: address.id };
}

async function deliveryOrder(shopper, window) {
  const { items } = await apiValue("GET", `/deliverytimes/${window.id}/inventory`);
  const item = items.find((i) => (i.quantity ?? 2) > 1 && (i.effectiveLimit?.limit ?? 1) > 0);
  assert.ok(item, "an item the window's stock can give");
  return apiValue("POST", "/order", shopper.jwt, {
    pantryLocationID: null,
    pantryLocationPickupTimeID: null,
    foodBankDeliveryTimeID: window.id,
    foodInsecureNeighborAddressID: shopper.addressId,
    pantryOrderItems: [{ pantryInventoryItemID: item.id, isSubstituteOk: true, quantity: 1 }],
  });
}

describe("delivery schedules", () => {
  let browser;
  before(async () => {
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
  });

  test("an admin adds delivery hours of one order a window; the booked window is Full for the next shopper", async () => {
    const { day, weekday } = ahead(4);
    const context = await browser.newContext();
    const page = await context.newPage();
    const problems = collectProblems(page);
    await logIn(page, ADMIN, "/staff/delivery-schedule");
    await waitForApp(page);
    const weeklyForm = page.locator("form", { has: page.getByRole("combobox", { name: "Day of the week" }) });

    // Hours that end before they start are refused at their field, the typed values kept.
    await weeklyForm.getByLabel("From").fill("06:00");
    await weeklyForm.getByLabel("Until").fill("05:00");
    const refused = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/staff/delivery-schedule");
    await weeklyForm.getByRole("button", { name: "Add hours" }).click();
    assert.equal((await refused).status(), 422);
    await weeklyForm.getByText("The end must be after the start.").waitFor();
    assert.equal(await weeklyForm.getByLabel("From").inputValue(), "06:00");
    await assertAccessible(page, "delivery schedule with a refused row");

    // 05:00–06:00 on the day's weekday: one window of an hour with room for one order.
    await weeklyForm.getByRole("combobox", { name: "Day of the week" }).selectOption(String(weekday));
    await weeklyForm.getByLabel("From").fill("05:00");
    await weeklyForm.getByLabel("Until").fill("06:00");
    await weeklyForm.getByLabel("Window length (minutes)").fill("60");
    await weeklyForm.getByLabel("Orders per window (empty: unlimited)").fill("1");
    await weeklyForm.getByRole("button", { name: "Add hours" }).click();
    await page.getByRole("status").filter({ hasText: "The hours were added and their delivery windows published." }).waitFor();
    await page.getByRole("cell", { name: "5am–6am", exact: true }).waitFor();
    await assertAccessible(page, "delivery schedule with weekly hours");

    // The server published the window: shoppers see it with its capacity.
    const windows = await apiValue("GET", "/foodbanks/1/deliverytimes");
    const fresh = windows.find((w) => w.deliveryDay === day && w.deliveryStartTime.startsWith("05:00"));
    assert.ok(fresh, `a 05:00 window on ${day}: ${JSON.stringify(windows.slice(0, 3))}`);
    assert.equal(fresh.capacity, 1);
    assert.equal(fresh.remaining, 1);

    // One shopper books it; another, changing their own delivery's time, finds it Full.
    const first = await deliveryShopper();
    const taken = await deliveryOrder(first, fresh);
    const second = await deliveryShopper();
    // A window of the same program: Change offers an order only its own program's windows (on
    // Tuesdays and Thursdays the next window with room can be the senior program's).
    const other = windows.find((w) => w.id !== fresh.id && w.remaining !== 0 && w.entityDeliveryProgramID === fresh.entityDeliveryProgramID);
    assert.ok(other, "another window of the program with room");
    const mine = await deliveryOrder(second, other);
    const shopper = await browser.newContext();
    const orderPage = await shopper.newPage();
    const shopperProblems = collectProblems(orderPage);
    await logIn(orderPage, second.email, `/account/orders/${mine}/time`, second.password);
    await waitForApp(orderPage);
    const radio = orderPage.locator(`input[type=radio][value="${fresh.id}"]`);
    await radio.waitFor({ state: "attached" });
    assert.equal(await radio.isDisabled(), true, "a full window cannot be chosen");
    assert.match(await orderPage.locator("label", { has: radio }).innerText(), /· Full$/);
    await assertAccessible(orderPage, "change time with a full delivery window");
    assert.deepEqual(shopperProblems, [], "no console errors on the shopper's page");
    await shopper.close();

    // Clean up for the suites that share the server: both orders cancelled (which frees the
    // window), the hours removed (the window stays: cancelled orders still name it).
    await apiValue("DELETE", `/orders/${taken}`, first.jwt);
    await apiValue("DELETE", `/orders/${mine}`, second.jwt);
    const token = await apiValue("POST", "/account/login", null, { Username: ADMIN, Password: DEMO_PASSWORD });
    const schedule = await apiValue("GET", "/staff/delivery-schedule", token);
    const added = schedule.entries.filter((e) => e.weekday === weekday && e.opens === "05:00");
    assert.equal(added.length, 1);
    await apiValue("DELETE", `/staff/delivery-schedule/${added[0].id}`, token);
    const left = (await apiValue("GET", "/foodbanks/1/deliverytimes")).find((w) => w.id === fresh.id);
    assert.equal(left?.remaining, 1, "the cancelled order gave its place back");
    assert.deepEqual(problems.filter((p) => !/status of 422/.test(p)), [], "no console errors on the delivery schedule page but the refused form's answer");
    await context.close();
  });
});
