// Issue 4, account and checkout screens: login (with and without JavaScript), registration, the
// checkout flow through the survey, and the order confirmation. Run through `cargo test --test it browser`.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { assertAccessible, collectProblems, launch, url, waitForApp } from "./lib.mjs";

const COLUMBUS = { lat: 39.9612, lng: -82.9988 };

async function apiGet(path) {
  const res = await fetch(url(`/api/v1${path}`));
  const body = await res.json();
  assert.ok(body.successful, `GET ${path}: ${body.failureReason}`);
  return body.value;
}

/** An open demo pantry near 43215 with a pickup time still offered, and one orderable item. */
async function findOrder() {
  const pantries = await apiGet(`/locations?lat=${COLUMBUS.lat}&lng=${COLUMBUS.lng}&radiusMiles=10`);
  for (const pantry of pantries.filter((p) => !p.isRestricted)) {
    const times = await apiGet(`/locations/${pantry.id}/pickuptimes`);
    if (!times.length) continue;
    const { items } = await apiGet(`/locations/${pantry.id}/inventory`);
    const item = items.find((i) => (i.quantity ?? 1) > 0 && (i.effectiveLimit?.limit ?? 1) > 0);
    if (item) return { pantry, time: times[0], item };
  }
  throw new Error("no open demo pantry with pickup times and stock near 43215");
}

/** A fresh account through the API: its credentials and token, as a sign-in would have stored it. */
async function newAccount() {
  const credentials = { email: `ray.${Date.now()}.${Math.random().toString(36).slice(2)}@example.org`, password: "a good password 2" };
  const res = await fetch(url("/api/v1/account"), {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      firstName: "Ray",
      lastName: "Tester",
      eMailAddress: credentials.email,
      password: credentials.password,
      phoneNumber: "(614) 555-0199",
      isEligible: true,
    }),
  });
  const body = await res.json();
  assert.ok(body.successful, body.failureReason);
  return { ...credentials, token: body.value.jwt };
}

const newAccountToken = async () => (await newAccount()).token;

/** Puts a cart and a pickup selection on the device, as the shop screens would have left them. */
async function seedDevice(page, { pantry, time, item, extra = [], token = null }) {
  await page.goto(url("/"));
  await waitForApp(page);
  await page.evaluate(
    ({ pantry, time, item, extra, token }) => {
      localStorage.setItem("oa.pantry", JSON.stringify(pantry));
      localStorage.setItem("oa.pickupTime", JSON.stringify(time));
      localStorage.setItem("oa.foodBank", JSON.stringify({ id: pantry.foodBankID }));
      localStorage.setItem("oa.cart", JSON.stringify([item, ...extra]));
      if (token) localStorage.setItem("oa.token", JSON.stringify(token));
    },
    { pantry, time, item, extra, token },
  );
}

