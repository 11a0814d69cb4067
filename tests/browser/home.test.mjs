// Issue 4, the home page: Use My Location (granted and denied), and the signed-in home (messages
// carousel with its notification modal, the default food bank's products, Order Now).
// Run through `cargo test --test it browser`, or against a running server with BASE_URL.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { collectProblems, holdClock, launch, runTimers, url, waitForApp } from "./lib.mjs";

/** How often the signed-in home's messages move on by themselves (app/src/ui/home/SignedIn.tsx). */
const MESSAGES_AUTOPLAY_MS = 3000;

// Columbus, Ohio: the demo data's pantries are around it.
const HERE = { latitude: 39.9612, longitude: -82.9988 };

/** A slide button's title without its "New" marker. */
async function notificationTitle(button) {
  const title = button.locator(".message-title");
  const marker = await title.locator(".message-new").count();
  const text = (await title.innerText()).trim();
  return marker ? text.replace(/\s*New$/, "") : text;
}

/** A fresh account through the API (zip 43215, so its default food bank is the Columbus one). */
async function newAccountToken() {
  const res = await fetch(url("/api/v1/account"), {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      firstName: "Mae",
      lastName: "Tester",
      eMailAddress: `mae.${Date.now()}.${Math.random().toString(36).slice(2)}@example.org`,
      password: "a good password 3",
      phoneNumber: "(614) 555-0123",
      postalCode: "43215",
      isEligible: true,
    }),
  });
  const body = await res.json();
  assert.ok(body.successful, body.failureReason);
  return body.value.jwt;
}

