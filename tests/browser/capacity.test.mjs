// Slot capacity (issue 24): a pickup time whose capacity is booked shows Full and cannot be chosen,
// on the pantry's page and on an order's Change time page. The demo's Linden Branch takes 2 orders
// per time. Run through `cargo test --test it browser::capacity`.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { apiValue, assertAccessible, launch, newShopper, url, waitForApp } from "./lib.mjs";

const LINDEN = "Columbus Metropolitan Library - Linden Branch";
const DAY_MS = 24 * 3600 * 1000;

async function order(jwt, pantry, timeId, itemId) {
  return apiValue("POST", "/order", jwt, {
    pantryLocationID: pantry.id,
    pantryLocationPickupTimeID: timeId,
    foodBankDeliveryTimeID: null,
    foodInsecureNeighborAddressID: null,
    pantryOrderItems: [{ pantryInventoryItemID: itemId, isSubstituteOk: false, quantity: 1 }],
  });
}

describe("slot capacity", () => {
  let browser;
  before(async () => {
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
  });

  test("a full pickup time shows Full and cannot be chosen", async () => {
    const pantries = await apiValue("GET", "/locations?lat=39.9612&lng=-82.9988&radiusMiles=10");
    const linden = pantries.find((p) => p.label === LINDEN);
    assert.ok(linden, "the demo's Linden Branch is near 43215");
    const detail = await apiValue("GET", `/locations/${linden.id}`);
    const later = detail.pantryLocationPickupTimes.filter((t) => new Date(`${t.pickupDay}T00:00:00Z`).getTime() > Date.now() + DAY_MS);
    // A day with two times: the first fills up, the other stays open.
    const day = later.find((t) => later.filter((x) => x.pickupDay === t.pickupDay).length > 1)?.pickupDay ?? later[0].pickupDay;
    const [full, open] = later.filter((t) => t.pickupDay === day).concat(later.filter((t) => t.pickupDay !== day));
    assert.equal(full.capacity, 2, "Linden's times take two orders");
    assert.equal(full.remaining, 2);
    const item = (await apiValue("GET", `/locations/${linden.id}/inventory`)).items.find((i) => i.quantity > 3 && (i.effectiveLimit?.limit ?? 1) > 0);
    for (let i = 0; i < 2; i++) await order((await newShopper("capacity")).jwt, linden, full.id, item.id);
    const third = await newShopper("capacity");
    const mine = await order(third.jwt, linden, open.id, item.id);
    const after = (await apiValue("GET", `/locations/${linden.id}`)).pantryLocationPickupTimes.find((t) => t.id === full.id);
    assert.equal(after.remaining, 0, "the API shows the time full");

    // The pantry's page: the full time is listed as Full, disabled, and a date picks an open time.
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(url(`/pantries/${linden.id}`));
    await waitForApp(page);
    const days = [...new Set(after ? (await apiValue("GET", `/locations/${linden.id}`)).pantryLocationPickupTimes.map((t) => t.pickupDay) : [])];
    await page.getByRole("group", { name: "Pickup date" }).getByRole("button").nth(days.indexOf(day)).click();
    const select = page.getByRole("combobox", { name: "Pickup time" });
    await select.waitFor();
    const option = select.locator(`option[value="${full.id}"]`);
    assert.match(await option.innerText(), /\(Full\)$/);
    assert.equal(await option.isDisabled(), true);
    assert.notEqual(await select.inputValue(), String(full.id), "choosing the date picks a time with room");
    await assertAccessible(page, "pantry page with a full time");

    // Change time: the full time is offered as Full and cannot be chosen.
    await context.close();
    const noScript = await browser.newContext({ javaScriptEnabled: false });
    const form = await noScript.newPage();
    await form.goto(url(`/account/login?returnTo=${encodeURIComponent(`/account/orders/${mine}/time`)}`));
    await form.getByRole("textbox", { name: "E-Mail" }).fill(third.email);
    await form.getByLabel("Password", { exact: true }).fill(third.password);
    await form.getByRole("button", { name: "Login" }).click();
    await form.waitForURL((u) => u.pathname === `/account/orders/${mine}/time`);
    const radio = form.locator(`input[type=radio][value="${full.id}"]`);
    assert.equal(await radio.isDisabled(), true, "a full time cannot be chosen");
    assert.match(await radio.locator("xpath=..").innerText(), /Full$/);
    assert.equal(await form.locator(`input[type=radio][value="${open.id}"]`).isChecked(), true, "the order's own time stays chosen");
    await noScript.close();
  });
});
