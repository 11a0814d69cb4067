// Issue 8, the order area: the list, an order's page with its details, changing the pickup time,
// the delivery window and the pantry, cancelling, and what the server refuses to show or change;
// issue 54's Add to calendar and the account page's private calendar feed.
// Run through `cargo test --test it browser`.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { answerCheckoutQuestions, apiValue, assertAccessible, collectProblems, launch, url, waitForApp } from "./lib.mjs";

const COLUMBUS = { lat: 39.9612, lng: -82.9988 };
const DAY_MS = 24 * 3600 * 1000;
const hex = (id) => id.toString(16).toUpperCase();

async function apiCall(method, path, token, body) {
  const headers = { Accept: "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const res = await fetch(url(`/api/v1${path}`), { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: res.status, body: await res.json() };
}

async function newAccountToken() {
  const email = `ora.${Date.now()}.${Math.random().toString(36).slice(2)}@example.org`;
  const value = await apiValue("POST", "/account", null, {
    firstName: "Ora",
    lastName: "Tester",
    eMailAddress: email,
    password: "a good password 8",
    phoneNumber: "(614) 555-0142",
    isEligible: true,
  });
  await answerCheckoutQuestions(value.jwt);
  return value.jwt;
}

const demoToken = () => apiValue("POST", "/account/login", null, { Username: "demo@example.org", Password: "OrderAhead!demo" });

/** Pickup times at least a day ahead, so the order stays changeable whatever the hour. */
const laterTimes = (pantry) => (pantry.pantryLocationPickupTimes ?? []).filter((t) => new Date(`${t.pickupDay}T00:00:00Z`).getTime() > Date.now() + DAY_MS);

/**
 * Two open pantries of one food bank near 43215, each with two later pickup times on different
 * days, and a product both stock (so the order can move from the first to the second).
 */
async function twoPantriesAndAProduct() {
  const pantries = (await apiValue("GET", `/locations?lat=${COLUMBUS.lat}&lng=${COLUMBUS.lng}&radiusMiles=10`)).filter(
    (p) => !p.isRestricted && new Set(laterTimes(p).map((t) => t.pickupDay)).size >= 2,
  );
  for (const a of pantries) {
    const stockA = (await apiValue("GET", `/locations/${a.id}/inventory`)).items.filter((i) => i.quantity > 1 && (i.effectiveLimit?.limit ?? 1) > 0);
    for (const b of pantries.filter((p) => p.id !== a.id && p.foodBankID === a.foodBankID)) {
      const stockB = (await apiValue("GET", `/locations/${b.id}/inventory`)).items;
      for (const item of stockA) {
        const there = stockB.find((i) => i.pantryItemID === item.pantryItemID && i.quantity > 1 && (i.effectiveLimit?.limit ?? 1) > 0);
        if (there) return { a, b, item, there };
      }
    }
  }
  throw new Error("no two open pantries of one food bank near 43215 stocking the same product");
}

async function quantityAt(pantryId, inventoryId) {
  const { items } = await apiValue("GET", `/locations/${pantryId}/inventory`);
  return items.find((i) => i.id === inventoryId)?.quantity;
}

/** A new account, with the checkout's questions answered: its e-mail, password and token. */
async function newAccount() {
  const email = `cookie.${Date.now()}.${Math.random().toString(36).slice(2)}@example.org`;
  const password = "a good password 8";
  const { jwt } = await apiValue("POST", "/account", null, {
    firstName: "Cora",
    lastName: "Tester",
    eMailAddress: email,
    password,
    phoneNumber: "(614) 555-0143",
    isEligible: true,
  });
  await answerCheckoutQuestions(jwt);
  return { email, password, jwt };
}

/** Signs in through the login form, as a person does (which also sets the session cookie). */
async function signInThroughForm(browser, email, password) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const problems = collectProblems(page);
  await page.goto(url("/account/login"));
  await waitForApp(page);
  await page.getByRole("textbox", { name: "E-Mail" }).fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Login" }).click();
  await page.getByRole("dialog", { name: "Remember Me?" }).getByRole("button", { name: "No" }).click();
  await page.waitForURL((u) => u.pathname === "/");
  return { context, page, problems };
}

async function signedIn(browser, token) {
  const context = await browser.newContext();
  await context.addInitScript((tk) => localStorage.setItem("oa.token", tk), JSON.stringify(token));
  const page = await context.newPage();
  return { context, page, problems: collectProblems(page) };
}

