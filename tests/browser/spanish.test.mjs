// Issue 13: a Spanish-speaking shopper (Chromium in es-US) goes from home to a confirmed order
// entirely in Spanish, then switches to English and back. Every name the test looks for comes from
// es.json, and each page is checked for English texts of the catalog that would show instead.
// Run through `cargo test --test it browser` (sets BASE_URL).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { after, before, describe, test } from "node:test";
import { assertAccessible, collectProblems, launch, url, waitForApp } from "./lib.mjs";

const catalog = (lang) => JSON.parse(readFileSync(new URL(`../../app/src/i18n/${lang}.json`, import.meta.url), "utf8"));
const en = catalog("en");
const es = catalog("es");
const ZIP = "43215";

/** es[key] with its {placeholders} filled. */
const S = (key, vars = {}) => es[key].replace(/\{(\w+)\}/g, (whole, name) => (name in vars ? String(vars[name]) : whole));
const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** English catalog texts (whole sentences or labels that differ in Spanish) visible on the page. */
const ENGLISH_ONLY = Object.keys(en)
  .filter((k) => !en[k].includes("{") && en[k].trim().length >= 6 && en[k] !== es[k])
  .map((k) => en[k]);
/** Demo category names, which the server names in Spanish for a Spanish page. */
const CATEGORIES = ["Produce", "Dairy & Eggs", "Meat & Protein", "Canned Goods", "Pasta, Rice & Grains", "Breakfast & Cereal", "Bread & Bakery", "Beverages", "Frozen", "Snacks", "Baby Care", "Personal Care & Household"];

async function assertNoEnglish(page, where) {
  // Short texts must be a whole text or label (so "Street" in "High Street" is data, not a leak);
  // sentences count anywhere in the page.
  const { body, pieces } = await page.evaluate(() => {
    const pieces = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) if (walker.currentNode.parentElement?.offsetParent !== null) pieces.push(walker.currentNode.nodeValue.trim());
    for (const el of document.querySelectorAll("[aria-label], [placeholder], [title]")) {
      for (const a of ["aria-label", "placeholder", "title"]) if (el.getAttribute(a)) pieces.push(el.getAttribute(a).trim());
    }
    return { body: document.body.innerText, pieces };
  });
  const whole = new Set(pieces);
  const leaks = [...ENGLISH_ONLY.filter((s) => whole.has(s) || (s.length >= 20 && body.includes(s))), ...CATEGORIES.filter((c) => whole.has(c))];
  assert.deepEqual(leaks, [], `${where}: English texts on a Spanish page`);
  assert.equal(await page.evaluate(() => document.documentElement.lang), "es", `${where}: <html lang>`);
}

async function api(path) {
  const body = await fetch(url(`/api/v1${path}`)).then((r) => r.json());
  assert.ok(body.successful, `${path}: ${body.failureReason}`);
  return body.value;
}

