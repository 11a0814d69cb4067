// Issue 20, forms before JavaScript: with scripts off, a shopper logs in and sees their orders,
// cancels one, signs out, resets the password from the mailed link, claims a referral code and
// fixes a refused registration without typing it again; with scripts on but the app's bundle held
// back, a login sent before hydration signs in. Run through `cargo test --test it browser::forms`.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { apiValue, assertAccessible, collectProblems, launch, mailedLinkPath, newShopper, url, waitForApp } from "./lib.mjs";


const COLUMBUS = { lat: 39.9612, lng: -82.9988 };
const DAY_MS = 24 * 3600 * 1000;
const hex = (id) => id.toString(16).toUpperCase();

const newAccount = () => newShopper("forms");

/** An order a day or more ahead at an open pantry near 43215, so it can still be cancelled. */
async function placeOrder(jwt) {
  const later = (p) => (p.pantryLocationPickupTimes ?? []).filter((t) => new Date(`${t.pickupDay}T00:00:00Z`).getTime() > Date.now() + DAY_MS);
  const pantries = await apiValue("GET", `/locations?lat=${COLUMBUS.lat}&lng=${COLUMBUS.lng}&radiusMiles=10`);
  for (const p of pantries.filter((p) => !p.isRestricted && later(p).length > 0)) {
    const item = (await apiValue("GET", `/locations/${p.id}/inventory`)).items.find((i) => i.quantity > 1 && (i.effectiveLimit?.limit ?? 1) > 0);
    if (!item) continue;
    return apiValue("POST", "/order", jwt, {
      pantryLocationID: p.id,
      pantryLocationPickupTimeID: later(p)[0].id,
      foodBankDeliveryTimeID: null,
      foodInsecureNeighborAddressID: null,
      pantryOrderItems: [{ pantryInventoryItemID: item.id, isSubstituteOk: false, quantity: 1 }],
    });
  }
  throw new Error("no open pantry near 43215 with a later pickup time and stock");
}

/**
 * axe on a page as a browser without scripts shows it (axe itself needs them): its HTML served
 * again, with its styles, to a page of a scripted context where the app's scripts never load.
 */
async function assertAccessibleWithoutScripts(browser, page, where) {
  const html = await page.content();
  const target = page.url();
  const context = await browser.newContext();
  const probe = await context.newPage();
  await probe.route(/\/assets\/.*\.js$/, (route) => route.abort());
  await probe.route((u) => u.href === target, (route) => route.fulfill({ status: 200, contentType: "text/html", body: html }));
  await probe.goto(target);
  await assertAccessible(probe, where);
  await context.close();
}

