// Staff side 1 (issue 23): a shopper orders at the Main Library; the pantry's staff member finds
// it in the day's queue, starts packing and marks it ready, and the shopper's order says Ready;
// the volunteer at the door finds it by the number the shopper shows and checks it in, and the
// shopper's order is picked up (the green badge). Ready also leaves a message in the shopper's
// Messages and an e-mail (the server's outbox). Run through `cargo test --test it browser::staff`.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { answerCheckoutQuestions, apiValue, assertAccessible, collectProblems, launch, mailText, url, waitForApp } from "./lib.mjs";

const COLUMBUS = { lat: 39.9612, lng: -82.9988 };
const DEMO_PASSWORD = "OrderAhead!demo";
const hex = (id) => id.toString(16).toUpperCase();

/** A new shopper, checkout questions answered, with an order of one item at the Main Library. */
async function shopperWithOrder() {
  const email = `staff.${Date.now()}.${Math.random().toString(36).slice(2)}@example.org`;
  const { jwt } = await apiValue("POST", "/account", null, {
    firstName: "Pat",
    lastName: "Pickup",
    eMailAddress: email,
    password: "a good password 8",
    phoneNumber: "(614) 555-0177",
    isEligible: true,
  });
  await answerCheckoutQuestions(jwt);
  const pantries = await apiValue("GET", `/locations?lat=${COLUMBUS.lat}&lng=${COLUMBUS.lng}&radiusMiles=10`);
  const main = pantries.find((p) => /Main Library/.test(p.pantryLocationLabel ?? p.label ?? p.name ?? ""));
  assert.ok(main, "the Main Library is near downtown Columbus");
  const time = main.pantryLocationPickupTimes[0];
  const item = (await apiValue("GET", `/locations/${main.id}/inventory`)).items.find((i) => i.quantity > 1 && (i.effectiveLimit?.limit ?? 1) > 0);
  const orderId = await apiValue("POST", "/order", jwt, {
    pantryLocationID: main.id,
    pantryLocationPickupTimeID: time.id,
    foodBankDeliveryTimeID: null,
    foodInsecureNeighborAddressID: null,
    pantryOrderItems: [{ pantryInventoryItemID: item.id, isSubstituteOk: true, quantity: 1 }],
  });
  return { email, jwt, orderId, pantryId: main.id, day: time.pickupDay };
}

async function logIn(page, email, returnTo, password = DEMO_PASSWORD) {
  await page.goto(url(`/account/login?returnTo=${encodeURIComponent(returnTo)}`));
  await waitForApp(page);
  await page.getByRole("textbox", { name: "E-Mail" }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Login" }).click();
  await page.getByRole("dialog", { name: "Remember Me?" }).getByRole("button", { name: "No" }).click();
  await page.waitForURL((u) => u.pathname === returnTo.split("?")[0]);
}

describe("staff side", () => {
  let browser;
  before(async () => {
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
  });

  test("staff pack an order, the volunteer checks it in, the shopper sees each step", async () => {
    const { email, jwt, orderId, pantryId, day } = await shopperWithOrder();
    const number = hex(orderId);

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
    await page.getByText("Pat Pickup").first().waitFor();
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
    await logIn(shopper, email, `/account/orders/${orderId}`, "a good password 8");
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
    await door.waitForURL((u) => u.searchParams.get("search") === number);
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

  test("a shopper gets no staff page and no staff call", async () => {
    const { email, jwt, orderId } = await shopperWithOrder();
    const context = await browser.newContext();
    const page = await context.newPage();
    await logIn(page, email, "/account/orders", "a good password 8");
    const [answer] = await Promise.all([page.waitForResponse((r) => new URL(r.url()).pathname === `/staff/orders/${orderId}`), page.goto(url(`/staff/orders/${orderId}`))]);
    assert.equal(answer.status(), 403);
    await page.getByText("This page is for pantry staff only.").waitFor();
    await assertAccessible(page, "staff page refused to a shopper");
    const res = await page.request.get(url(`/api/v1/staff/check-in?search=${hex(orderId)}`), { headers: { authorization: `Bearer ${jwt}` } });
    assert.equal(res.status(), 403);
    await context.close();
  });
});