/** A new account's food-situation screening, then the demo food bank's first four survey questions. */
async function answerScreeningAndSurvey(page) {
  await page.getByRole("group", { name: /worried whether our food would run out/ }).getByRole("radio", { name: "Sometimes" }).check();
  await page.getByRole("group", { name: /didn't last/ }).getByRole("radio", { name: "Sometimes" }).check();
  await page.getByRole("group", { name: /last receive food/ }).getByRole("radio", { name: "In the last year" }).check();
  await page.getByRole("button", { name: "Submit" }).click();
  await page.getByRole("heading", { name: "Survey" }).waitFor();
  await page.getByRole("combobox", { name: "How many people live in your household?" }).selectOption("2");
  await page.getByRole("textbox", { name: "Street" }).fill("3 Broad St");
  await page.getByRole("textbox", { name: "City" }).fill("Columbus");
  await page.getByRole("combobox", { name: "State" }).selectOption("OH");
  await page.getByRole("checkbox", { name: "All Data Is Accurate" }).check();
  await page.getByRole("button", { name: "Submit" }).click();
}

describe("account and checkout", () => {
  let browser;
  before(async () => {
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
  });

  test("without JavaScript, the login page is served complete", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const res = await page.goto(url("/account/login?returnTo=%2Fcart"));
    assert.equal(res.status(), 200);
    await page.getByRole("heading", { name: "Login", level: 1 }).waitFor();
    await page.getByRole("textbox", { name: "E-Mail" }).waitFor();
    await page.getByLabel("Password").waitFor();
    await page.getByRole("link", { name: "Sign up" }).waitFor();
    assert.equal(await page.getByRole("link", { name: "Sign up" }).getAttribute("href"), "/account/register?returnTo=%2Fcart");
    assert.equal(await page.title(), "Login | OrderAhead");
    await context.close();
  });

  test("the demo shopper logs in and goes back to returnTo", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const problems = collectProblems(page);
    await page.goto(url("/account/login?returnTo=%2F%3Ffrom%3Dlogin"));
    await waitForApp(page);
    const submit = page.getByRole("button", { name: "Login" });
    assert.ok(await submit.isDisabled(), "submit enabled before email and password");
    await page.getByRole("textbox", { name: "E-Mail" }).fill("  demo@example.org ");
    await page.getByLabel("Password").fill("wrong password");
    await submit.click();
    await page.getByRole("alert").filter({ hasText: "There was an error authenticating" }).waitFor();
    await page.getByLabel("Password").fill("OrderAhead!demo");
    await submit.click();
    const prompt = page.getByRole("dialog", { name: "Remember Me?" });
    await prompt.waitFor();
    await prompt.getByRole("button", { name: "No" }).click();
    await page.waitForURL((u) => u.pathname === "/" && u.search === "?from=login");
    assert.ok(await page.evaluate(() => localStorage.getItem("oa.token")), "token not stored");
    // The refused first attempt is the only failed request the browser may report.
    assert.deepEqual(problems.filter((p) => !/status of 401 .*\/api\/v1\/account\/login$/.test(p)), []);
    await context.close();
  });

  test("a new shopper registers, answers the survey and places the order", async () => {
    const order = await findOrder();
    const context = await browser.newContext();
    const page = await context.newPage();
    const problems = collectProblems(page);
    await seedDevice(page, order);

    await page.goto(url("/cart/schedulepickup"));
    await page.waitForURL((u) => u.pathname === "/account/login" && u.searchParams.get("returnTo") === "/cart/schedulepickup");
    await page.getByRole("heading", { name: "Login", level: 1 }).waitFor();
    await waitForApp(page);
    await page.getByRole("link", { name: "Sign up" }).click();
    await page.waitForURL((u) => u.pathname === "/account/register");

    // Registration: an invalid submit first, then the complete form.
    await page.getByRole("button", { name: "Sign up" }).click();
    await page.getByText("Please verify all required fields.").waitFor();
    await page.getByRole("textbox", { name: "First Name" }).fill("Nia");
    await page.getByRole("textbox", { name: "Last Name" }).fill("Shopper");
    await page.getByRole("textbox", { name: "E-Mail" }).fill(`nia.${Date.now()}@example.org`);
    await page.getByLabel("Password").fill("a good password 1");
    const phone = page.getByRole("textbox", { name: "Phone" });
    await phone.pressSequentially("614555012399");
    assert.equal(await phone.inputValue(), "(614) 555-0123");
    await page.getByRole("textbox", { name: "Zip Code" }).fill("43215");
    assert.ok(await page.getByRole("checkbox", { name: "Text Message" }).isChecked(), "messaging defaults on");
    await page.getByRole("checkbox", { name: "I am eligible" }).check();
    await page.getByRole("button", { name: "Sign up" }).click();
    const prompt = page.getByRole("dialog", { name: "Remember Me?" });
    await prompt.waitFor();
    await prompt.getByRole("button", { name: "Remember Me" }).click();
    await page.waitForURL((u) => u.pathname.startsWith("/cart/schedulepickup"), { waitUntil: "commit" });
    await page.getByRole("heading", { name: "Schedule Order", level: 1 }).waitFor();

    // A new account answers the food-situation screening first.
    const eligibility = page.getByRole("group", { name: /worried whether our food would run out/ });
    await eligibility.getByRole("radio", { name: "Sometimes" }).check();
    await page.getByRole("group", { name: /didn't last/ }).getByRole("radio", { name: "Sometimes" }).check();
    await page.getByRole("group", { name: /last receive food/ }).getByRole("radio", { name: "In the last year" }).check();
    await page.getByRole("button", { name: "Submit" }).click();

    // The demo food bank asks its first four questions.
    await page.getByRole("heading", { name: "Survey" }).waitFor();
    const submit = page.getByRole("button", { name: "Submit" });
    await page.getByRole("combobox", { name: "How many people live in your household?" }).selectOption("3");
    await page.getByRole("textbox", { name: "Street" }).fill("1 Main St");
    await page.getByRole("textbox", { name: "City" }).fill("Columbus");
    await page.getByRole("combobox", { name: "State" }).selectOption("OH");
    assert.ok(await submit.isDisabled(), "Submit enabled before the certification");
    await page.getByRole("checkbox", { name: "All Data Is Accurate" }).check();
    await submit.click();

    const place = page.getByRole("button", { name: "Place Order" });
    await place.waitFor();
    await page.getByText(order.pantry.label).first().waitFor();
    await place.click();
    await page.waitForURL((u) => u.pathname.startsWith("/cart/confirmation/"));
    const orderId = Number(new URL(page.url()).pathname.split("/").pop());
    await page.getByRole("heading", { name: "Order Confirmed", level: 1 }).waitFor();
    // The number among the order's facts (the large code to show at pickup repeats it).
    await page.locator(".order-facts").getByText(orderId.toString(16).toUpperCase(), { exact: true }).waitFor();
    await page.locator(".order-code-large").getByText(orderId.toString(16).toUpperCase(), { exact: true }).waitFor();
    await page.getByText(order.pantry.label).waitFor();
    assert.equal(await page.evaluate(() => localStorage.getItem("oa.cart")), null, "cart not emptied");
    assert.equal(await page.evaluate(() => localStorage.getItem("oa.pickupTime")), null, "selection not cleared");
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("offline at Place Order: the order waits on the phone and is placed once when back online", async () => {
    const order = await findOrder();
    const token = await newAccountToken();
    const orders = async () => {
      const body = await (await fetch(url("/api/v1/orders"), { headers: { Authorization: `Bearer ${token}` } })).json();
      assert.ok(body.successful, body.failureReason);
      return body.value;
    };
    const context = await browser.newContext();
    // Reads an IndexedDB store of the worker's: `count` of its records, or `get` one by its key.
    await context.addInitScript(() => {
      window.storeRead = (name, store, op, key) =>
        new Promise((resolve, reject) => {
          const open = indexedDB.open(name);
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const req = open.result.transaction(store).objectStore(store)[op](key);
            req.onerror = () => reject(req.error);
            req.onsuccess = () => {
              open.result.close();
              resolve(req.result);
            };
          };
        });
    });
    const page = await context.newPage();
    const problems = collectProblems(page);
    await seedDevice(page, { ...order, token });
    // The worker keeps the order, so it must be installed and in control first.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller) {
        await new Promise((resolve) => navigator.serviceWorker.addEventListener("controllerchange", resolve, { once: true }));
      }
    });
    await page.goto(url("/cart/schedulepickup"));
    await answerScreeningAndSurvey(page);
    const place = page.getByRole("button", { name: "Place Order" });
    await place.waitFor();
    const sent = [];
    page.on("request", (req) => {
      if (req.method() === "POST" && new URL(req.url()).pathname === "/api/v1/order") sent.push(req);
    });

    await context.setOffline(true);
    await page.evaluate(() => window.dispatchEvent(new Event("offline")));
    await place.click();
    const saved = page.getByRole("status").filter({ has: page.getByRole("heading", { name: "Order saved on this phone" }) });
    await saved.getByText("Your order will be sent when your phone is back online").waitFor();
    await assertAccessible(page, "the order saved offline");
    assert.equal(await page.evaluate(() => localStorage.getItem("oa.cart")), null, "the cart went with the kept order");
    assert.deepEqual(await orders(), [], "nothing reached the server while offline");
    assert.equal(sent.length, 1, "the page tried once");
    const key = (await sent[0].allHeaders())["idempotency-key"];
    assert.ok(key, "the request carries its Idempotency-Key");

    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event("online")));
    const placed = page.getByRole("status").filter({ hasText: "Your saved order was sent and has been placed" });
    await placed.waitFor({ timeout: 15_000 });
    const [made] = await orders();
    assert.equal((await orders()).length, 1);
    assert.equal(made.pantryLocationID, order.pantry.id);
    await placed.getByText(`order ${made.id.toString(16).toUpperCase()}`).waitFor();
    await assertAccessible(page, "the kept order's answer");

    // The same request again (a replay after a lost answer): the server answers with the same order.
    const answered = (await page.evaluate((key) => storeRead("oa-order-outcomes", "outcomes", "get", key), key)).at;
    const kept = await page.evaluate(
      ({ key, body, token }) =>
        new Promise((resolve) => {
          const channel = new MessageChannel();
          channel.port1.onmessage = (e) => resolve(e.data);
          navigator.serviceWorker.controller.postMessage(
            { type: "QUEUE_ORDER", url: "/api/v1/order", headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}`, "Idempotency-Key": key }, body },
            [channel.port2],
          );
        }).then((answer) => {
          navigator.serviceWorker.controller.postMessage({ type: "REPLAY_ORDERS" });
          return answer;
        }),
      { key, body: sent[0].postData(), token },
    );
    assert.deepEqual(kept, { queued: true });
    // Done once the worker has recorded the replay's answer: the queue's own store empties when the
    // request is taken out to be sent, before the server has it.
    await page.waitForFunction(
      ({ key, answered }) => storeRead("oa-order-outcomes", "outcomes", "get", key).then((o) => o?.orderId !== undefined && o.at > answered),
      { key, answered },
      { polling: 100, timeout: 15_000 },
    );
    assert.equal(await page.evaluate(() => storeRead("workbox-background-sync", "requests", "count")), 0);
    assert.deepEqual((await orders()).map((o) => o.id), [made.id], "a replay makes no second order");

    await placed.getByRole("button", { name: "Close" }).click();
    await placed.waitFor({ state: "detached" });
    // Seen: the worker forgets the answer, so no later page shows it again.
    await page.waitForFunction(() => storeRead("oa-order-outcomes", "outcomes", "count").then((n) => n === 0), null, { polling: 100, timeout: 15_000 });
    // The one failed request the browser may report is the page's own attempt while offline.
    assert.deepEqual(
      problems.filter((p) => !/ERR_INTERNET_DISCONNECTED \S+\/api\/v1\/order$/.test(p)),
      [],
    );
    await context.close();
  });

  test("home delivery: a new address is saved during checkout and the order is placed", async () => {
    const token = await newAccountToken();
    const auth = { Authorization: `Bearer ${token}`, "Content-Type": "application/json" };
    // Delivery needs the food bank's delivery code on the account (spec §6).
    const claim = await (await fetch(url("/api/v1/referralcodes/claims"), { method: "POST", headers: auth, body: JSON.stringify(["DELIVERCOH"]) })).json();
    assert.ok(claim.successful && claim.value[0].isAppliedSuccessfully, JSON.stringify(claim));
    const [time] = await apiGet("/foodbanks/1/deliverytimes");
    const { items } = await apiGet(`/deliverytimes/${time.id}/inventory`);
    const item = items.find((i) => (i.quantity ?? 1) > 0 && (i.effectiveLimit?.limit ?? 1) > 0);

    const context = await browser.newContext();
    const page = await context.newPage();
    const problems = collectProblems(page);
    await page.goto(url("/"));
    await waitForApp(page);
    await page.evaluate(
      ({ time, item, token }) => {
        localStorage.setItem("oa.deliveryTime", JSON.stringify(time));
        localStorage.setItem("oa.foodBank", JSON.stringify({ id: time.foodBankID }));
        localStorage.setItem("oa.cart", JSON.stringify([item]));
        localStorage.setItem("oa.token", JSON.stringify(token));
      },
      { time, item, token },
    );
    await page.goto(url("/cart/schedulepickup"));
    await page.getByRole("group", { name: /worried whether our food would run out/ }).getByRole("radio", { name: "Never" }).check();
    await page.getByRole("group", { name: /didn't last/ }).getByRole("radio", { name: "Sometimes" }).check();
    await page.getByRole("group", { name: /last receive food/ }).getByRole("radio", { name: "Never" }).check();
    await page.getByRole("button", { name: "Submit" }).click();
    await page.getByRole("heading", { name: "Survey" }).waitFor();
    await page.getByRole("combobox", { name: "How many people live in your household?" }).selectOption("1");
    await page.getByRole("textbox", { name: "Street" }).fill("2 High St");
    await page.getByRole("textbox", { name: "City" }).fill("Columbus");
    await page.getByRole("combobox", { name: "State" }).selectOption("OH");
    await page.getByRole("checkbox", { name: "All Data Is Accurate" }).check();
    await page.getByRole("button", { name: "Submit" }).click();

    // No saved address yet: the address form.
    const save = page.getByRole("button", { name: "Save" });
    await save.waitFor();
    assert.ok(await save.isDisabled(), "Save enabled while the form is invalid");
    await page.getByRole("textbox", { name: "Location Name" }).fill("Home");
    await page.getByRole("textbox", { name: "Address Line 1" }).fill("2 High St");
    await page.getByRole("textbox", { name: "City" }).fill("Columbus");
    await page.getByRole("combobox", { name: "State" }).selectOption("OH");
    await page.getByRole("textbox", { name: "Zip Code" }).fill("43215");
    await save.click();

    await page.getByRole("button", { name: "Place Order" }).click();
    await page.waitForURL((u) => u.pathname.startsWith("/cart/confirmation/"));
    await page.getByText("2 High St, Columbus, OH 43215").waitFor();
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("a pickup time that expired in between is replaced through Choose Time", async () => {
    const order = await findOrder();
    const stale = { ...order.time, id: 987654321 };
    const context = await browser.newContext();
    const page = await context.newPage();
    const problems = collectProblems(page);
    await seedDevice(page, { ...order, time: stale, token: await newAccountToken() });
    await page.goto(url("/cart/schedulepickup"));
    await answerScreeningAndSurvey(page);
    await page.getByText("Your selected pickup time is no longer valid. Please choose a new pickup time:").waitFor();
    assert.equal(new URL(page.url()).pathname, "/cart/schedulepickup/pickup", "the URL names the step");
    await page.getByRole("button", { name: "Choose Time" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.waitFor();
    if ((await dialog.getAttribute("aria-labelledby")) && (await dialog.getByRole("heading", { name: "Select Pickup Day" }).count())) {
      await dialog.getByRole("button").filter({ hasNotText: "×" }).first().click();
    }
    await page.getByRole("dialog", { name: "Select Pickup Time" }).getByRole("button").filter({ hasNotText: "×" }).first().click();
    await page.getByRole("button", { name: "Place Order" }).waitFor();
    const chosen = await page.evaluate(() => JSON.parse(localStorage.getItem("oa.pickupTime")));
    assert.notEqual(chosen.id, stale.id);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("a pickup time that runs out after the pickup check is refused at Place Order and replaced", async () => {
    const order = await findOrder();
    const stale = { ...order.time, id: 987654322 };
    const context = await browser.newContext();
    const page = await context.newPage();
    const problems = collectProblems(page);
    await seedDevice(page, { ...order, time: stale, token: await newAccountToken() });
    // The pickup check still sees the time (it was offered then); every later look is the server's own.
    let firstLook = true;
    await page.route("**/api/v1/locations/*/pickuptimes", async (route) => {
      if (!firstLook) return route.continue();
      firstLook = false;
      const res = await route.fetch();
      const body = await res.json();
      body.value = [stale, ...body.value];
      await route.fulfill({ response: res, json: body });
    });
    await page.goto(url("/cart/schedulepickup"));
    await answerScreeningAndSurvey(page);
    await page.getByRole("button", { name: "Place Order" }).click();
    await page.getByRole("alert").filter({ hasText: "The selected pickup time is no longer available." }).waitFor();
    await page.getByRole("button", { name: "Choose Time" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.waitFor();
    if (await dialog.getByRole("heading", { name: "Select Pickup Day" }).count()) {
      await dialog.getByRole("button").filter({ hasNotText: "×" }).first().click();
    }
    await page.getByRole("dialog", { name: "Select Pickup Time" }).getByRole("button").filter({ hasNotText: "×" }).first().click();
    const chosen = await page.evaluate(() => JSON.parse(localStorage.getItem("oa.pickupTime")));
    assert.notEqual(chosen.id, stale.id);
    await page.getByRole("button", { name: "Place Order" }).click();
    await page.waitForURL((u) => u.pathname.startsWith("/cart/confirmation/"));
    assert.deepEqual(problems.filter((p) => !/status of 4\d\d/.test(p)), []);
    await context.close();
  });

  test("Place Order refused for an unanswered screening goes back to the Eligibility step", async () => {
    const order = await findOrder();
    const context = await browser.newContext();
    const page = await context.newPage();
    const problems = collectProblems(page);
    await seedDevice(page, { ...order, token: await newAccountToken() });
    // The first status look says the screening is done (as a stale answer would); the server knows better.
    let firstLook = true;
    await page.route("**/api/v1/account/eligibilitystatus", async (route) => {
      if (!firstLook || route.request().method() !== "GET") return route.continue();
      firstLook = false;
      await route.fulfill({ json: { successful: true, value: { isSurveyRequired: false }, failureReason: null } });
    });
    await page.goto(url("/cart/schedulepickup"));
    await page.getByRole("heading", { name: "Survey" }).waitFor();
    await page.getByRole("combobox", { name: "How many people live in your household?" }).selectOption("2");
    await page.getByRole("textbox", { name: "Street" }).fill("3 Broad St");
    await page.getByRole("textbox", { name: "City" }).fill("Columbus");
    await page.getByRole("combobox", { name: "State" }).selectOption("OH");
    await page.getByRole("checkbox", { name: "All Data Is Accurate" }).check();
    await page.getByRole("button", { name: "Submit" }).click();
    await page.getByRole("button", { name: "Place Order" }).click();
    // Back at the screening, then on through the flow to the order.
    await page.waitForURL((u) => u.pathname === "/cart/schedulepickup/eligibility");
    await page.getByRole("group", { name: /worried whether our food would run out/ }).getByRole("radio", { name: "Sometimes" }).check();
    await page.getByRole("group", { name: /didn't last/ }).getByRole("radio", { name: "Sometimes" }).check();
    await page.getByRole("group", { name: /last receive food/ }).getByRole("radio", { name: "In the last year" }).check();
    await page.getByRole("button", { name: "Submit" }).click();
    // The flow runs on from there: the checkout asks its next survey round (questions are left).
    await page.getByRole("heading", { name: "Survey" }).waitFor();
    for (const name of ["Month", "Year", "Gender", "Race"]) {
      const select = page.getByRole("combobox", { name, exact: true });
      await select.locator("option").nth(1).waitFor({ state: "attached" });
      await select.selectOption({ index: 1 });
    }
    await page.getByRole("textbox", { name: /How did you hear/ }).fill("A neighbour");
    await page.getByRole("checkbox", { name: "All Data Is Accurate" }).check();
    await page.getByRole("button", { name: "Submit" }).click();
    await page.getByRole("button", { name: "Place Order" }).click();
    await page.waitForURL((u) => u.pathname.startsWith("/cart/confirmation/"));
    assert.deepEqual(problems.filter((p) => !/status of 4\d\d/.test(p)), []);
    await context.close();
  });

  test("an item that ran out is removed from the cart at the limits check", async () => {
    const order = await findOrder();
    const vanished = { ...order.item, id: 987654321, pantryItemID: 987654321, pantryItem: { name: "Vanished Beans" } };
    const context = await browser.newContext();
    const page = await context.newPage();
    const problems = collectProblems(page);
    await seedDevice(page, { ...order, extra: [vanished], token: await newAccountToken() });
    await page.goto(url("/cart/schedulepickup"));
    const removed = page.getByRole("dialog", { name: "Item(s) Removed From Cart" });
    await removed.getByText("Vanished Beans (1) - No Available Stock").waitFor();
    await assertAccessible(page, "items removed modal");
    const cart = await page.evaluate(() => JSON.parse(localStorage.getItem("oa.cart")));
    assert.deepEqual(cart.map((i) => i.id), [order.item.id]);
    await removed.getByRole("button", { name: "Continue" }).click();
    // On to the next step: the new account's food-situation screening.
    await page.getByRole("radio", { name: "Sometimes" }).first().waitFor();
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("signing in with a restricted pantry still chosen names the pantry that needs a referral code", async () => {
    const pantries = await apiGet(`/locations?lat=${COLUMBUS.lat}&lng=${COLUMBUS.lng}&radiusMiles=20`);
    const restricted = pantries.find((p) => p.isRestricted);
    assert.ok(restricted, "the demo data has a restricted pantry near 43215");
    const [time] = await apiGet(`/locations/${restricted.id}/pickuptimes`);
    const { email, password } = await newAccount();
    const context = await browser.newContext();
    const page = await context.newPage();
    const problems = collectProblems(page);
    await seedDevice(page, { pantry: restricted, time, item: null });
    await page.evaluate(() => localStorage.setItem("oa.cart", "[]"));
    await page.goto(url("/account/login?returnTo=%2Fproducts"));
    await waitForApp(page);
    await page.getByRole("textbox", { name: "E-Mail" }).fill(email);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Login" }).click();
    await page.getByRole("dialog", { name: "Remember Me?" }).getByRole("button", { name: "No" }).click();
    await page.waitForURL((u) => u.pathname === "/products");
    const notice = page.getByRole("status").filter({ hasText: `${restricted.label} requires a referral code` });
    await notice.waitFor();
    await notice.getByRole("button", { name: "Close" }).click();
    await notice.waitFor({ state: "detached" });
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("a stored TEFAP response the server does not know is reported at sign-in and kept for the next", async () => {
    const { email, password } = await newAccount();
    const context = await browser.newContext();
    const page = await context.newPage();
    const problems = collectProblems(page);
    await page.goto(url("/"));
    await waitForApp(page);
    await page.evaluate(() => localStorage.setItem("oa.tefapUniqueId", JSON.stringify("no-such-response")));
    await page.goto(url("/account/login"));
    await waitForApp(page);
    await page.getByRole("textbox", { name: "E-Mail" }).fill(email);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Login" }).click();
    await page.getByRole("dialog", { name: "Remember Me?" }).getByRole("button", { name: "No" }).click();
    await page.waitForURL((u) => u.pathname === "/");
    await page.getByRole("status").filter({ hasText: "Error assigning TEFAP response" }).waitFor();
    assert.equal(await page.evaluate(() => localStorage.getItem("oa.tefapUniqueId")), JSON.stringify("no-such-response"));
    assert.deepEqual(problems.filter((p) => !/status of 4\d\d/.test(p)), []);
    await context.close();
  });

  test("an expired session shows whose it was, and Change Account clears it", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const problems = collectProblems(page);
    await page.goto(url("/"));
    await waitForApp(page);
    await page.evaluate(() => localStorage.setItem("oa.profile", JSON.stringify({ id: 1, eMailAddress: "demo@example.org" })));
    await page.goto(url("/account/login?expired=true&returnTo=%2Fcart"));
    await page.getByText("demo@example.org", { exact: true }).waitFor();
    await page.getByRole("button", { name: "Change Account" }).click();
    assert.equal(await page.getByRole("textbox", { name: "E-Mail" }).inputValue(), "");
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("the confirmation without an order id goes home", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(url("/cart/confirmation"));
    await page.waitForURL((u) => u.pathname === "/");
    await context.close();
  });
});
