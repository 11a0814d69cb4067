// Issue 4, the whole journey of a new shopper in one browser session, as a person would go:
// home, zip, the pantry list and its map, a pickup time, the food bank's introduction, the shop up
// to a product's limit, the product page, the cart, sign-up from checkout, the screening and the
// survey, and the confirmation. axe-core checks every page (and open dialog) on the way.
// Run through `cargo test --test it browser` (sets BASE_URL).
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { assertAccessible, collectProblems, launch, url, waitForApp } from "./lib.mjs";

const ZIP = "43215";

async function api(path) {
  const res = await fetch(url(`/api/v1${path}`));
  const body = await res.json();
  assert.ok(body.successful, `${path}: ${body.failureReason}`);
  return body.value;
}

/** A product of the pantry whose own limit (at least 2) is reached before the order's item limit. */
async function limitedItem(pantryId) {
  const { items } = await api(`/locations/${pantryId}/inventory`);
  const limits = await api(`/limits/locations/${pantryId}`);
  const orderLimit = Math.min(Infinity, ...limits.filter((l) => l.limitType?.code === "ITEM").map((l) => l.value));
  return items.find((i) => i.effectiveLimit && i.effectiveLimit.limit >= 2 && i.effectiveLimit.limit < Math.min(orderLimit, 6));
}

