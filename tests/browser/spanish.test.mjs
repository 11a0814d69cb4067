// Issue 13: a Spanish-speaking shopper (Chromium in es-US) goes from home to a confirmed order
// entirely in Spanish, then switches to English and back. Every name the test looks for comes from
// es.json, and each page is checked for English texts of the catalog that would show instead.
// Run through `cargo test --test it browser` (sets BASE_URL).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { after, before, describe, test } from "node:test";
import { assertAccessible, collectProblems, launch, url, waitForApp } from "./lib.mjs";
import { orderThrough, texts } from "./ordering.mjs";

const catalog = (lang) => JSON.parse(readFileSync(new URL(`../../app/src/i18n/${lang}.json`, import.meta.url), "utf8"));
const en = catalog("en");
const es = catalog("es");

/** es[key] with its {placeholders} filled. */
const S = (key, vars = {}) => es[key].replace(/\{(\w+)\}/g, (whole, name) => (name in vars ? String(vars[name]) : whole));

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
    // The whole path to a confirmed order, every page checked for English and by axe.
    await orderThrough(page, texts("es"), async (where) => {
      await assertNoEnglish(page, where);
      await assertAccessible(page, `${where} (es)`);
    });

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
