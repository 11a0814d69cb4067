// Slot capacity (issues 24 and 47): a pickup time whose capacity is booked shows Full and cannot be
// chosen anywhere a time is chosen (the pantry list's entries and its time picker, the pantry's
// page, an order's Change time page); at checkout a time that has become full is no longer offered
// (Choose Time picks another), and the cart survives a new time at the same pantry. The demo's
// Linden Branch takes 2 orders per time. Run through `cargo test --test it browser::capacity`.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { apiValue, assertAccessible, collectProblems, launch, newShopper, url, waitForApp } from "./lib.mjs";

const LINDEN = "Columbus Metropolitan Library - Linden Branch";
const DAY_MS = 24 * 3600 * 1000;
/** Spec §9: a day with more times than this is one entry of the pantry list, opening the time picker. */
const COLLAPSE_OVER = 3;

async function order(jwt, pantry, timeId, itemId) {
  return apiValue("POST", "/order", jwt, {
    pantryLocationID: pantry.id,
    pantryLocationPickupTimeID: timeId,
    foodBankDeliveryTimeID: null,
    foodInsecureNeighborAddressID: null,
    pantryOrderItems: [{ pantryInventoryItemID: itemId, isSubstituteOk: false, quantity: 1 }],
  });
}

/** The Linden Branch as the pantry list's API gives it, with an item that has stock for many orders. */
async function linden() {
  const pantries = await apiValue("GET", "/locations?lat=39.9612&lng=-82.9988&radiusMiles=10");
  const pantry = pantries.find((p) => p.label === LINDEN);
  assert.ok(pantry, "the demo's Linden Branch is near 43215");
  const { items } = await apiValue("GET", `/locations/${pantry.id}/inventory`);
  const item = items.filter((i) => (i.effectiveLimit?.limit ?? 1) > 0).sort((a, b) => b.quantity - a.quantity)[0];
  assert.ok(item?.quantity > 20, "an item with stock for the suite's orders");
  return { pantry, item };
}

/** The pantry's times now, as the server counts their room. */
const timesOf = (pantry) => apiValue("GET", `/locations/${pantry.id}/pickuptimes`);

/** Times of days that start more than a day from now (none of them passes while a test runs), by day. */
async function laterDays(pantry) {
  const days = new Map();
  for (const t of await timesOf(pantry)) {
    if (new Date(`${t.pickupDay}T00:00:00Z`).getTime() <= Date.now() + DAY_MS) continue;
    days.set(t.pickupDay, [...(days.get(t.pickupDay) ?? []), t]);
  }
  return [...days.values()];
}

/** Other shoppers book the time's last places through the API. */
async function fill(pantry, time, item) {
  const { remaining } = (await timesOf(pantry)).find((t) => t.id === time.id);
  for (let i = 0; i < remaining; i++) await order((await newShopper("capacity")).jwt, pantry, time.id, item.id);
  const after = (await timesOf(pantry)).find((t) => t.id === time.id);
  assert.equal(after.remaining, 0, "the API shows the time full");
}

/** A signed-in shopper's device with a cart and a pickup time at the pantry, as the shop leaves it. */
async function seedDevice(page, { pantry, time, item, token }) {
  await page.goto(url("/"));
  await waitForApp(page);
  await page.evaluate(
    ({ pantry, time, item, token }) => {
      localStorage.setItem("oa.pantry", JSON.stringify(pantry));
      localStorage.setItem("oa.pickupTime", JSON.stringify(time));
      localStorage.setItem("oa.foodBank", JSON.stringify({ id: pantry.foodBankID }));
      localStorage.setItem("oa.cart", JSON.stringify([item]));
      if (token) localStorage.setItem("oa.token", JSON.stringify(token));
    },
    { pantry, time, item, token },
  );
}

const stored = (page, key) => page.evaluate((k) => JSON.parse(localStorage.getItem(k)), `oa.${key}`);

/**
 * Choose Time at checkout: the day of `full` (days in the order the API lists them), where `full` is
 * listed as Full and cannot be chosen, then the first time of that day with room.
 */
