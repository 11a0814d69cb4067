// Shell features: offline banner, cart restored from device storage, top-bar icons, service worker.
// Run through `cargo test --test it browser` (sets BASE_URL).
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { collectProblems, launch, url, waitForApp } from "./lib.mjs";

const OFFLINE = "Currently Offline";
const HERO = { name: "OrderAhead", level: 1 };
const item = (id, pantryItemID) => ({ id, pantryItemID, quantity: 5, pantryItem: { name: `Item ${id}` } });

/**
 * Offline as the page sees it: the emulated network drops and the browser event fires. First the
 * page finishes what it fetches after hydrating (the refusal texts of a lazy module): cut off,
 * that fetch is a console error the tests' problem lists would catch, and on a slow machine it may
 * still be on its way when the app marks itself ready.
 */
async function goOffline(context, page) {
  await page.waitForLoadState("networkidle");
  await context.setOffline(true);
  await page.evaluate(() => window.dispatchEvent(new Event("offline")));
}
async function goOnline(context, page) {
  await context.setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event("online")));
}

describe("shell", () => {
  let browser;
  before(async () => {
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
  });

  test("offline banner: Check Again shows Checking..., stays offline, hides when back online", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const problems = collectProblems(page);
    await page.goto(url("/"));
    await waitForApp(page);
    const banner = page.getByRole("status").filter({ hasText: OFFLINE });
    assert.equal(await banner.count(), 0);

    await goOffline(context, page);
    await banner.waitFor();
    await banner.getByRole("button", { name: "Check Again" }).click();
    await banner.getByRole("button", { name: "Checking..." }).waitFor({ timeout: 1000 });
    // The favicon fetch fails offline; after the 5 s indicator the banner is still there.
    await banner.getByRole("button", { name: "Check Again" }).waitFor({ timeout: 7000 });
    assert.ok(await banner.isVisible(), "still offline after the check");

    await goOnline(context, page);
    await banner.waitFor({ state: "detached", timeout: 1000 });
    // Chromium logs the failed probe itself; that is the check working, anything else is a problem.
    const probe = /ERR_INTERNET_DISCONNECTED .*\/favicon\.ico$/;
    assert.deepEqual(problems.filter((p) => !probe.test(p)), []);
    await context.close();
  });

  test("offline banner hides itself 5 s after it appears", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(url("/"));
    await waitForApp(page);
    await goOffline(context, page);
    const text = page.getByText(OFFLINE);
    await text.waitFor();
    const shown = Date.now();
    await text.waitFor({ state: "detached", timeout: 8000 });
    const after = Date.now() - shown;
    assert.ok(after > 4000 && after < 7000, `hid after ${after} ms`);
    await context.close();
  });

  test("a stored cart is restored after hydration and the counter shows its count", async () => {
    const context = await browser.newContext();
    await context.addInitScript((cart) => localStorage.setItem("oa.cart", cart), JSON.stringify([item(1, 10), item(1, 10), item(2, 20)]));
    const page = await context.newPage();
    const problems = collectProblems(page);
    await page.goto(url("/"));
    await waitForApp(page);
    const topbar = page.getByRole("banner");
    const cart = topbar.getByRole("link", { name: "Cart, 3 items" });
    await cart.waitFor();
    assert.equal((await cart.textContent()).trim(), "3");
    assert.equal(await cart.getAttribute("href"), "/cart");
    assert.equal(await topbar.getByRole("link", { name: "Login" }).count(), 0, "no login icon while the cart has items");
    assert.equal(await page.locator(".badge.pulse").count(), 0, "restoring is not a change: no pulse");
    // Still mirrored as it was: restoring does not rewrite or drop the stored cart.
    assert.equal(await page.evaluate(() => JSON.parse(localStorage.getItem("oa.cart")).length), 3);
    assert.deepEqual(problems, [], "hydration with a stored cart must not mismatch");
    await context.close();
  });

  test("top bar: a login icon when signed out with an empty cart, nothing when a token is stored", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const problems = collectProblems(page);
    await page.goto(url("/"));
    await waitForApp(page);
    const login = page.getByRole("banner").getByRole("link", { name: "Login" });
    await login.waitFor();
    assert.equal(await login.getAttribute("href"), "/account/login");

    // A real session: the signed-in home calls the API with it, and a forged token would be a 401.
    const res = await fetch(url("/api/v1/account/login"), {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ Username: "demo@example.org", Password: "OrderAhead!demo" }),
    });
    const token = (await res.json()).value;
    assert.ok(token, "demo login");
    await page.evaluate((tk) => localStorage.setItem("oa.token", JSON.stringify(tk)), token);
    await page.reload();
    await waitForApp(page);
    await login.waitFor({ state: "detached" });
    const nav = page.getByRole("navigation", { name: "Main menu" });
    await page.getByRole("button", { name: "Menu", exact: true }).click();
    await nav.getByRole("link", { name: "Orders" }).waitFor();
    assert.equal(await nav.getByRole("link", { name: "Login" }).count(), 0);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("on an old address of the app, the outdated banner links to the same route on the new site", async () => {
    // The test server names `localhost` as an old host and http://localhost as its public URL.
    const context = await browser.newContext();
    const page = await context.newPage();
    const problems = collectProblems(page);
    const old = new URL(url("/pantries?zip=43215"));
    old.hostname = "localhost";
    await page.goto(old.href);
    await waitForApp(page);
    const link = page.getByRole("link", { name: "Please visit the new site" });
    await link.waitFor();
    assert.equal(await link.getAttribute("href"), "http://localhost/pantries?zip=43215");
    await page.getByText("uninstall", { exact: false }).waitFor();

    await page.goto(url("/pantries?zip=43215"));
    await waitForApp(page);
    assert.equal(await link.count(), 0, "no banner on the current address");
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("a page with its own title shows it with a logo link home instead of the menu", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(url("/cart/schedulepickup"));
    const bar = page.getByRole("banner");
    await bar.getByText("Schedule Order").waitFor();
    assert.equal(await bar.getByRole("link", { name: "Home" }).getAttribute("href"), "/");
    assert.equal(await bar.getByRole("button", { name: "Menu", exact: true }).count(), 0);
    await page.goto(url("/cart"));
    // Without JavaScript the menu button is in the markup but hidden (the menu shows as links).
    await bar.locator(".menu-btn").waitFor({ state: "attached" });
    assert.equal(await bar.getByText("Schedule Order").count(), 0);
    await context.close();
  });

  test("the service worker registers and a second visit of / works offline", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const problems = collectProblems(page);
    await page.goto(url("/"));
    await waitForApp(page);
    const script = await page.evaluate(async () => {
      const reg = await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller) {
        await new Promise((resolve) => navigator.serviceWorker.addEventListener("controllerchange", resolve, { once: true }));
      }
      return reg.active.scriptURL;
    });
    assert.equal(new URL(script).pathname, "/sw.js");

    await context.setOffline(true);
    await page.reload();
    await page.getByRole("heading", HERO).waitFor();
    await waitForApp(page);
    // Served from the cache: hydrated, interactive, and aware that the network is gone.
    await page.getByText(OFFLINE).waitFor();
    await page.getByRole("button", { name: "Get Started" }).waitFor({ timeout: 5000 });
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("a new service worker version offers Reload, which reloads under the new worker", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const problems = collectProblems(page);
    await page.goto(url("/"));
    await waitForApp(page);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller) {
        await new Promise((resolve) => navigator.serviceWorker.addEventListener("controllerchange", resolve, { once: true }));
      }
    });
    assert.equal(await page.getByText("A new version has been installed").count(), 0);

    // A new deploy, as far as the browser can tell: a different script URL installs a new worker
    // (Playwright cannot intercept the worker's own script fetch to change its bytes).
    await page.evaluate(() => navigator.serviceWorker.register("/sw.js?next-deploy", { updateViaCache: "none" }));
    const toast = page.getByRole("status").filter({ hasText: "A new version has been installed" });
    await toast.waitFor({ timeout: 10_000 });
    assert.match(await page.evaluate(() => navigator.serviceWorker.controller.scriptURL), /\/sw\.js$/, "the old worker waits for Reload");
    await page.evaluate(() => {
      window.__oaBeforeReload = true;
    });
    await toast.getByRole("button", { name: "Reload" }).click();
    await page.waitForFunction(() => !window.__oaBeforeReload && document.documentElement.hasAttribute("data-oa-ready"), null, { timeout: 10_000 });
    assert.match(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL), /\?next-deploy$/, "reloaded under the new worker");
    assert.deepEqual(problems, []);
    await context.close();
  });
});