describe("orders", () => {
  let browser;
  before(async () => {
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
  });

  test("without JavaScript, a signed-out visit to /account/orders shows the log-in prompt", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const res = await page.goto(url("/account/orders"));
    assert.equal(res.status(), 200);
    await page.getByRole("heading", { name: "Orders", level: 1 }).waitFor();
    await page.getByText("Please log in to see your orders.").waitFor();
    const logIn = page.getByRole("link", { name: "Log In" });
    assert.equal(await logIn.getAttribute("href"), "/account/login?returnTo=%2Faccount%2Forders");
    // An id that cannot be an order is Not Found from the server already.
    const bad = await page.goto(url("/account/orders/not-an-id"));
    assert.equal(bad.status(), 404);
    await context.close();
  });

  test("a shopper finds an order under Orders, changes its time and pantry, then cancels it", async () => {
    const { a, b, item, there } = await twoPantriesAndAProduct();
    const token = await newAccountToken();
    const [first] = laterTimes(a);
    const beforeA = await quantityAt(a.id, item.id);
    const beforeB = await quantityAt(b.id, there.id);
    const orderId = await apiValue("POST", "/order", token, {
      pantryLocationID: a.id,
      pantryLocationPickupTimeID: first.id,
      foodBankDeliveryTimeID: null,
      foodInsecureNeighborAddressID: null,
      pantryOrderItems: [{ pantryInventoryItemID: item.id, isSubstituteOk: false, quantity: 2 }],
    });
    assert.equal(await quantityAt(a.id, item.id), beforeA - 2);

    const { context, page, problems } = await signedIn(browser, token);
    await page.goto(url("/"));
    await waitForApp(page);
    // The side menu's Orders.
    await page.getByRole("button", { name: "Menu" }).click();
    await page.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name: "Orders" }).click();
    await page.waitForURL((u) => u.pathname === "/account/orders");
    const entry = page.getByRole("listitem").filter({ has: page.getByRole("link", { name: `Order ${hex(orderId)}` }) });
    await entry.getByText("Upcoming").waitFor();
    await entry.getByText(a.label).waitFor();
    await assertAccessible(page, "orders list");

    await entry.getByRole("link", { name: `Order ${hex(orderId)}` }).click();
    await page.waitForURL((u) => u.pathname === `/account/orders/${orderId}`);
    await page.getByRole("heading", { name: `Order ${hex(orderId)}`, level: 1 }).waitFor();
    await page.getByText(a.label).waitFor();
    await assertAccessible(page, "order page");

    // View Order Details lists the lines and the total weight in whole pounds.
    await page.getByRole("button", { name: "View Order Details" }).click();
    await page.getByText(`${item.pantryItem.name} x 2`).waitFor();
    await page.getByText(`${Math.round(2 * item.weightPounds)} lbs`).waitFor();
    await page.getByRole("button", { name: "Hide Order Details" }).click();

    // Change the pickup time: a day, then one of its times.
    await page.getByRole("link", { name: `Change the pickup time of order ${hex(orderId)}` }).click();
    const days = page.getByRole("dialog", { name: "Select Pickup Day" });
    await days.waitFor();
    await assertAccessible(page, "pickup day picker");
    const dayButtons = days.getByRole("list").getByRole("button");
    // The last day: a different one from the order's, the first of the later times.
    await dayButtons.last().click();
    const timesDialog = page.getByRole("dialog", { name: "Select Pickup Time" });
    await timesDialog.getByText(/\d+ Available Pickup Times?/).waitFor();
    await timesDialog.getByRole("list").getByRole("button").first().click();
    await timesDialog.waitFor({ state: "detached" });
    const moved = await apiValue("GET", `/orders/${orderId}`, token);
    assert.notEqual(moved.pantryLocationPickupTimeID, first.id, "the pickup time changed");

    // Change the location to another pantry of the same food bank, and a time there.
    await page.getByRole("link", { name: `Change the pickup location of order ${hex(orderId)}` }).click();
    await page.waitForURL((u) => u.pathname === `/account/orders/${orderId}/location`);
    await page.getByRole("heading", { name: "Change Location", level: 1 }).waitFor();
    await assertAccessible(page, "change location");
    await page.getByRole("button", { name: `Select Pickup Time: ${b.label}` }).click();
    const pickDay = page.getByRole("dialog", { name: "Select Pickup Day" });
    // A later day again, so the order can still be cancelled afterwards.
    await pickDay.getByRole("list").getByRole("button").last().click();
    await page.getByRole("dialog", { name: "Select Pickup Time" }).getByRole("list").getByRole("button").first().click();
    await page.waitForURL((u) => u.pathname === `/account/orders/${orderId}`);
    await page.getByText(b.label).waitFor();
    const relocated = await apiValue("GET", `/orders/${orderId}`, token);
    assert.equal(relocated.pantryLocationID, b.id);
    assert.equal(await quantityAt(a.id, item.id), beforeA, "the first pantry got its stock back");
    assert.equal(await quantityAt(b.id, there.id), beforeB - 2, "the new pantry's stock was taken");

    // Cancel it.
    await page.getByRole("link", { name: "Cancel Order..." }).click();
    await page.waitForURL((u) => u.pathname === `/account/orders/${orderId}/cancel`);
    await page.getByRole("heading", { name: "Cancel Order?", level: 1 }).waitFor();
    await page.getByRole("link", { name: "View Orders" }).waitFor();
    await assertAccessible(page, "cancel order");
    await page.getByRole("button", { name: "Confirm Cancel Order" }).click();
    await page.waitForURL((u) => u.pathname === `/account/orders/${orderId}`);
    await page.getByText("Cancelled", { exact: true }).waitFor();
    assert.equal(await page.getByRole("link", { name: "Cancel Order..." }).count(), 0, "a cancelled order offers no cancel");
    const cancelled = await apiValue("GET", `/orders/${orderId}`, token);
    assert.equal(cancelled.pantryOrderStatusType.isCancelledType, true);
    assert.equal(cancelled.canChangeOrCancel, false);
    assert.equal(await quantityAt(b.id, there.id), beforeB, "cancelling gave the stock back");
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("a delivery order's window changes through Select Delivery Window", async () => {
    const token = await newAccountToken();
    const claim = await apiValue("POST", "/referralcodes/claims", token, ["DELIVERCOH"]);
    assert.ok(claim[0].isAppliedSuccessfully);
    const address = await apiValue("POST", "/account/addresses", token, {
      name: "Home",
      isPrimary: true,
      notes: null,
      address: { addressLine1: "7 Oak St", addressLine2: null, city: "Columbus", province: "OH", postalCode: "43215", countryCode: "USA" },
    });
    const all = await apiValue("GET", "/foodbanks/1/deliverytimes");
    // Later windows with room: a suite sharing the server may have filled one (capacity 1).
    const isLater = (w) => new Date(`${w.deliveryDay}T00:00:00Z`).getTime() > Date.now() + DAY_MS && w.remaining !== 0;
    const first = all.find(isLater);
    const same = all.filter((w) => w.entityDeliveryProgramID === first.entityDeliveryProgramID);
    const other = same.find((w) => w.id !== first.id && isLater(w));
    assert.ok(other, "two later windows of one program");
    const { items } = await apiValue("GET", `/deliverytimes/${first.id}/inventory`);
    const item = items.find((i) => i.quantity > 0 && (i.effectiveLimit?.limit ?? 1) > 0);
    const orderId = await apiValue("POST", "/order", token, {
      pantryLocationID: null,
      pantryLocationPickupTimeID: null,
      foodBankDeliveryTimeID: first.id,
      foodInsecureNeighborAddressID: address.id,
      pantryOrderItems: [{ pantryInventoryItemID: item.id, isSubstituteOk: false, quantity: 1 }],
    });

    const { context, page, problems } = await signedIn(browser, token);
    await page.goto(url(`/account/orders/${orderId}`));
    await waitForApp(page);
    await page.getByText("7 Oak St, Columbus, OH 43215").waitFor();
    await page.getByRole("link", { name: `Change the delivery time of order ${hex(orderId)}` }).click();
    const dialog = page.getByRole("dialog", { name: "Select Delivery Window" });
    await dialog.waitFor();
    await assertAccessible(page, "delivery window picker");
    const radios = dialog.getByRole("radio");
    assert.equal(await radios.count(), same.length, "only the order's delivery program's windows");
    assert.ok(await radios.nth(same.indexOf(first)).isChecked(), "the order's window is preselected");
    await radios.nth(same.indexOf(other)).check();
    await dialog.getByRole("button", { name: "Select" }).click();
    await dialog.waitFor({ state: "detached" });
    const changed = await apiValue("GET", `/orders/${orderId}`, token);
    assert.equal(changed.foodBankDeliveryTimeID, other.id);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("a completed order shows no Change or Cancel; another shopper's order is Not Found", async () => {
    const demo = await demoToken();
    const orders = await apiValue("GET", "/orders", demo);
    const completed = orders.find((o) => o.pantryOrderStatusType.isSuccessfullyCompletedType);
    assert.ok(completed, "the demo shopper has a completed order");

    const own = await signedIn(browser, demo);
    await own.page.goto(url(`/account/orders/${completed.id}`));
    await waitForApp(own.page);
    await own.page.getByRole("heading", { name: `Order ${hex(completed.id)}`, level: 1 }).waitFor();
    await own.page.getByText("Picked up", { exact: true }).waitFor();
    assert.equal(await own.page.getByRole("link", { name: "Cancel Order..." }).count(), 0);
    assert.equal(await own.page.getByRole("button", { name: /^Change/ }).count(), 0);
    assert.equal(await own.page.getByRole("link", { name: /^Change/ }).count(), 0);
    // Its cancel page says why there is nothing to confirm.
    await own.page.goto(url(`/account/orders/${completed.id}/cancel`));
    await own.page.getByText("This order can no longer be changed or cancelled.").waitFor();
    assert.equal(await own.page.getByRole("button", { name: "Confirm Cancel Order" }).count(), 0);
    assert.deepEqual(own.problems, []);
    await own.context.close();

    const stranger = await signedIn(browser, await newAccountToken());
    await stranger.page.goto(url(`/account/orders/${completed.id}`));
    await waitForApp(stranger.page);
    await stranger.page.getByText("Sorry, this page cannot be found.").waitFor();
    assert.equal(await stranger.page.getByText("Picked up", { exact: true }).count(), 0);
    const refused = await apiCall("DELETE", `/orders/${completed.id}`, await newAccountToken());
    assert.equal(refused.status, 404);
    assert.equal(refused.body.successful, false);
    await stranger.context.close();
  });

  test("signed in, /account/orders shows the orders without JavaScript too, until the shopper signs out", async () => {
    const { email, password, jwt } = await newAccount();
    const { a, item } = await twoPantriesAndAProduct();
    const orderId = await apiValue("POST", "/order", jwt, {
      pantryLocationID: a.id,
      pantryLocationPickupTimeID: laterTimes(a)[0].id,
      foodBankDeliveryTimeID: null,
      foodInsecureNeighborAddressID: null,
      pantryOrderItems: [{ pantryInventoryItemID: item.id, isSubstituteOk: false, quantity: 1 }],
    });
    const number = `Order ${hex(orderId)}`;
    // As a whole word: "Order C" (order 12) is also the start of "Order Confirmation".
    const numbered = new RegExp(`${number}\\b`);

    const { context, page, problems } = await signInThroughForm(browser, email, password);
    const session = (await context.cookies()).find((c) => c.name === "oa_session");
    assert.ok(session, "the login set the session cookie");
    assert.equal(session.httpOnly, true);
    assert.equal(session.sameSite, "Lax");
    assert.equal(await page.evaluate(() => document.cookie.includes("oa_session")), false, "scripts cannot read it");

    // The server's HTML already lists the order, and the app hydrates it without a mismatch.
    const res = await page.goto(url("/account/orders"));
    assert.match(await res.text(), numbered, "the order is in the server HTML");
    assert.match(res.headers()["cache-control"], /private, no-store/);
    await waitForApp(page);
    await page.getByRole("link", { name: number }).waitFor();

    // The same person in a browser without JavaScript, holding the same cookie.
    const bare = await browser.newContext({ javaScriptEnabled: false });
    await bare.addCookies(await context.cookies());
    const plain = await bare.newPage();
    await plain.goto(url("/account/orders"));
    const entry = plain.getByRole("listitem").filter({ has: plain.getByRole("link", { name: number }) });
    await entry.getByText("Upcoming").waitFor();
    await entry.getByText(a.label).waitFor();
    assert.equal(await plain.getByText("Please log in to see your orders.").count(), 0);

    // Log Out (Account Details) drops the cookie: the page renders signed out again.
    await page.goto(url("/account"));
    await waitForApp(page);
    await page.getByRole("button", { name: "Log Out", exact: true }).click();
    await page.waitForURL((u) => u.pathname === "/");
    assert.equal((await context.cookies()).find((c) => c.name === "oa_session"), undefined, "the cookie is gone");
    const after = await context.request.get(url("/account/orders"));
    assert.doesNotMatch(await after.text(), numbered, "the signed-out HTML has no order");
    await bare.clearCookies();
    await bare.addCookies(await context.cookies());
    await plain.goto(url("/account/orders"));
    await plain.getByText("Please log in to see your orders.").waitFor();
    assert.equal(await plain.getByRole("link", { name: number }).count(), 0);
    assert.deepEqual(problems, []);
    await bare.close();
    await context.close();
  });

  test("Add to calendar downloads the order's .ics; the account page makes the private feed and resets it", async () => {
    const { email, password, jwt } = await newAccount();
    const { a, item } = await twoPantriesAndAProduct();
    const orderId = await apiValue("POST", "/order", jwt, {
      pantryLocationID: a.id,
      pantryLocationPickupTimeID: laterTimes(a)[0].id,
      foodBankDeliveryTimeID: null,
      foodInsecureNeighborAddressID: null,
      pantryOrderItems: [{ pantryInventoryItemID: item.id, isSubstituteOk: false, quantity: 1 }],
    });
    const { context, page, problems } = await signInThroughForm(browser, email, password);

    // The order page: the link downloads the pickup as a calendar file for this shopper only.
    await page.goto(url(`/account/orders/${orderId}`));
    await waitForApp(page);
    const add = page.getByRole("link", { name: "Add to calendar" });
    const [download] = await Promise.all([page.waitForEvent("download"), add.click()]);
    assert.equal(download.suggestedFilename(), `order-${hex(orderId)}.ics`);
    const file = await context.request.get(url(await add.getAttribute("href")));
    assert.equal(file.status(), 200);
    assert.match(file.headers()["content-type"], /^text\/calendar/);
    assert.match(file.headers()["cache-control"], /private, no-store/);
    const ics = await file.text();
    assert.match(ics, new RegExp(`UID:order-${orderId}@`));
    assert.match(ics, /DTSTART;TZID=America\/New_York:/);
    assert.match(ics, /BEGIN:VALARM[\s\S]*TRIGGER;RELATED=START:-P1D/);
    await assertAccessible(page, "order with Add to calendar");

    // The account page: the feed's address, made, shown once, then reset (the old one is a 404).
    await page.goto(url("/account"));
    await waitForApp(page);
    const calendar = page.getByRole("region", { name: "Calendar" });
    await calendar.getByRole("button", { name: "Get calendar address" }).click();
    const address = page.getByRole("textbox", { name: "Your private calendar address" });
    // On the server's public URL (the test server's is not its port): asked for here by its path.
    const onServer = (shown) => url(new URL(shown).pathname);
    const first = await address.inputValue();
    assert.match(new URL(first).pathname, /^\/calendar\/[\w-]{43}\/orders\.ics$/);
    const feed = await fetch(onServer(first));
    assert.equal(feed.status, 200);
    assert.match(await feed.text(), new RegExp(`UID:order-${orderId}@`));
    await waitForApp(page);
    await assertAccessible(page, "account with the calendar address");
    await page.getByRole("button", { name: "Reset calendar address" }).click();
    await page.waitForFunction((old) => document.querySelector("#calendar-feed-url")?.value !== old, first);
    const second = await address.inputValue();
    assert.notEqual(second, first);
    assert.equal((await fetch(onServer(first))).status, 404, "the old address stops working");
    assert.equal((await fetch(onServer(second))).status, 200);
    // Afterwards the page knows only that there is one.
    await page.goto(url("/account"));
    await page.getByText("You have a calendar address.", { exact: false }).waitFor();
    assert.equal(await address.count(), 0);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("a token the API refuses (401) drops the session cookie too", async () => {
    const { email, password } = await newAccount();
    const { context, page, problems } = await signInThroughForm(browser, email, password);
    assert.ok((await context.cookies()).some((c) => c.name === "oa_session"));
    // The app's copy goes bad (as after a password change elsewhere): its next call is a 401.
    await page.evaluate(() => localStorage.setItem("oa.token", JSON.stringify("not.a.token")));
    await page.goto(url("/account/orders"));
    await page.waitForURL((u) => u.pathname === "/account/login" && u.searchParams.get("expired") === "true");
    assert.equal(await page.evaluate(() => localStorage.getItem("oa.token")), null);
    assert.equal((await context.cookies()).find((c) => c.name === "oa_session"), undefined, "the cookie went with it");
    assert.deepEqual(problems.filter((p) => !/status of 401/.test(p)), []);
    await context.close();
  });

  test("a shopper without orders sees the empty text", async () => {
    const { context, page, problems } = await signedIn(browser, await newAccountToken());
    await page.goto(url("/account/orders"));
    await waitForApp(page);
    await page.getByText("You have no previous orders.").waitFor();
    assert.deepEqual(problems, []);
    await context.close();
  });
});