async function chooseAnotherTime(page, pantry, full) {
  await page.getByRole("button", { name: "Choose Time" }).click();
  const days = [...new Set((await timesOf(pantry)).map((t) => t.pickupDay))];
  await page.getByRole("dialog", { name: "Select Pickup Day" }).getByRole("listitem").nth(days.indexOf(full.pickupDay)).getByRole("button").click();
  const dialog = page.getByRole("dialog", { name: "Select Pickup Time" });
  const sameDay = (await timesOf(pantry)).filter((t) => t.pickupDay === full.pickupDay);
  const choices = dialog.getByRole("listitem").getByRole("button");
  const shown = choices.nth(sameDay.findIndex((t) => t.id === full.id));
  assert.match(await shown.innerText(), /Full$/);
  assert.equal(await shown.isDisabled(), true, "a full time cannot be chosen");
  const open = sameDay.findIndex((t) => t.remaining !== 0);
  assert.ok(open >= 0, "the day has a time with room");
  await choices.nth(open).click();
  await dialog.waitFor({ state: "detached" });
  assert.equal((await stored(page, "pickupTime")).id, sameDay[open].id, "the new time is the selection");
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

  test("the pantry list shows a full time as Full: its entry and the time picker's option cannot be chosen", async () => {
    const { pantry, item } = await linden();
    const days = await laterDays(pantry);
    // A day of one time is its own entry; a day of more times is one entry that opens the picker.
    const single = days.find((d) => d.length <= COLLAPSE_OVER && d.some((t) => t.remaining !== 0))?.find((t) => t.remaining !== 0);
    const collapsed = days.find((d) => d.length > COLLAPSE_OVER && d.slice(1).some((t) => t.remaining !== 0));
    assert.ok(single && collapsed, "Linden has days of one time and days of more");
    await fill(pantry, single, item);
    await fill(pantry, collapsed[0], item);
    // Every entry the server now has full: a day of few times, each of its full times.
    const now = await timesOf(pantry);
    const perDay = (day) => now.filter((t) => t.pickupDay === day);
    const fullEntries = now.filter((t) => t.remaining === 0 && perDay(t.pickupDay).length <= COLLAPSE_OVER).length;

    const context = await browser.newContext();
    const page = await context.newPage();
    const problems = collectProblems(page);
    await page.goto(url("/pantries?zip=43215"));
    await waitForApp(page);
    const card = page.getByRole("list", { name: "Pantries" }).locator(":scope > li").filter({ has: page.getByRole("heading", { name: LINDEN }) });
    await card.getByRole("button", { name: "View More" }).click();
    await card.getByRole("button", { name: "View More" }).waitFor({ state: "detached" });
    const entries = card.getByRole("list", { name: /^Pickup times/ }).getByRole("button");
    const full = entries.filter({ hasText: /\(Full\)$/ });
    assert.equal(await full.count(), fullEntries, "each full time's entry says Full");
    for (let i = 0; i < fullEntries; i++) assert.equal(await full.nth(i).isDisabled(), true, "a full entry cannot be chosen");

    // The collapsed day's picker: its full first time is listed as Full and disabled; another is preselected.
    const days2 = card.locator('button[aria-haspopup="dialog"]');
    assert.ok((await days2.count()) > 0, "the collapsed days open the time picker");
    let found = false;
    for (let i = 0; i < (await days2.count()) && !found; i++) {
      await days2.nth(i).click();
      const dialog = page.getByRole("dialog", { name: "Choose a pickup time" });
      await dialog.waitFor();
      const select = dialog.getByRole("combobox", { name: "Pickup time" });
      if ((await select.locator(`option[value="${collapsed[0].id}"]`).count()) === 0) {
        await page.keyboard.press("Escape");
        await dialog.waitFor({ state: "detached" });
        continue;
      }
      found = true;
      const option = select.locator(`option[value="${collapsed[0].id}"]`);
      assert.match(await option.innerText(), /\(Full\)$/);
      assert.equal(await option.isDisabled(), true, "a full time cannot be chosen in the picker");
      const preselected = Number(await select.inputValue());
      assert.notEqual(preselected, collapsed[0].id, "the picker preselects a time with room");
      assert.notEqual(perDay(collapsed[0].pickupDay).find((t) => t.id === preselected)?.remaining, 0);
      await assertAccessible(page, "the list's time picker with a full time");
      await dialog.getByRole("button", { name: "Ok" }).click();
      await dialog.waitFor({ state: "detached" });
      await page.getByRole("button", { name: "Pick Up Here" }).waitFor();
    }
    assert.ok(found, "the full time's day is one of the card's collapsed entries");
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("at checkout a time that has become full is no longer valid: Choose Time picks another and the cart is kept", async () => {
    const { pantry, item } = await linden();
    const day = (await laterDays(pantry)).find((d) => d.filter((t) => t.remaining !== 0).length > 2);
    const time = day.filter((t) => t.remaining !== 0).at(-1);
    const shopper = await newShopper("capacity");
    const context = await browser.newContext();
    const page = await context.newPage();
    const problems = collectProblems(page);
    await seedDevice(page, { pantry, time, item, token: shopper.jwt });
    // Others book its last places while the shopper still has it in their selection.
    await fill(pantry, time, item);
    await page.goto(url("/cart/schedulepickup"));
    await page.getByText("Your selected pickup time is no longer valid. Please choose a new pickup time:").waitFor();
    assert.equal(new URL(page.url()).pathname, "/cart/schedulepickup/pickup");
    await chooseAnotherTime(page, pantry, time);
    await page.getByRole("button", { name: "Place Order" }).waitFor();
    assert.equal((await stored(page, "cart")).length, 1, "the cart survives the new time");
    await page.getByRole("button", { name: "Place Order" }).click();
    await page.waitForURL((u) => u.pathname.startsWith("/cart/confirmation/"));
    const id = Number(new URL(page.url()).pathname.split("/").pop());
    const placed = await apiValue("GET", `/orders/${id}`, shopper.jwt);
    assert.notEqual(placed.pantryLocationPickupTimeID, time.id);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("a time that fills after the pickup check is refused at Place Order with Choose Time; the cart is kept", async () => {
    const { pantry, item } = await linden();
    const day = (await laterDays(pantry)).find((d) => d.filter((t) => t.remaining !== 0).length > 2);
    const time = day.filter((t) => t.remaining !== 0).at(-1);
    const shopper = await newShopper("capacity");
    const context = await browser.newContext();
    const page = await context.newPage();
    const problems = collectProblems(page);
    await seedDevice(page, { pantry, time, item, token: shopper.jwt });
    await page.goto(url("/cart/schedulepickup"));
    const place = page.getByRole("button", { name: "Place Order" });
    await place.waitFor();
    // The time fills between the pickup check and Place Order.
    await fill(pantry, time, item);
    await place.click();
    await page.getByRole("alert").filter({ hasText: "This pickup time is full. Please choose another time." }).waitFor();
    assert.equal(await page.getByRole("link", { name: "Review Cart" }).count(), 0, "the way on is Choose Time, not Review Cart");
    await chooseAnotherTime(page, pantry, time);
    assert.equal((await stored(page, "cart")).length, 1, "the cart survives the new time");
    await place.click();
    await page.waitForURL((u) => u.pathname.startsWith("/cart/confirmation/"));
    assert.deepEqual(problems.filter((p) => !/status of 422/.test(p)), []);
    await context.close();
  });

  test("Change Pickup Site keeps the cart when the shopper picks another time at the same pantry", async () => {
    const { pantry, item } = await linden();
    const days = await laterDays(pantry);
    const time = days[0].find((t) => t.remaining !== 0) ?? days.flat().find((t) => t.remaining !== 0);
    const context = await browser.newContext();
    const page = await context.newPage();
    const problems = collectProblems(page);
    await seedDevice(page, { pantry, time, item });
    await page.goto(url(`/products?pantry=${pantry.id}`));
    await waitForApp(page);
    await page.getByRole("banner").getByRole("link", { name: "Cart, 1 item" }).waitFor();
    await page.getByRole("link", { name: "Change Pickup Site" }).click();
    await page.waitForURL((u) => u.pathname !== "/products");
    assert.equal(await stored(page, "pickupTime"), null, "the time is no longer chosen");
    assert.equal((await stored(page, "cart"))?.length, 1, "the cart stays until another site is chosen");

    // The same pantry's page: a day with room, its first time with room, Confirm.
    await page.goto(url(`/pantries/${pantry.id}`));
    await waitForApp(page);
    const all = await timesOf(pantry);
    const listed = [...new Set(all.map((t) => t.pickupDay))];
    const other = all.find((t) => t.remaining !== 0 && t.id !== time.id);
    await page.getByRole("group", { name: "Pickup date" }).getByRole("button").nth(listed.indexOf(other.pickupDay)).click();
    await page.getByRole("button", { name: "Confirm Your Pickup" }).click();
    // The shop opens at /products, then at the stored site's own address, whose items are there.
    await page.waitForURL((u) => u.pathname === "/products" && u.searchParams.get("pantry") === String(pantry.id));
    await page.getByRole("heading", { level: 2 }).first().waitFor();
    assert.equal(await page.getByRole("dialog").count(), 0, "no warning, nothing taken out: the site did not change");
    assert.equal((await stored(page, "pantry")).id, pantry.id);
    assert.equal((await stored(page, "cart")).length, 1, "the cart survives a new time at the same pantry");
    await page.getByRole("banner").getByRole("link", { name: "Cart, 1 item" }).waitFor();
    assert.deepEqual(problems.filter((p) => !p.includes("/products")), []);
    await context.close();
  });
});
