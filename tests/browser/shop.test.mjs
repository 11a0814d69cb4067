// Shop, product detail and cart on the demo data: products render without JavaScript, and with it a
// shopper adds an item up to its limit, sees the top-bar counter follow and checks the cart.
// Run through `cargo test --test it browser` (sets BASE_URL).
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { SIGN_UP_OFFER_DELAY_MS, assertAccessible, collectProblems, installHeldClock, launch, offered, runTimers, url, waitForApp } from "./lib.mjs";

async function api(path) {
  const res = await fetch(url(`/api/v1${path}`));
  const body = await res.json();
  assert.ok(body.successful, `${path}: ${body.failureReason}`);
  return body.value;
}

/**
 * A Columbus pantry (zip 43215) and one of its products whose own limit is reached before the
 * order's item limit, so its limit message shows.
 */
async function findPantryAndItem() {
  const geo = await api("/locations/geocode/43215");
  const pantries = await api(`/locations?lat=${geo.latitude}&lng=${geo.longitude}&radiusMiles=10`);
  for (const pantry of pantries.filter((p) => !p.isRestricted)) {
    const { items } = await api(`/locations/${pantry.id}/inventory`);
    const limits = await api(`/limits/locations/${pantry.id}`);
    const orderLimit = Math.min(Infinity, ...limits.filter((l) => l.limitType?.code === "ITEM").map((l) => l.value));
    const item = items.find((i) => i.effectiveLimit && i.effectiveLimit.limit >= 2 && i.effectiveLimit.limit < Math.min(orderLimit, 8));
    if (item) return { pantry, item, items };
  }
  throw new Error("no demo pantry near 43215 with a product limited below the order limit");
}

