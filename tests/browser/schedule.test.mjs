// Schedules and closed days (issue 24 items 1 and 3): staff add weekly hours with 2 orders per slot
// on the schedule page and shoppers see the new time on the pantry's page; with two orders in it a
// third shopper finds it Full; staff close the day and the booked shopper reads the message, follows
// its link to Change Time and moves the order. The suite cleans up after itself (the server is
// shared with the other suites). Run through `cargo test --test it browser::schedule`.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { apiValue, assertAccessible, collectProblems, launch, logIn, newShopper, url, waitForApp } from "./lib.mjs";

const DRIVING_PARK = "Columbus Metropolitan Library - Driving Park Branch";
const DEMO_PASSWORD = "OrderAhead!demo";
const DAY_MS = 24 * 3600 * 1000;

/** The pantry's local date `days` from now (YYYY-MM-DD) and its weekday (0 = Monday). */
function ahead(days) {
  const day = new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York" }).format(new Date(Date.now() + days * DAY_MS));
  return { day, weekday: (new Date(`${day}T12:00:00Z`).getUTCDay() + 6) % 7 };
}

async function order(jwt, pantryId, timeId, itemId) {
  return apiValue("POST", "/order", jwt, {
    pantryLocationID: pantryId,
    pantryLocationPickupTimeID: timeId,
    foodBankDeliveryTimeID: null,
    foodInsecureNeighborAddressID: null,
    pantryOrderItems: [{ pantryInventoryItemID: itemId, isSubstituteOk: false, quantity: 1 }],
  });
}