describe("en español", () => {
  let browser;
  before(async () => {
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
  });

  test("without JavaScript, ?lang=es serves the page in Spanish", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(url("/pantries?zip=43215&lang=es"));
    await page.getByRole("heading", { level: 1, name: S("pantries.title") }).waitFor();
    assert.equal(await page.evaluate(() => document.documentElement.lang), "es");
    await context.close();
  });

  test("a Spanish-speaking shopper orders in Spanish, then switches to English and back", async () => {
    const context = await browser.newContext({ locale: "es-US", viewport: { width: 390, height: 844 }, tefapAnswered: false });
    const page = await context.newPage();
    const problems = collectProblems(page);

    // The browser's language chooses Spanish on the first visit.
    await page.goto(url("/"));
    await waitForApp(page);
    await assertNoEnglish(page, "home");
    await assertAccessible(page, "home (es)");
    await page.getByRole("textbox", { name: S("zip.label") }).pressSequentially(ZIP);
    await page.waitForURL((u) => u.pathname === "/pantries" && u.searchParams.get("zip") === ZIP);
    await page.getByRole("heading", { level: 1, name: S("pantries.title") }).waitFor();
    await assertNoEnglish(page, "pantries");

    const cards = page.getByRole("list", { name: S("pantries.list") }).locator(":scope > li");
    await cards.first().waitFor();
    let chosen = null;
    for (let i = 0; i < (await cards.count()) && !chosen; i++) {
      const card = cards.nth(i);
      const text = await card.innerText();
      if (text.includes(S("pantries.restricted")) || text.includes(S("pantries.noTimes"))) continue;
      const href = await card.getByRole("heading", { level: 2 }).getByRole("link").getAttribute("href");
      const id = Number(href.split("/").pop());
      const { items } = await api(`/locations/${id}/inventory`);
      const item = items.find((it) => it.quantity > 0 && (it.effectiveLimit?.limit ?? 2) >= 1);
      if (item) chosen = { card, id, item };
    }
    assert.ok(chosen, "an open pantry with stock near 43215");
    await chosen.card.getByRole("list").getByRole("button").first().click();
    const picker = page.getByRole("dialog", { name: S("pantries.chooseTime") });
    if (await picker.isVisible()) await picker.getByRole("button", { name: S("pantries.ok") }).click();
    await page.getByRole("button", { name: S("pantries.pickUpHere") }).click();
    const intro = page.getByRole("dialog");
    await intro.getByRole("button", { name: S("home.startOrder") }).click();

    await page.waitForURL((u) => u.pathname === "/products" && u.searchParams.get("pantry") === String(chosen.id));
    const tefap = page.getByRole("dialog", { name: S("tefap.prompt.title") });
    await tefap.waitFor();
    await assertNoEnglish(page, "TEFAP offer");
    await tefap.getByRole("button", { name: S("tefap.prompt.dismiss") }).click();
    const name = chosen.item.pantryItem.name;
    const tile = page.getByRole("article", { name, exact: true });
    await tile.getByRole("button", { name: new RegExp(`^${escape(S("shop.addToCart"))}`) }).click();
    await tile.getByRole("button", { name: S("shop.stepper.add", { name }) }).waitFor();
    await assertNoEnglish(page, "shop");
    await assertAccessible(page, "shop (es)");

    await page.goto(url("/cart"));
    await page.getByRole("heading", { level: 1, name: S("cart.title") }).waitFor();
    await assertNoEnglish(page, "cart");
    await page.getByRole("link", { name: S("cart.checkout"), exact: true }).click();
    await page.waitForURL((u) => u.pathname === "/account/login");
    await assertNoEnglish(page, "login");
    await page.getByRole("link", { name: S("account.login.signUp") }).click();
    await page.waitForURL((u) => u.pathname === "/account/register");
    await page.getByRole("textbox", { name: S("account.field.firstName"), exact: true }).fill("Lucía");
    await page.getByRole("textbox", { name: S("account.field.lastName") }).fill("Hernández");
    await page.getByRole("textbox", { name: S("account.field.email") }).fill(`lucia.${Date.now()}@example.org`);
    await page.getByLabel(S("account.field.password")).fill("una buena clave 7");
    await page.getByRole("textbox", { name: S("account.field.phone") }).pressSequentially("6145550122");
    await page.getByRole("textbox", { name: S("zip.label") }).fill(ZIP);
    await page.getByRole("checkbox", { name: S("account.field.eligible") }).check();
    await assertNoEnglish(page, "register");
    await page.getByRole("button", { name: S("account.login.signUp") }).click();
    const remember = page.getByRole("dialog", { name: S("account.rememberMe.title") });
    await remember.getByRole("button", { name: S("account.rememberMe.no") }).click();

    await page.waitForURL((u) => u.pathname.startsWith("/cart/schedulepickup"), { waitUntil: "commit" });
    const q1 = page.getByRole("group", { name: S("checkout.eligibility.q1") });
    await q1.waitFor();
    await assertNoEnglish(page, "checkout: screening");
    await q1.getByRole("radio", { name: S("checkout.eligibility.sometimes") }).check();
    await page.getByRole("group", { name: S("checkout.eligibility.q2") }).getByRole("radio", { name: S("checkout.eligibility.sometimes") }).check();
    await page.getByRole("group", { name: S("checkout.eligibility.q3") }).getByRole("radio", { name: S("checkout.eligibility.lastYear") }).check();
    await page.getByRole("button", { name: S("checkout.submit") }).click();
    await page.getByRole("combobox", { name: S("checkout.survey.household") }).selectOption("2");
    await page.getByRole("textbox", { name: S("checkout.survey.street") }).fill("5 Long St");
    await page.getByRole("textbox", { name: S("checkout.survey.city") }).fill("Columbus");
    await page.getByRole("combobox", { name: S("checkout.survey.state") }).selectOption("OH");
    await page.getByRole("checkbox", { name: S("checkout.survey.accurate") }).check();
    await assertNoEnglish(page, "checkout: survey");
    await page.getByRole("button", { name: S("checkout.submit") }).click();

    const place = page.getByRole("button", { name: S("checkout.placeOrder") });
    await place.waitFor();
    await assertNoEnglish(page, "checkout: confirmation");
    await assertAccessible(page, "checkout: confirmation (es)");
    await place.click();
    await page.waitForURL((u) => u.pathname.startsWith("/cart/confirmation/"));
    await page.getByRole("heading", { level: 1, name: S("orders.confirmed.title") }).waitFor();
    await assertNoEnglish(page, "order confirmed");
    await assertAccessible(page, "order confirmed (es)");

    // English from the side menu, and back: the page reloads in the language, which then stays.
    const menu = page.getByRole("button", { name: S("shell.menu"), exact: true });
    await menu.click();
    await page.getByRole("navigation", { name: S("lang.label") }).getByRole("link", { name: "English" }).click();
    await page.getByRole("heading", { level: 1, name: en["orders.confirmed.title"] }).waitFor();
    assert.equal(await page.evaluate(() => document.documentElement.lang), "en");
    await page.goto(url("/"));
    await page.getByRole("button", { name: en["home.whatIs"] }).waitFor();
    await page.getByRole("navigation", { name: en["lang.label"] }).getByRole("link", { name: "Español" }).click();
    await page.getByRole("button", { name: S("home.whatIs") }).waitFor();
    await page.reload();
    await waitForApp(page);
    await assertNoEnglish(page, "home after switching back");
    // Signed in, the choice is kept on the account too (e-mails follow it).
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem("oa.token")));
    const account = async () =>
      (await fetch(url("/api/v1/account/profile"), { headers: { authorization: `Bearer ${token}` } }).then((r) => r.json())).value.language;
    for (let i = 0; i < 50 && (await account()) !== "es"; i++) await page.waitForTimeout(100);
    assert.equal(await account(), "es");
    assert.deepEqual(problems, []);
    await context.close();
  });
});