/** Logs in through the form of a page without scripts; lands where returnTo says. */
async function logInWithoutScripts(page, email, password, returnTo) {
  await page.goto(url(`/account/login${returnTo ? `?returnTo=${encodeURIComponent(returnTo)}` : ""}`));
  await page.getByRole("textbox", { name: "E-Mail" }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Login" }).click();
  await page.waitForURL((u) => u.pathname === (returnTo ?? "/"));
}

describe("forms without JavaScript", () => {
  let browser;
  before(async () => {
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
  });

  test("a shopper logs in, sees their orders, cancels one and signs out", async () => {
    const { email, password, jwt } = await newAccount();
    const orderId = await placeOrder(jwt);
    const number = new RegExp(`^Order ${hex(orderId)}$`);
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();

    // A wrong password first: the page again, 422, the reason shown and the e-mail kept.
    await page.goto(url("/account/login?returnTo=%2Faccount%2Forders"));
    await page.getByRole("textbox", { name: "E-Mail" }).fill(email);
    await page.getByLabel("Password", { exact: true }).fill("not the password");
    const [refused] = await Promise.all([page.waitForResponse((r) => r.request().method() === "POST"), page.getByRole("button", { name: "Login" }).click()]);
    assert.equal(refused.status(), 422);
    await page.getByRole("alert").getByText("the email address or password is incorrect").waitFor();
    assert.equal(await page.getByRole("textbox", { name: "E-Mail" }).inputValue(), email);
    assert.equal(await page.getByLabel("Password", { exact: true }).inputValue(), "", "the password is never sent back");
    await assertAccessibleWithoutScripts(browser, page, "refused login without JavaScript");

    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByRole("button", { name: "Login" }).click();
    await page.waitForURL((u) => u.pathname === "/account/orders");
    await page.getByRole("link", { name: number }).click();
    await page.waitForURL((u) => u.pathname === `/account/orders/${orderId}`);
    await page.getByRole("link", { name: "Cancel Order..." }).click();
    await page.waitForURL((u) => u.pathname === `/account/orders/${orderId}/cancel`);
    await assertAccessibleWithoutScripts(browser, page, "cancel order without JavaScript");
    await page.getByRole("button", { name: "Confirm Cancel Order" }).click();
    await page.waitForURL((u) => u.pathname === `/account/orders/${orderId}`);
    const order = await apiValue("GET", `/orders/${orderId}`, jwt);
    assert.equal(order.pantryOrderStatusType.isCancelledType, true, JSON.stringify(order.pantryOrderStatusType));

    await page.goto(url("/account"));
    await page.getByRole("button", { name: "Log Out", exact: true }).click();
    await page.waitForURL((u) => u.pathname === "/");
    assert.equal((await context.cookies()).find((c) => c.name === "oa_session"), undefined, "signed out");
    await page.goto(url("/account/orders"));
    await page.getByText("Please log in to see your orders.").waitFor();
    await context.close();
  });

  test("a shopper asks for a reset mail and sets a new password from the mailed link", async () => {
    const { email } = await newAccount();
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(url("/account/forgot-password"));
    await page.getByRole("textbox", { name: "E-Mail" }).fill(email);
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await page.waitForURL((u) => u.search === "?sent=true");
    await page.getByText("If there is an account for that e-mail address").waitFor();

    const link = await mailedLinkPath(email);
    await page.goto(url(link));
    const chosen = "a brand new password 9";
    await page.getByLabel("New Password").fill(chosen);
    await page.getByLabel("Confirm Password").fill("not the same one");
    await page.getByRole("button", { name: "Update Password" }).click();
    await page.getByRole("alert").waitFor();
    await assertAccessibleWithoutScripts(browser, page, "refused new password without JavaScript");
    await page.getByLabel("New Password").fill(chosen);
    await page.getByLabel("Confirm Password").fill(chosen);
    await page.getByRole("button", { name: "Update Password" }).click();
    await page.waitForURL((u) => u.search === "?updated=true");
    await page.getByRole("status").getByText("Your password has been updated.").waitFor();

    await logInWithoutScripts(page, email, chosen, "/account/orders");
    assert.ok((await context.cookies()).find((c) => c.name === "oa_session"), "signed in with the new password");
    await context.close();
  });

  test("a signed-in shopper claims a referral code", async () => {
    const { email, password, jwt } = await newAccount();
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await logInWithoutScripts(page, email, password, "/referral/FAITH2026");
    await page.getByRole("button", { name: "Add this code to my account" }).click();
    await page.waitForURL((u) => u.pathname === "/referral/FAITH2026" && u.search === "?claimed=true");
    await page.getByRole("status").getByText("Referral Code Accepted").waitFor();
    const held = await apiValue("GET", "/account/referralcodes", jwt);
    assert.ok(held.some((c) => c.code.toUpperCase() === "FAITH2026"), JSON.stringify(held));
    await context.close();
  });

  test("a shopper edits the profile, and adds, edits and deletes a saved address", async () => {
    const { email, password, jwt } = await newAccount();
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await logInWithoutScripts(page, email, password, "/account");

    // Edit opens the form on the page itself; a refused save keeps what was typed.
    await page.getByRole("link", { name: "Edit", exact: true }).click();
    await page.waitForURL((u) => u.search === "?edit=profile");
    await page.getByLabel("First Name").fill("");
    await page.getByLabel("Last Name").fill("Plainly");
    await page.getByRole("checkbox", { name: "Phone Call" }).uncheck();
    const [refused] = await Promise.all([page.waitForResponse((r) => r.request().method() === "POST"), page.getByRole("button", { name: "Save" }).click()]);
    assert.equal(refused.status(), 422);
    await page.getByRole("alert").first().waitFor();
    assert.equal(await page.getByLabel("Last Name").inputValue(), "Plainly");
    assert.equal(await page.getByRole("checkbox", { name: "Phone Call" }).isChecked(), false, "an unticked box stays unticked");
    assert.equal(await page.getByLabel("First Name").getAttribute("aria-invalid"), "true");
    await assertAccessibleWithoutScripts(browser, page, "refused profile edit without JavaScript");
    await page.getByLabel("First Name").fill("Nadia");
    await page.getByRole("button", { name: "Save" }).click();
    await page.waitForURL((u) => u.pathname === "/account" && u.search === "");
    await page.getByText("Nadia Plainly").waitFor();
    const profile = await apiValue("GET", "/account/profile", jwt);
    assert.deepEqual([profile.firstName, profile.lastName, profile.isPhoneCallNotificationEnabled], ["Nadia", "Plainly", false]);

    // Add an address.
    await page.getByRole("link", { name: "Add" }).click();
    await page.waitForURL((u) => u.search === "?edit=address");
    await assertAccessibleWithoutScripts(browser, page, "new address without JavaScript");
    await page.getByLabel("Location Name").fill("Home");
    await page.getByLabel("Address Line 1").fill("12 Main St");
    await page.getByLabel("City").fill("Columbus");
    await page.getByLabel("State").selectOption("OH");
    await page.getByLabel("Zip Code").fill("43215");
    await page.getByRole("button", { name: "Save" }).click();
    await page.waitForURL((u) => u.pathname === "/account" && u.search === "");
    await page.getByText("12 Main St, Columbus, OH 43215").waitFor();

    // Edit it.
    await page.getByRole("link", { name: "Edit Home" }).click();
    await page.waitForURL((u) => u.search.startsWith("?edit=address&id="));
    assert.equal(await page.getByLabel("Address Line 1").inputValue(), "12 Main St");
    await page.getByLabel("Location Name").fill("Home 2");
    await page.getByRole("button", { name: "Save" }).click();
    await page.waitForURL((u) => u.pathname === "/account" && u.search === "");
    const saved = await apiValue("GET", "/account/addresses", jwt);
    assert.deepEqual(saved.map((a) => a.name), ["Home 2"]);

    // Delete asks for a second, confirming press.
    await page.getByRole("link", { name: "Delete Home 2" }).click();
    await page.waitForURL((u) => u.search.startsWith("?delete="));
    await page.getByRole("button", { name: "Confirm Delete Home 2" }).click();
    await page.waitForURL((u) => u.pathname === "/account" && u.search === "");
    await page.getByText("No saved addresses.").waitFor();
    assert.deepEqual(await apiValue("GET", "/account/addresses", jwt), []);
    await context.close();
  });

  test("a shopper moves an order to another pickup time", async () => {
    const { email, password, jwt } = await newAccount();
    const orderId = await placeOrder(jwt);
    const before = (await apiValue("GET", `/orders/${orderId}`, jwt)).pantryLocationPickupTime.id;
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await logInWithoutScripts(page, email, password, `/account/orders/${orderId}`);
    await page.getByRole("link", { name: `Change the pickup time of order ${hex(orderId)}` }).click();
    await page.waitForURL((u) => u.pathname === `/account/orders/${orderId}/time`);
    await assertAccessibleWithoutScripts(browser, page, "change time without JavaScript");
    const radios = page.getByRole("radio");
    assert.equal(await page.locator(`input[type=radio][value="${before}"]`).isChecked(), true, "the order's own time is chosen");
    assert.ok((await radios.count()) > 1, "another time is offered");
    const other = page.locator(`input[type=radio]:not([value="${before}"])`).first();
    const chosen = Number(await other.getAttribute("value"));
    await other.check();
    await page.getByRole("button", { name: "Select" }).click();
    await page.waitForURL((u) => u.pathname === `/account/orders/${orderId}`);
    assert.equal((await apiValue("GET", `/orders/${orderId}`, jwt)).pantryLocationPickupTime.id, chosen);
    await context.close();
  });

  test("a refused registration is fixed without typing the fields again", async () => {
    const email = `forms.reg.${Date.now()}.${Math.random().toString(36).slice(2)}@example.org`;
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(url("/account/register"));
    await page.getByLabel("First Name").fill("Ada");
    await page.getByLabel("Last Name").fill("Plain");
    await page.getByRole("textbox", { name: "E-Mail" }).fill(email);
    await page.getByLabel("Password", { exact: true }).fill("a good password 8");
    await page.getByRole("textbox", { name: "Phone", exact: true }).fill("(614) 555-0145");
    await page.getByRole("checkbox", { name: "Text Message" }).uncheck();
    // "I am eligible" left unticked.
    const [refused] = await Promise.all([page.waitForResponse((r) => r.request().method() === "POST"), page.getByRole("button", { name: "Sign up" }).click()]);
    assert.equal(refused.status(), 422);
    await page.getByRole("alert").waitFor();
    assert.equal(await page.getByLabel("First Name").inputValue(), "Ada");
    assert.equal(await page.getByLabel("Last Name").inputValue(), "Plain");
    assert.equal(await page.getByRole("textbox", { name: "E-Mail" }).inputValue(), email);
    assert.equal(await page.getByRole("textbox", { name: "Phone", exact: true }).inputValue(), "(614) 555-0145");
    assert.equal(await page.getByRole("checkbox", { name: "Text Message" }).isChecked(), false, "an unticked box stays unticked");
    assert.equal(await page.getByRole("checkbox", { name: "E-Mail" }).isChecked(), true);
    assert.equal(await page.getByLabel("Password", { exact: true }).inputValue(), "", "the password is never sent back");
    assert.equal(await page.getByRole("checkbox", { name: "I am eligible" }).getAttribute("aria-invalid"), "true");
    await assertAccessibleWithoutScripts(browser, page, "refused registration without JavaScript");

    await page.getByLabel("Password", { exact: true }).fill("a good password 8");
    await page.getByRole("checkbox", { name: "I am eligible" }).check();
    await page.getByRole("button", { name: "Sign up" }).click();
    await page.waitForURL((u) => u.pathname === "/");
    assert.ok((await context.cookies()).find((c) => c.name === "oa_session"), "the new account is signed in");
    const token = await apiValue("POST", "/account/login", null, { Username: email, Password: "a good password 8" });
    const profile = await apiValue("GET", "/account/profile", token);
    assert.equal(profile.isTextMessageNotificationEnabled, false);
    await context.close();
  });
});

describe("a form sent before the app has loaded", () => {
  let browser;
  before(async () => {
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
  });

  test("a login submitted before hydration signs in, and the app then carries on signed in", async () => {
    const { email, password, jwt } = await newAccount();
    const orderId = await placeOrder(jwt);
    // A fresh context: no service worker yet, so every request meets the route below.
    const context = await browser.newContext();
    const page = await context.newPage();
    const problems = collectProblems(page);
    // The app's entry script waits until the test lets it go (a slow phone's first seconds).
    let release;
    const released = new Promise((r) => (release = r));
    // Let go whatever happens, so a failure cannot leave the browser waiting on it.
    context.on("close", () => release());
    let held = 0;
    await page.route(/\/assets\/entry-[A-Za-z0-9]+\.js$/, async (route) => {
      held += 1;
      await released;
      await route.continue();
    });
    // "commit": a held module script also holds DOMContentLoaded and the load event.
    await page.goto(url("/account/login?returnTo=%2Faccount%2Forders"), { waitUntil: "commit" });
    await page.getByRole("textbox", { name: "E-Mail" }).fill(email);
    await page.getByLabel("Password", { exact: true }).fill(password);
    assert.equal(await page.locator("html[data-oa-ready]").count(), 0, "not hydrated yet");
    await page.getByRole("button", { name: "Login" }).click();
    await page.waitForURL((u) => u.pathname === "/account/orders", { waitUntil: "commit" });
    // The server's page for the signed-in shopper, still without the app.
    await page.getByRole("link", { name: `Order ${hex(orderId)}` }).waitFor();
    assert.equal(await page.locator("html[data-oa-ready]").count(), 0, "still not hydrated");
    assert.ok(held >= 1, "the entry script was held");

    release();
    await waitForApp(page);
    // The app took the session over: its own API calls are signed in.
    await page.waitForFunction(() => localStorage.getItem("oa.token") !== null);
    assert.equal((await context.cookies()).find((c) => c.name === "oa_handoff"), undefined, "the hand-off is read once");
    await page.getByRole("link", { name: `Order ${hex(orderId)}` }).waitFor();
    assert.deepEqual(problems, []);
    await context.close();
  });
});