describe("home", () => {
  let browser;
  before(async () => {
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
  });

  test("signed out: Use My Location searches pantries around the device's position", async () => {
    const context = await browser.newContext({ geolocation: HERE, permissions: ["geolocation"] });
    const page = await context.newPage();
    const problems = collectProblems(page);
    // A stored pickup site: starting a search must forget it, as a zip search does.
    await page.goto(url("/"));
    await page.evaluate(() => localStorage.setItem("oa.pantry", JSON.stringify({ id: 999, label: "Old Site", foodBankID: 1 })));
    await page.reload();
    await waitForApp(page);
    await page.getByRole("link", { name: "Browse Old Site" }).waitFor();

    const button = page.getByRole("button", { name: "Use My Location" });
    await button.click();
    await page.waitForURL((u) => u.pathname === "/pantries");
    const q = new URL(page.url()).searchParams;
    assert.equal(q.get("lat"), "39.9612");
    assert.equal(q.get("lng"), "-82.9988");
    assert.equal(q.has("zip"), false);
    await page.getByRole("heading", { name: "Find a Pantry", level: 1 }).waitFor();
    await page.getByRole("list", { name: "Pantries" }).locator(":scope > li").first().waitFor();
    assert.equal(await page.evaluate(() => localStorage.getItem("oa.pantry")), null, "the stored site was not cleared");
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("signed out: without JavaScript there is no Use My Location; a device without geolocation never shows it", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(url("/"));
    await page.getByRole("textbox", { name: "Zip Code" }).waitFor();
    assert.equal(await page.getByRole("button", { name: "Use My Location" }).count(), 0);
    await context.close();

    const bare = await browser.newContext();
    const p2 = await bare.newPage();
    await p2.addInitScript(() => {
      delete Object.getPrototypeOf(navigator).geolocation;
    });
    await p2.goto(url("/"));
    await waitForApp(p2);
    await p2.getByRole("button", { name: "What is OrderAhead?" }).waitFor();
    assert.equal(await p2.evaluate(() => "geolocation" in navigator), false);
    assert.equal(await p2.getByRole("button", { name: "Use My Location" }).count(), 0);
    await bare.close();
  });

  test("the zip Search button waits for five digits; without JavaScript the form's own checks guard it", async () => {
    // No service worker: its fetches of /_data would pass by the page's route below.
    const context = await browser.newContext({ serviceWorkers: "block" });
    const page = await context.newPage();
    const problems = collectProblems(page);
    await page.goto(url("/"));
    await waitForApp(page);
    const zip = page.getByRole("textbox", { name: "Zip Code" });
    const search = page.getByRole("search").getByRole("button", { name: "Search" });
    assert.ok(await search.isDisabled(), "disabled with no digits");
    await zip.pressSequentially("4321");
    assert.ok(await search.isDisabled(), "disabled with 4 digits");
    await zip.press("Enter");
    assert.equal(new URL(page.url()).pathname, "/", "Enter with 4 digits searches nothing");
    // The fifth digit searches at once (spec §2); the search's data is held so the page is seen
    // with the whole zip before it moves on.
    let release;
    const held = new Promise((resolve) => (release = resolve));
    let asked;
    const dataAsked = new Promise((resolve) => (asked = resolve));
    await page.route((u) => u.pathname === "/_data", async (route) => {
      asked();
      await held;
      await route.continue();
    });
    await zip.pressSequentially("5");
    await dataAsked;
    assert.equal(await zip.inputValue(), "43215");
    assert.ok(await search.isEnabled(), "enabled with 5 digits");
    release();
    await page.waitForURL((u) => u.pathname === "/pantries" && u.searchParams.get("zip") === "43215");
    // The pantries page's Change Location search has the same rule.
    await page.getByRole("link", { name: "Change my location" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("textbox", { name: "Zip Code" }).pressSequentially("9810");
    assert.ok(await dialog.getByRole("button", { name: "Search" }).isDisabled());
    assert.deepEqual(problems.filter((p) => !/Service Worker registration blocked/.test(p)), []);
    await context.close();

    // Before JavaScript the button is enabled, and the input's pattern and `required` refuse a partial zip.
    const bare = await browser.newContext({ javaScriptEnabled: false });
    const p2 = await bare.newPage();
    await p2.goto(url("/"));
    const input = p2.getByRole("textbox", { name: "Zip Code" });
    assert.ok(await p2.getByRole("search").getByRole("button", { name: "Search" }).isEnabled());
    assert.equal(await input.getAttribute("pattern"), "[0-9]{5}");
    assert.equal(await input.getAttribute("required"), "");
    await input.fill("4321");
    await p2.getByRole("search").getByRole("button", { name: "Search" }).click();
    assert.equal(await input.evaluate((el) => el.validity.valid), false);
    assert.equal(new URL(p2.url()).pathname, "/");
    await input.fill("43215");
    await p2.getByRole("search").getByRole("button", { name: "Search" }).click();
    await p2.waitForURL((u) => u.pathname === "/pantries" && u.searchParams.get("zip") === "43215");
    await bare.close();
  });

  test("signed out: a refused location shows the error, and Start Over clears it and focuses the zip field", async () => {
    const context = await browser.newContext(); // no geolocation permission: the browser refuses
    const page = await context.newPage();
    const problems = collectProblems(page);
    await page.goto(url("/"));
    await waitForApp(page);
    await page.getByRole("button", { name: "Use My Location" }).click();
    const alert = page.getByRole("alert").filter({ hasText: "Sorry, the following error occurred:" });
    await alert.waitFor();
    const text = (await alert.innerText()).trim();
    assert.match(text, /^Sorry, the following error occurred: \S/, "the device's error message follows the spec text");
    assert.equal(new URL(page.url()).pathname, "/");

    await alert.getByRole("button", { name: "Start Over" }).click();
    await alert.waitFor({ state: "detached" });
    const focused = await page.evaluate(() => document.activeElement?.getAttribute("name"));
    assert.equal(focused, "zip");
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("signed in: messages carousel, notification modal, products of the default food bank, Order Now", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.clock.install(); // flows as real time does until the carousel holds it
    const problems = collectProblems(page);

    await page.goto(url("/account/login?returnTo=%2F"));
    await waitForApp(page);
    await page.getByRole("textbox", { name: "E-Mail" }).fill("demo@example.org");
    await page.getByLabel("Password").fill("OrderAhead!demo");
    await page.getByRole("button", { name: "Login" }).click();
    const remember = page.getByRole("dialog", { name: "Remember Me?" });
    await remember.waitFor();
    await remember.getByRole("button", { name: "No" }).click();
    await page.waitForURL((u) => u.pathname === "/");

    // Messages: a carousel of slides, with previous/next and autoplay (aria-live off while it moves).
    const carousel = page.locator('[aria-roledescription="carousel"]');
    await carousel.waitFor();
    assert.equal(await carousel.getAttribute("aria-labelledby") !== null, true);
    const slide = carousel.locator('[aria-roledescription="slide"]');
    await slide.waitFor();
    const label = await slide.getAttribute("aria-label");
    const m = /^(\d+) of (\d+)$/.exec(label ?? "");
    assert.ok(m, `slide label "${label}"`);
    const count = Number(m[2]);
    assert.ok(count > 1, "the demo shopper has several messages");
    const live = carousel.locator("[aria-live]");

    // Autoplay: a slide changes by itself every 3 s while nothing hovers or focuses it. The clock
    // is held still so that moving it on by 3 s fires exactly one of the carousel's ticks.
    await page.mouse.move(0, 0);
    assert.equal(await live.getAttribute("aria-live"), "off");
    await holdClock(page);
    const first = await slide.getAttribute("aria-label");
    await runTimers(page, MESSAGES_AUTOPLAY_MS);
    assert.notEqual(await slide.getAttribute("aria-label"), first, "it did not move by itself");

    // Next moves to another message and stops the rotation while focus is in the carousel.
    const next = carousel.getByRole("button", { name: "Next message" });
    await carousel.getByRole("button", { name: "Previous message" }).waitFor();
    const beforeNext = await slide.getAttribute("aria-label");
    const textBefore = await slide.innerText();
    await next.click();
    const afterNext = await slide.getAttribute("aria-label");
    assert.notEqual(afterNext, beforeNext);
    assert.equal(Number(afterNext.split(" ")[0]), (Number(beforeNext.split(" ")[0]) % count) + 1);
    assert.notEqual(await slide.innerText(), textBefore);
    assert.equal(await live.getAttribute("aria-live"), "polite", "announced while it does not move by itself");
    await runTimers(page, MESSAGES_AUTOPLAY_MS); // the steps that moved it above
    assert.equal(await slide.getAttribute("aria-label"), afterNext, "it moved on while focused");
    await page.clock.resume();

    // A notification opens a modal with its title and its details (HTML from the host). Order
    // notices that other suites on this server caused (e.g. "Your order is ready") have no
    // details: the first notification that has some is the one checked.
    const notification = slide.getByRole("button");
    let shown = false;
    for (let i = 0; i < count && !shown; i++) {
      if (await notification.count()) {
        const title = await notificationTitle(notification);
        await notification.click();
        const dialog = page.getByRole("dialog", { name: title });
        await dialog.waitFor();
        const details = dialog.locator(".message-details");
        if (await details.count()) {
          assert.ok((await details.innerText()).trim().length > 0, "the details are shown");
          shown = true;
        }
        await dialog.getByRole("button", { name: "Close" }).click();
        await dialog.waitFor({ state: "detached" });
      }
      if (!shown) await next.click();
    }
    assert.ok(shown, "no notification with details among the messages");

    // The default food bank's products: a scrolling list of tiles with picture and name.
    const products = page.getByRole("list", { name: /^Available at / });
    await products.waitFor();
    const tiles = products.getByRole("listitem");
    assert.ok((await tiles.count()) > 3, "the product carousel shows products");
    assert.ok((await tiles.first().innerText()).trim().length > 0, "a tile has the product's name");
    assert.equal(await products.evaluate((el) => getComputedStyle(el).scrollSnapType.startsWith("x")), true);

    // Order Now, 2 s after the page. With no site chosen and no zip typed it searches pantries by
    // the shopper's own zip, else it sends them to the zip field.
    const orderNow = page.getByRole("button", { name: "Order Now" });
    await orderNow.waitFor({ timeout: 5000 });
    assert.equal(await page.getByRole("button", { name: "Get Started" }).count(), 0);
    const ownZip = await page.evaluate(() => JSON.parse(localStorage.getItem("oa.profile") ?? "{}").postalCode ?? "");
    await orderNow.click();
    if (/^\d{5}$/.test(ownZip)) {
      await page.waitForURL((u) => u.pathname === "/pantries" && u.searchParams.get("zip") === ownZip);
      await page.getByRole("heading", { name: "Find a Pantry", level: 1 }).waitFor();
    } else {
      await page.waitForFunction(() => document.activeElement?.getAttribute("name") === "zip");
    }

    assert.deepEqual(problems, []);
    await context.close();
  });

  test("signed in: opening an unread notification marks it read, on the device and for the account", async () => {
    const token = await newAccountToken();
    const context = await browser.newContext();
    const page = await context.newPage();
    const problems = collectProblems(page);
    await page.goto(url("/"));
    await page.evaluate((token) => localStorage.setItem("oa.token", JSON.stringify(token)), token);
    await page.reload();
    await waitForApp(page);
    const carousel = page.locator('[aria-roledescription="carousel"]');
    const slide = carousel.locator('[aria-roledescription="slide"]');
    // A new account has no orders: every slide is a notification, all unread.
    await carousel.getByRole("button", { name: "Pause messages" }).click();
    await carousel.getByRole("button", { name: "Play messages" }).waitFor();
    const button = slide.getByRole("button");
    await button.locator(".message-new").waitFor();
    const title = await notificationTitle(button);
    const markRead = page.waitForRequest((r) => r.method() === "PUT" && /\/api\/v1\/messages\/\d+\/read$/.test(r.url()));
    await button.click();
    const request = await markRead;
    assert.equal((await request.response())?.status(), 200);
    const id = Number(request.url().split("/").at(-2));
    const dialog = page.getByRole("dialog", { name: title });
    await dialog.waitFor();
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    assert.equal(await button.locator(".message-new").count(), 0, "still marked New");
    assert.deepEqual(await page.evaluate(() => JSON.parse(localStorage.getItem("oa.readMessages"))), [id]);
    const messages = await fetch(url("/api/v1/messages"), { headers: { authorization: `Bearer ${token}` } }).then((r) => r.json());
    assert.equal(messages.value.find((m) => m.type === "notification" && m.data.id === id)?.isRead, true);

    // Order Now with the account's own zip and nothing chosen: the pantries there.
    await page.getByRole("button", { name: "Order Now" }).click();
    await page.waitForURL((u) => u.pathname === "/pantries" && u.search === "?zip=43215");
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("signed in: with prefers-reduced-motion the messages do not move by themselves", async () => {
    const token = await newAccountToken();
    const context = await browser.newContext({ reducedMotion: "reduce" });
    const page = await context.newPage();
    await page.clock.install();
    const problems = collectProblems(page);
    await page.goto(url("/"));
    await page.evaluate((token) => localStorage.setItem("oa.token", JSON.stringify(token)), token);
    await page.reload();
    await waitForApp(page);
    await page.mouse.move(0, 0);
    const carousel = page.locator('[aria-roledescription="carousel"]');
    const slide = carousel.locator('[aria-roledescription="slide"]');
    await slide.waitFor();
    assert.equal(await slide.getAttribute("aria-label"), "1 of " + (await slide.getAttribute("aria-label")).split(" of ")[1]);
    assert.equal(await carousel.locator("[aria-live]").getAttribute("aria-live"), "polite");
    await holdClock(page);
    await runTimers(page, MESSAGES_AUTOPLAY_MS); // the steps that move it without the preference
    assert.match(await slide.getAttribute("aria-label"), /^1 of \d+$/, "it moved by itself");
    // The buttons still move it.
    await carousel.getByRole("button", { name: "Next message" }).click();
    assert.match(await slide.getAttribute("aria-label"), /^2 of \d+$/);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("signed in: an order message opens the order's page", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const problems = collectProblems(page);
    const login = await fetch(url("/api/v1/account/login"), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ Username: "demo@example.org", Password: "OrderAhead!demo" }),
    }).then((r) => r.json());
    assert.ok(login.successful, "demo login");
    const messages = await fetch(url("/api/v1/messages"), { headers: { authorization: `Bearer ${login.value}` } }).then((r) => r.json());
    const order = messages.value.find((m) => m.type === "order");
    assert.ok(order, "the demo shopper has an upcoming order");
    await page.goto(url("/"));
    await page.evaluate((token) => localStorage.setItem("oa.token", JSON.stringify(token)), login.value);
    await page.reload();
    await waitForApp(page);
    const carousel = page.locator('[aria-roledescription="carousel"]');
    const link = carousel.locator(`a[href="/account/orders/${order.data.id}"]`);
    const next = carousel.getByRole("button", { name: "Next message" });
    await carousel.waitFor();
    for (let i = 0; i < messages.value.length && !(await link.count()); i++) await next.click();
    await link.click();
    await page.waitForURL((u) => u.pathname === `/account/orders/${order.data.id}`);
    await page.getByRole("heading", { level: 1, name: `Order ${order.data.id.toString(16).toUpperCase()}` }).waitFor();
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("searching for sites from home starts over: the cart and the chosen site are cleared", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const problems = collectProblems(page);
    await page.goto(url("/"));
    await waitForApp(page);
    await page.evaluate(() => {
      localStorage.setItem("oa.cart", JSON.stringify([{ id: 1, pantryItemID: 1, quantity: 5, pantryItem: { name: "Rice" } }]));
      localStorage.setItem("oa.pantry", JSON.stringify({ id: 1, label: "Old Site" }));
    });
    await page.reload();
    await waitForApp(page);
    await page.getByRole("link", { name: /^Cart, 1 item/ }).waitFor();
    await page.getByRole("textbox", { name: "Zip Code" }).pressSequentially("43215");
    await page.waitForURL((u) => u.pathname === "/pantries" && u.searchParams.get("zip") === "43215");
    const left = await page.evaluate(() => ({ cart: JSON.parse(localStorage.getItem("oa.cart") ?? "[]"), pantry: localStorage.getItem("oa.pantry") }));
    assert.deepEqual(left.cart, []);
    assert.equal(left.pantry, null);
    await page.getByRole("banner").getByRole("link", { name: /^Cart/ }).waitFor({ state: "detached" });
    assert.deepEqual(problems, []);
    await context.close();
  });
});