describe("shop", () => {
  let browser;
  let found;
  before(async () => {
    browser = await launch();
    found = await findPantryAndItem();
  });
  after(async () => {
    await browser?.close();
  });

  test("without JavaScript the shop and a product page show products", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const { pantry, item, items } = found;
    await page.goto(url(`/products?pantry=${pantry.id}`));
    await page.getByText(`Pickup at ${pantry.label}`).waitFor();
    assert.equal(await page.getByRole("article").count(), items.length);
    await page.getByRole("link", { name: item.pantryItem.name, exact: true }).first().waitFor();
    await page.getByRole("link", { name: "Change Pickup Site" }).waitFor();

    await page.goto(url(`/products/${item.id}?pantry=${pantry.id}`));
    await page.getByRole("heading", { level: 1, name: item.pantryItem.name }).waitFor();
    await page.getByRole("link", { name: "Continue Shopping" }).waitFor();
    await page.getByRole("link", { name: "View Cart" }).waitFor();

    await page.goto(url("/products"));
    await page.getByRole("heading", { name: "No pickup site selected" }).waitFor();
    await page.getByRole("link", { name: "Select Pickup Site" }).waitFor();
    await context.close();
  });

  test("adding up to the limit, the counter follows, Checkout Now opens the cart", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const problems = collectProblems(page);
    const { pantry, item } = found;
    const name = item.pantryItem.name;
    const limit = item.effectiveLimit.limit;
    await page.goto(url(`/products?pantry=${pantry.id}`));
    await waitForApp(page);

    const tile = page.getByRole("article", { name, exact: true });
    await tile.getByRole("button", { name: /^Add to Cart/ }).click();
    const plus = tile.getByRole("button", { name: `Add one ${name}` });
    for (let n = 1; n < limit; n++) await plus.click();
    assert.ok(await plus.isDisabled(), "plus is disabled at the limit");
    await tile.getByText(item.effectiveLimit.message).waitFor();
    await page.getByRole("banner").getByRole("link", { name: `Cart, ${limit} items` }).waitFor();

    await tile.getByRole("button", { name: `Remove one ${name}` }).click();
    await page.getByRole("banner").getByRole("link", { name: `Cart, ${limit - 1} items` }).waitFor();
    assert.equal(await plus.isDisabled(), false);

    await page.getByRole("link", { name: /^Checkout Now/ }).click();
    await page.waitForURL(/\/cart$/);
    await page.getByRole("heading", { level: 1, name: "Cart" }).waitFor();
    await page.getByRole("heading", { name, exact: true }).waitFor();
    await page.getByText(`${limit - 1} items`, { exact: true }).waitFor();
    await page.getByRole("link", { name: "Checkout", exact: true }).waitFor();

    // The product page shares the cart: its stepper shows the same count.
    await page.goto(url(`/products/${item.id}?pantry=${pantry.id}`));
    await waitForApp(page);
    await page.getByRole("group", { name: `${limit - 1} of ${name} in cart` }).waitFor();
    await page.getByRole("link", { name: "View Cart" }).click();
    await page.waitForURL(/\/cart$/);
    await page.getByRole("button", { name: `Remove ${name} from cart` }).click();
    await page.getByText("There are no products in your cart").waitFor();
    assert.ok(await page.getByRole("button", { name: "Checkout", exact: true }).isDisabled());
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("at the order-size limit the server computes, adding stops and the shop and cart say why", async () => {
    const geo = await api("/locations/geocode/43215");
    const pantries = await api(`/locations?lat=${geo.latitude}&lng=${geo.longitude}&radiusMiles=10`);
    const parsons = pantries.find((p) => p.label === "Columbus Metropolitan Library - Parsons Branch");
    assert.ok(parsons, "the demo's Parsons Branch allows 15 items per order");
    const { items } = await api(`/locations/${parsons.id}/inventory`);
    const context = await browser.newContext();
    // Chosen as Pick Up Here would: the cart page shops at the selected site.
    const stored = { id: parsons.id, label: parsons.label, foodBankID: parsons.foodBankID };
    await context.addInitScript((p) => localStorage.setItem("oa.pantry", p), JSON.stringify(stored));
    const page = await context.newPage();
    const problems = collectProblems(page);
    await page.goto(url(`/products?pantry=${parsons.id}`));
    await waitForApp(page);
    const banner = page.getByText("There is a limit of 15 items per order");
    let count = 0;
    for (const item of items.filter((i) => i.effectiveLimit?.limit > 0)) {
      const name = item.pantryItem.name;
      const tile = page.getByRole("article", { name, exact: true });
      await tile.getByRole("button", { name: /^Add to Cart/ }).click();
      count += 1;
      const plus = tile.getByRole("button", { name: `Add one ${name}` });
      for (let n = 1; n < item.effectiveLimit.limit && count < 15; n++) {
        await plus.click();
        count += 1;
      }
      if (count === 15) break;
    }
    assert.equal(count, 15, "the demo stocks enough to reach the limit");
    await banner.waitFor();
    // Every product not yet in the cart can no longer be added.
    const adds = page.getByRole("button", { name: /^Add to Cart/ });
    assert.ok((await adds.count()) > 0);
    for (const add of await adds.all()) assert.ok(await add.isDisabled(), "Add to Cart is disabled at the limit");

    // At the limit is allowed to check out; the cart says why nothing more can be added.
    await page.getByRole("link", { name: /^Checkout Now/ }).click();
    await page.waitForURL(/\/cart$/);
    await page.getByText("There is a limit of 15 items per order").waitFor();
    await page.getByRole("link", { name: "Checkout", exact: true }).waitFor();
    await assertAccessible(page);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("plain /products goes to the stored pickup site's shop after hydration", async () => {
    const context = await browser.newContext();
    const { pantry } = found;
    await context.addInitScript((p) => localStorage.setItem("oa.pantry", p), JSON.stringify({ id: pantry.id, label: pantry.label, foodBankID: pantry.foodBankID }));
    const page = await context.newPage();
    const problems = collectProblems(page);
    await page.goto(url("/products"));
    await waitForApp(page);
    await page.waitForURL(new RegExp(`/products\\?pantry=${pantry.id}$`));
    await page.getByText(`Pickup at ${pantry.label}`).waitFor();
    // A product page without a site in its URL takes the stored one too.
    await page.goto(url(`/products/${found.item.id}`));
    await waitForApp(page);
    await page.waitForURL(new RegExp(`/products/${found.item.id}\\?pantry=${pantry.id}$`));
    await page.getByRole("heading", { level: 1, name: found.item.pantryItem.name }).waitFor();
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("a cart entry the site no longer offers is removed and shown in Products Unavailable", async () => {
    const context = await browser.newContext();
    const { pantry } = found;
    const gone = { id: 999999, pantryItemID: 999999, quantity: 1, pantryItem: { name: "Vanished Beans" } };
    await context.addInitScript((c) => localStorage.setItem("oa.cart", c), JSON.stringify([gone, gone]));
    const page = await context.newPage();
    const problems = collectProblems(page);
    await page.goto(url(`/products?pantry=${pantry.id}`));
    await waitForApp(page);
    const dialog = page.getByRole("dialog", { name: "Products Unavailable" });
    await dialog.getByText("Vanished Beans: Unavailable").waitFor();
    assert.equal(await page.evaluate(() => localStorage.getItem("oa.cart")), null, "removed from the stored cart too");
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("a first visit to a TEFAP food bank's shop offers the survey once; a food bank outside the program does not", async () => {
    const context = await browser.newContext({ tefapAnswered: false });
    const page = await context.newPage();
    // Held still until the offer has fired, so the page's own load takes none of the 2 s.
    await installHeldClock(page);
    const problems = collectProblems(page);
    const { pantry } = found;
    assert.equal(pantry.foodBank.isTEFAPEnabled, true, "the Columbus demo food bank is in the program");
    await page.goto(url(`/products?pantry=${pantry.id}`));
    await waitForApp(page);
    await page.getByRole("article").first().waitFor();
    await runTimers(page, SIGN_UP_OFFER_DELAY_MS - 500);
    assert.equal(await offered(page), false, "offered before the shopper has had 2 s with the shop (spec §9)");
    await runTimers(page, 600);
    assert.equal(await offered(page), false, "offered over a shop nobody has touched yet: it would be the page's largest paint (issue 52)");
    await page.mouse.wheel(0, 120); // the shopper's first input
    await page.locator(".shop[data-offer='tefap']").waitFor({ state: "attached" });
    await page.clock.resume(); // React reveals the dialog's lazy code on a timer of its own
    const prompt = page.getByRole("dialog", { name: "Additional Free Groceries" });
    await prompt.waitFor();
    await prompt.getByText(`${pantry.foodBank.name} also offers groceries from The Emergency Food Assistance Program (TEFAP).`, { exact: false }).waitFor();
    await prompt.getByRole("link", { name: "See If I Qualify" }).or(prompt.getByRole("button", { name: "See If I Qualify" })).waitFor();
    await prompt.getByRole("button", { name: "No Thanks" }).click();
    await prompt.waitFor({ state: "detached" });
    assert.equal(await page.evaluate(() => localStorage.getItem("oa.tefapAnswered")), "true");
    await page.reload();
    await waitForApp(page);
    await page.getByRole("article").first().waitFor();
    await page.mouse.wheel(0, 120);
    await runTimers(page, SIGN_UP_OFFER_DELAY_MS + 100); // the steps that showed it above
    assert.equal(await offered(page), false, "offered again after it was answered");
    assert.equal(await prompt.count(), 0, "offered again after it was answered");

    const fresh = await browser.newContext({ tefapAnswered: false });
    const other = await fresh.newPage();
    await other.clock.install();
    const seattle = await api("/locations?lat=47.6062&lng=-122.3321&radiusMiles=10");
    const outside = seattle.find((p) => p.foodBank.isTEFAPEnabled === false);
    assert.ok(outside, "a demo pantry whose food bank is not in the program");
    await other.goto(url(`/products?pantry=${outside.id}`));
    await waitForApp(other);
    await other.getByText(`Pickup at ${outside.label}`).waitFor();
    await other.mouse.wheel(0, 120);
    await runTimers(other, SIGN_UP_OFFER_DELAY_MS + 100);
    assert.equal(await offered(other), false, "offered by a food bank outside the program");
    assert.equal(await other.getByRole("dialog").count(), 0);
    assert.deepEqual(problems, []);
    await fresh.close();
    await context.close();
  });

  test("signed in, the shop refetches the inventory with the token; offline the cart's Checkout is disabled", async () => {
    const res = await fetch(url("/api/v1/account/login"), {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ Username: "demo@example.org", Password: "OrderAhead!demo" }),
    });
    const token = (await res.json()).value;
    const context = await browser.newContext();
    await context.addInitScript((tk) => localStorage.setItem("oa.token", tk), JSON.stringify(token));
    const page = await context.newPage();
    const problems = collectProblems(page);
    const { pantry, item } = found;
    const refetch = page.waitForRequest(
      (r) => r.url().endsWith(`/api/v1/locations/${pantry.id}/inventory`) && r.headers().authorization === `Bearer ${token}`,
    );
    await page.goto(url(`/products?pantry=${pantry.id}`));
    await waitForApp(page);
    await refetch;
    const tile = page.getByRole("article", { name: item.pantryItem.name, exact: true });
    await tile.getByRole("button", { name: /^Add to Cart/ }).click();
    await page.getByRole("link", { name: /^Checkout Now/ }).click();
    await page.getByRole("link", { name: "Checkout", exact: true }).waitFor();
    await context.setOffline(true);
    await page.evaluate(() => window.dispatchEvent(new Event("offline")));
    const disabled = page.getByRole("button", { name: "Checkout Disabled" });
    await disabled.waitFor();
    assert.ok(await disabled.isDisabled());
    await context.setOffline(false);
    const probe = /ERR_INTERNET_DISCONNECTED/;
    assert.deepEqual(problems.filter((p) => !probe.test(p)), []);
    await context.close();
  });

  test("a product with two photos shows them as a carousel that opens full screen", async () => {
    const { pantry, items } = found;
    const item = items.find((i) => (i.attachmentCollection ?? []).length >= 2);
    assert.ok(item, "a demo product with two photos at this pantry");
    const name = item.pantryItem.name;
    const context = await browser.newContext();
    const page = await context.newPage();
    const problems = collectProblems(page);
    await page.goto(url(`/products/${item.id}?pantry=${pantry.id}`));
    await waitForApp(page);
    const carousel = page.getByRole("region", { name: `Photos of ${name}` });
    await carousel.getByRole("img", { name: "Photo 1 of 2" }).waitFor();
    await carousel.getByRole("button", { name: "Next photo" }).click();
    await carousel.getByRole("img", { name: "Photo 2 of 2" }).waitFor();
    await carousel.getByRole("button", { name: "View photo full screen" }).click();
    const full = page.getByRole("dialog", { name });
    await full.getByRole("img", { name: "Photo 2 of 2" }).waitFor();
    await assertAccessible(page, "product photo full screen");
    await page.keyboard.press("Escape");
    await full.waitFor({ state: "detached" });
    assert.deepEqual(problems, []);
    await context.close();
  });
});