describe("schedules", () => {
  let browser;
  before(async () => {
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
  });

  test("staff schedule hours shoppers book until Full, then close the day and the shopper moves", async () => {
    const pantries = await apiValue("GET", "/locations?lat=39.9612&lng=-82.9988&radiusMiles=10");
    const park = pantries.find((p) => p.label === DRIVING_PARK);
    assert.ok(park, "the demo staff's second pantry is near 43215");
    const { day, weekday } = ahead(3);
    const staff = await browser.newContext();
    const page = await staff.newPage();
    const problems = collectProblems(page);
    await logIn(page, "pantry@example.org", `/staff/schedule?pantry=${park.id}`);

    // Hours that close before they open are refused at the Closes field, the typed values kept.
    const weeklyForm = page.locator("form", { has: page.getByRole("combobox", { name: "Day of the week" }) });
    await waitForApp(page);
    await weeklyForm.getByLabel("Opens").fill("05:00");
    await weeklyForm.getByLabel("Closes").fill("04:00");
    const refused = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/staff/schedule");
    await weeklyForm.getByRole("button", { name: "Add hours" }).click();
    assert.equal((await refused).status(), 422);
    await weeklyForm.getByText("The closing time must be after the opening time.").waitFor();
    assert.equal(await weeklyForm.getByLabel("Opens").inputValue(), "05:00");
    assert.match((await weeklyForm.getByLabel("Closes").getAttribute("aria-describedby")) ?? "", /closes-error$/);

    // Weekly hours: 04:00–05:00 on the day's weekday, one slot of an hour, 2 orders each.
    await weeklyForm.getByRole("combobox", { name: "Day of the week" }).selectOption(String(weekday));
    await weeklyForm.getByLabel("Opens").fill("04:00");
    await weeklyForm.getByLabel("Closes").fill("05:00");
    await weeklyForm.getByLabel("Slot length (minutes)").fill("60");
    await weeklyForm.getByLabel("Orders per slot (empty: unlimited)").fill("2");
    await weeklyForm.getByRole("button", { name: "Add hours" }).click();
    await page.getByRole("status").filter({ hasText: "The hours were added" }).waitFor();
    await page.getByRole("cell", { name: "4am–5am", exact: true }).waitFor();
    await assertAccessible(page, "schedule page with weekly hours");

    // A shopper sees the new time on the pantry's page.
    const detail = await apiValue("GET", `/locations/${park.id}`);
    const time = detail.pantryLocationPickupTimes.find((t) => t.pickupDay === day && t.pickupStartTime.startsWith("04:00"));
    assert.ok(time, `a 04:00 time on ${day}`);
    assert.equal(time.capacity, 2);
    const days = [...new Set(detail.pantryLocationPickupTimes.map((t) => t.pickupDay))];
    const visitor = await browser.newContext();
    const shop = await visitor.newPage();
    await shop.goto(url(`/pantries/${park.id}`));
    await waitForApp(shop);
    await shop.getByRole("group", { name: "Pickup date" }).getByRole("button").nth(days.indexOf(day)).click();
    const select = shop.getByRole("combobox", { name: "Pickup time" });
    const option = select.locator(`option[value="${time.id}"]`);
    await option.waitFor({ state: "attached" });
    assert.equal(await option.isDisabled(), false);

    // Two shoppers book it; the third finds it Full.
    const item = (await apiValue("GET", `/locations/${park.id}/inventory`)).items.find((i) => i.quantity > 3 && (i.effectiveLimit?.limit ?? 1) > 0);
    const booked = await newShopper("schedule");
    const bookedOrder = await order(booked.jwt, park.id, time.id, item.id);
    await order((await newShopper("schedule")).jwt, park.id, time.id, item.id);
    await shop.reload();
    await waitForApp(shop);
    await shop.getByRole("group", { name: "Pickup date" }).getByRole("button").nth(days.indexOf(day)).click();
    const full = shop.getByRole("combobox", { name: "Pickup time" }).locator(`option[value="${time.id}"]`);
    await full.waitFor({ state: "attached" });
    assert.match(await full.innerText(), /\(Full\)$/);
    assert.equal(await full.isDisabled(), true);
    await visitor.close();

    // Staff close the day: the booked orders are listed for them.
    const closeForm = page.locator("form", { has: page.getByLabel("Reason shoppers see") });
    await closeForm.getByLabel("First closed day").fill(day);
    await closeForm.getByLabel("Reason shoppers see").fill("Staff training");
    await closeForm.getByRole("button", { name: "Close these days" }).click();
    await page.getByRole("status").filter({ hasText: "The days were closed" }).waitFor();
    await page.getByText("2 orders are still booked on these days").waitFor();
    await page.getByRole("link", { name: new RegExp(`^${bookedOrder.toString(16).toUpperCase()} ·`) }).waitFor();
    await assertAccessible(page, "schedule page with a closed day");

    // The booked shopper reads the message, follows its link and moves the order.
    const mine = await browser.newContext();
    const inbox = await mine.newPage();
    await logIn(inbox, booked.email, "/messages", booked.password);
    await inbox.getByRole("button", { name: /Please choose another pickup time/ }).click();
    const dialog = inbox.getByRole("dialog", { name: "Please choose another pickup time" });
    await dialog.getByText("Staff training").waitFor();
    await dialog.getByRole("link", { name: "Choose another time" }).click();
    await inbox.waitForURL((u) => u.pathname === `/account/orders/${bookedOrder}/time`);
    await waitForApp(inbox);
    const other = (await apiValue("GET", `/locations/${park.id}`)).pantryLocationPickupTimes.find((t) => t.pickupDay !== day && t.remaining !== 0);
    assert.ok(other, "an open time on another day");
    await inbox.locator(`input[type=radio][value="${other.id}"]`).check();
    await inbox.getByRole("button", { name: "Select" }).click();
    await inbox.waitForURL((u) => u.pathname === `/account/orders/${bookedOrder}`);
    const moved = await apiValue("GET", `/orders/${bookedOrder}`, booked.jwt);
    assert.equal(moved.pantryLocationPickupTime.id, other.id);
    await mine.close();

    // Clean up for the suites that share the server: the day open again, the hours removed.
    const token = await apiValue("POST", "/account/login", null, { Username: "pantry@example.org", Password: DEMO_PASSWORD });
    const schedule = await apiValue("GET", `/staff/schedule?pantry=${park.id}`, token);
    for (const c of schedule.closedDays) await apiValue("DELETE", `/staff/closed-days/${c.id}`, token);
    for (const e of schedule.entries) await apiValue("DELETE", `/staff/schedule/${e.id}`, token);
    assert.deepEqual(problems.filter((p) => !/status of 422/.test(p)), [], "no console errors on the schedule page but the refused form's answer");
    await staff.close();
  });
});