describe("a new shopper's journey", () => {
  let browser;
  before(async () => {
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
  });

  test("home to a confirmed pickup order, every page accessible", async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, tefapAnswered: false });
    const page = await context.newPage();
    const problems = collectProblems(page);

    await page.goto(url("/"));
    await waitForApp(page);
    await assertAccessible(page, "home");
    await page.getByRole("textbox", { name: "Zip Code" }).pressSequentially(ZIP);
    await page.waitForURL((u) => u.pathname === "/pantries" && u.searchParams.get("zip") === ZIP);
    await page.locator(".pantry-map[data-ready]").waitFor();
    await assertAccessible(page, "pantries");

    // The first pantry without a referral requirement whose products include a limited one.
    const cards = page.getByRole("list", { name: "Pantries" }).locator(":scope > li");
    const n = await cards.count();
    let chosen = null;
    for (let i = 0; i < n && !chosen; i++) {
      const card = cards.nth(i);
      if (/Referral required|No pickup times available/.test(await card.innerText())) continue;
      const href = await card.getByRole("heading", { level: 2 }).getByRole("link").getAttribute("href");
      const id = Number(href.split("/").pop());
      const item = await limitedItem(id);
      if (item) chosen = { card, id, item };
    }
    assert.ok(chosen, `no open pantry near ${ZIP} with a limited product`);
    await chosen.card.getByRole("list").getByRole("button").first().click();
    const picker = page.getByRole("dialog", { name: "Choose a pickup time" });
    if (await picker.isVisible()) {
      await assertAccessible(page, "pickup time picker");
      await picker.getByRole("button", { name: "Ok" }).click();
    }
    await page.getByRole("button", { name: "Pick Up Here" }).click();
    const intro = page.getByRole("dialog");
    await intro.getByRole("button", { name: "Start Order" }).waitFor();
    await assertAccessible(page, "food bank introduction");
    await intro.getByRole("button", { name: "Start Order" }).click();

    await page.waitForURL((u) => u.pathname === "/products" && u.searchParams.get("pantry") === String(chosen.id));
    // A first-time shopper of a TEFAP food bank is offered the survey once; No Thanks keeps shopping.
    const tefap = page.getByRole("dialog", { name: "Additional Free Groceries" });
    await tefap.waitFor();
    await assertAccessible(page, "TEFAP prompt");
    await tefap.getByRole("button", { name: "No Thanks" }).click();
    await tefap.waitFor({ state: "detached" });
    const { item } = chosen;
    const name = item.pantryItem.name;
    const tile = page.getByRole("article", { name, exact: true });
    await tile.waitFor();
    await assertAccessible(page, "shop");
    await tile.getByRole("button", { name: /^Add to Cart/ }).click();
    const plus = tile.getByRole("button", { name: `Add one ${name}` });
    for (let k = 1; k < item.effectiveLimit.limit; k++) await plus.click();
    // A limit reached: the stepper stops and says why.
    assert.ok(await plus.isDisabled());
    await tile.getByText(item.effectiveLimit.message).waitFor();
    await assertAccessible(page, "shop at a limit");

    await tile.getByRole("link", { name, exact: true }).first().click();
    await page.waitForURL((u) => u.pathname === `/products/${item.id}`);
    await page.getByRole("heading", { level: 1, name }).waitFor();
    await assertAccessible(page, "product");
    await page.getByRole("link", { name: "View Cart" }).click();
    await page.waitForURL((u) => u.pathname === "/cart");
    await page.getByRole("heading", { level: 1, name: "Cart" }).waitFor();
    await assertAccessible(page, "cart");

    await page.getByRole("link", { name: "Checkout", exact: true }).click();
    await page.waitForURL((u) => u.pathname === "/account/login");
    await page.getByRole("heading", { name: "Login", level: 1 }).waitFor();
    await assertAccessible(page, "login");
    await page.getByRole("link", { name: "Sign up" }).click();
    await page.waitForURL((u) => u.pathname === "/account/register");
    await assertAccessible(page, "register");
    await page.getByRole("textbox", { name: "First Name" }).fill("Journey");
    await page.getByRole("textbox", { name: "Last Name" }).fill("Shopper");
    await page.getByRole("textbox", { name: "E-Mail" }).fill(`journey.${Date.now()}@example.org`);
    await page.getByLabel("Password").fill("a good password 3");
    await page.getByRole("textbox", { name: "Phone" }).pressSequentially("6145550111");
    await page.getByRole("textbox", { name: "Zip Code" }).fill(ZIP);
    await page.getByRole("checkbox", { name: "I am eligible" }).check();
    await page.getByRole("button", { name: "Sign up" }).click();
    const remember = page.getByRole("dialog", { name: "Remember Me?" });
    await remember.waitFor();
    await assertAccessible(page, "remember-me prompt");
    await remember.getByRole("button", { name: "No" }).click();

    await page.waitForURL((u) => u.pathname.startsWith("/cart/schedulepickup"), { waitUntil: "commit" });
    await page.getByRole("heading", { name: "Schedule Order", level: 1 }).waitFor();
    await page.getByRole("group", { name: /worried whether our food would run out/ }).waitFor();
    await assertAccessible(page, "checkout: screening");
    await page.getByRole("group", { name: /worried whether our food would run out/ }).getByRole("radio", { name: "Sometimes" }).check();
    await page.getByRole("group", { name: /didn't last/ }).getByRole("radio", { name: "Sometimes" }).check();
    await page.getByRole("group", { name: /last receive food/ }).getByRole("radio", { name: "In the last year" }).check();
    await page.getByRole("button", { name: "Submit" }).click();
    await page.getByRole("heading", { name: "Survey" }).waitFor();
    await assertAccessible(page, "checkout: survey");
    await page.getByRole("combobox", { name: "How many people live in your household?" }).selectOption("2");
    await page.getByRole("textbox", { name: "Street" }).fill("5 Long St");
    await page.getByRole("textbox", { name: "City" }).fill("Columbus");
    await page.getByRole("combobox", { name: "State" }).selectOption("OH");
    await page.getByRole("checkbox", { name: "All Data Is Accurate" }).check();
    await page.getByRole("button", { name: "Submit" }).click();

    const place = page.getByRole("button", { name: "Place Order" });
    await place.waitFor();
    await assertAccessible(page, "checkout: confirmation");
    await place.click();
    await page.waitForURL((u) => u.pathname.startsWith("/cart/confirmation/"));
    await page.getByRole("heading", { name: "Order Confirmed", level: 1 }).waitFor();
    await assertAccessible(page, "order confirmed");
    // The order holds what the cart held.
    const orderId = Number(new URL(page.url()).pathname.split("/").pop());
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem("oa.token")));
    const res = await fetch(url(`/api/v1/orders/${orderId}/items`), { headers: { Authorization: `Bearer ${token}` } });
    const lines = (await res.json()).value;
    assert.equal(lines.length, 1);
    assert.equal(lines[0].quantity, item.effectiveLimit.limit);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("the Not Found page and a pantry's own page are accessible", async () => {
    const live = await browser.newContext();
    const p2 = await live.newPage();
    await p2.goto(url("/no/such/page"));
    await waitForApp(p2);
    await p2.getByRole("heading", { name: "Sorry, this page cannot be found." }).waitFor();
    await assertAccessible(p2, "not found");
    await p2.goto(url(`/pantries?zip=${ZIP}`));
    await waitForApp(p2);
    const href = await p2.getByRole("list", { name: "Pantries" }).getByRole("heading", { level: 2 }).getByRole("link").first().getAttribute("href");
    await p2.goto(url(href));
    await waitForApp(p2);
    await assertAccessible(p2, "pantry detail");
    await live.close();
  });
});
