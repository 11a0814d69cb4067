// Issue 55: the shopper side in every language of the registry. An Arabic reader (the browser asks
// for Arabic) gets the whole app right to left and orders through checkout at 320 px with nothing
// scrolling sideways; a Vietnamese and a Chinese reader choose their language on the switch and
// order in it; the sitemap lists every language's URLs with hreflang. Every name the test looks
// for comes from the language's catalog, and each page is checked for English texts that would
// show instead. Run through `cargo test --test it browser` (sets BASE_URL).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { after, before, describe, test } from "node:test";
import { assertAccessible, collectProblems, launch, url, waitForApp } from "./lib.mjs";

const read = (path) => JSON.parse(readFileSync(new URL(`../../${path}`, import.meta.url), "utf8"));
const registry = read("app/src/i18n/languages.json");
const en = read("app/src/i18n/en.json");
const ZIP = "43215";
const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A language's texts: `L(key, vars)` with its {placeholders} filled. */
function texts(code) {
  const catalog = read(`app/src/i18n/${code}.json`);
  const L = (key, vars = {}) => {
    assert.ok(typeof catalog[key] === "string", `${code}.json has ${key}`);
    return catalog[key].replace(/\{(\w+)\}/g, (whole, name) => (name in vars ? String(vars[name]) : whole));
  };
  // English shopper texts (labels and sentences the language writes otherwise) that must not show.
  L.english = Object.keys(en)
    .filter((k) => !k.startsWith("staff.") && !k.startsWith("fmt.") && !en[k].includes("{") && en[k].trim().length >= 6 && en[k] !== catalog[k])
    .map((k) => en[k]);
  L.code = code;
  return L;
}

async function assertInLanguage(page, L, where) {
  const { body, pieces, lang, dir } = await page.evaluate(() => {
    // Staff-written content (the info cards) is English where a food bank wrote no version in the
    // language, by design; the app's own texts never are.
    const ours = (node) => !node.parentElement?.closest(".info-section");
    const pieces = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) if (walker.currentNode.parentElement?.offsetParent !== null && ours(walker.currentNode)) pieces.push(walker.currentNode.nodeValue.trim());
    for (const el of document.querySelectorAll("[aria-label], [placeholder], [title]")) {
      for (const a of ["aria-label", "placeholder", "title"]) if (el.getAttribute(a) && !el.closest(".info-section")) pieces.push(el.getAttribute(a).trim());
    }
    return { body: document.body.innerText, pieces, lang: document.documentElement.lang, dir: document.documentElement.dir };
  });
  const whole = new Set(pieces);
  const leaks = L.english.filter((s) => whole.has(s) || (s.length >= 20 && body.includes(s) && pieces.some((p) => p.includes(s))));
  assert.deepEqual(leaks, [], `${where}: English texts on a ${L.code} page`);
  assert.equal(lang, L.code, `${where}: <html lang>`);
  assert.equal(dir, registry.find((l) => l.code === L.code).dir, `${where}: <html dir>`);
}

/** Nothing wider than the screen: the page never scrolls sideways. */
async function assertNoSidewaysScroll(page, where) {
  const { scroll, width, widest } = await page.evaluate(() => {
    let widest = null;
    for (const el of document.body.querySelectorAll("*")) {
      const r = el.getBoundingClientRect();
      if (r.width > 0 && (r.right > window.innerWidth + 1 || r.left < -1) && getComputedStyle(el).position !== "fixed") {
        widest = `${el.tagName.toLowerCase()}.${el.className} ${Math.round(r.left)}..${Math.round(r.right)}`;
        break;
      }
    }
    return { scroll: document.documentElement.scrollWidth, width: window.innerWidth, widest };
  });
  assert.ok(scroll <= width, `${where}: the page is ${scroll}px wide on a ${width}px screen (${widest})`);
}

async function api(path) {
  const body = await fetch(url(`/api/v1${path}`)).then((r) => r.json());
  assert.ok(body.successful, `${path}: ${body.failureReason}`);
  return body.value;
}

/**
 * From the home page to a confirmed pickup order, every step named in the language `L`; `check`
 * runs on each page (the language, accessibility, the width).
 */
async function orderThrough(page, L, check) {
  await page.getByRole("textbox", { name: L("zip.label") }).pressSequentially(ZIP);
  await page.waitForURL((u) => u.pathname === "/pantries" && u.searchParams.get("zip") === ZIP);
  await page.getByRole("heading", { level: 1, name: L("pantries.title") }).waitFor();
  await check("pantries");

  const cards = page.getByRole("list", { name: L("pantries.list") }).locator(":scope > li");
  await cards.first().waitFor();
  let chosen = null;
  for (let i = 0; i < (await cards.count()) && !chosen; i++) {
    const card = cards.nth(i);
    const text = await card.innerText();
    if (text.includes(L("pantries.restricted")) || text.includes(L("pantries.noTimes"))) continue;
    const href = await card.getByRole("heading", { level: 2 }).getByRole("link").getAttribute("href");
    const id = Number(href.split("/").pop());
    const { items } = await api(`/locations/${id}/inventory`);
    const item = items.find((it) => it.quantity > 0 && (it.effectiveLimit?.limit ?? 2) >= 1);
    if (item) chosen = { card, id, item };
  }
  assert.ok(chosen, "an open pantry with stock near 43215");
  await chosen.card.getByRole("list").getByRole("button").first().click();
  const picker = page.getByRole("dialog", { name: L("pantries.chooseTime") });
  if (await picker.isVisible()) await picker.getByRole("button", { name: L("pantries.ok") }).click();
  await page.getByRole("button", { name: L("pantries.pickUpHere") }).click();
  await page.getByRole("dialog").getByRole("button", { name: L("home.startOrder") }).click();

  await page.waitForURL((u) => u.pathname === "/products" && u.searchParams.get("pantry") === String(chosen.id));
  const tefap = page.getByRole("dialog", { name: L("tefap.prompt.title") });
  await tefap.waitFor();
  await check("TEFAP offer");
  await tefap.getByRole("button", { name: L("tefap.prompt.dismiss") }).click();
  const name = chosen.item.pantryItem.name;
  const tile = page.getByRole("article", { name, exact: true });
  await tile.getByRole("button", { name: new RegExp(`^${escape(L("shop.addToCart"))}`) }).click();
  await tile.getByRole("button", { name: L("shop.stepper.add", { name }) }).waitFor();
  await check("shop");

  await page.goto(url("/cart"));
  await page.getByRole("heading", { level: 1, name: L("cart.title") }).waitFor();
  await check("cart");
  await page.getByRole("link", { name: L("cart.checkout"), exact: true }).click();
  await page.waitForURL((u) => u.pathname === "/account/login");
  await check("login");
  await page.getByRole("link", { name: L("account.login.signUp") }).click();
  await page.waitForURL((u) => u.pathname === "/account/register");
  await page.getByRole("textbox", { name: L("account.field.firstName"), exact: true }).fill("Noor");
  await page.getByRole("textbox", { name: L("account.field.lastName") }).fill("Haddad");
  await page.getByRole("textbox", { name: L("account.field.email") }).fill(`noor.${L.code}.${Date.now()}@example.org`);
  await page.getByLabel(L("account.field.password")).fill("a good password 7");
  await page.getByRole("textbox", { name: L("account.field.phone") }).pressSequentially("6145550133");
  await page.getByRole("textbox", { name: L("zip.label") }).fill(ZIP);
  await page.getByRole("checkbox", { name: L("account.field.eligible") }).check();
  await check("register");
  await page.getByRole("button", { name: L("account.login.signUp") }).click();
  const remember = page.getByRole("dialog", { name: L("account.rememberMe.title") });
  await remember.getByRole("button", { name: L("account.rememberMe.no"), exact: true }).click();

  await page.waitForURL((u) => u.pathname.startsWith("/cart/schedulepickup"), { waitUntil: "commit" });
  const q1 = page.getByRole("group", { name: L("checkout.eligibility.q1") });
  await q1.waitFor();
  await check("checkout: screening");
  await q1.getByRole("radio", { name: L("checkout.eligibility.sometimes") }).check();
  await page.getByRole("group", { name: L("checkout.eligibility.q2") }).getByRole("radio", { name: L("checkout.eligibility.sometimes") }).check();
  await page.getByRole("group", { name: L("checkout.eligibility.q3") }).getByRole("radio", { name: L("checkout.eligibility.lastYear") }).check();
  await page.getByRole("button", { name: L("checkout.submit") }).click();
  await page.getByRole("combobox", { name: L("checkout.survey.household") }).selectOption("2");
  await page.getByRole("textbox", { name: L("checkout.survey.street") }).fill("5 Long St");
  await page.getByRole("textbox", { name: L("checkout.survey.city") }).fill("Columbus");
  await page.getByRole("combobox", { name: L("checkout.survey.state") }).selectOption("OH");
  await page.getByRole("checkbox", { name: L("checkout.survey.accurate") }).check();
  await check("checkout: survey");
  await page.getByRole("button", { name: L("checkout.submit") }).click();

  const place = page.getByRole("button", { name: L("checkout.placeOrder") });
  await place.waitFor();
  await check("checkout: confirmation");
  await place.click();
  await page.waitForURL((u) => u.pathname.startsWith("/cart/confirmation/"));
  await page.getByRole("heading", { level: 1, name: L("orders.confirmed.title") }).waitFor();
  await check("order confirmed");
}

describe("every language", () => {
  let browser;
  before(async () => {
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
  });

  test("an Arabic reader gets the app right to left and orders at 320 px, nothing scrolling sideways", async () => {
    const L = texts("ar");
    const context = await browser.newContext({
      locale: "ar",
      extraHTTPHeaders: { "Accept-Language": "ar-EG,ar;q=0.9,en;q=0.5" },
      viewport: { width: 320, height: 640 },
      tefapAnswered: false,
    });
    const page = await context.newPage();
    const problems = collectProblems(page);
    const check = async (where) => {
      await assertInLanguage(page, L, where);
      await assertNoSidewaysScroll(page, where);
      await assertAccessible(page, `${where} (ar)`);
    };
    await page.goto(url("/"));
    await waitForApp(page);
    await check("home");
    // The start of a line is on the right: the skip link sits at the right edge, the text is right-aligned.
    const align = await page.getByRole("heading", { level: 1 }).first().evaluate((h) => getComputedStyle(h).direction);
    assert.equal(align, "rtl");
    await orderThrough(page, L, check);
    // The order's number reads left to right inside the Arabic page.
    const number = page.locator(".order-code-large");
    if (await number.count()) assert.equal(await number.evaluate((n) => getComputedStyle(n).direction), "ltr");
    assert.deepEqual(problems, []);
    await context.close();
  });

  for (const [code, name] of [
    ["vi", "Tiếng Việt"],
    ["zh-Hans", "简体中文"],
  ]) {
    test(`a ${name} reader chooses the language on the switch and orders in it`, async () => {
      assert.equal(registry.find((l) => l.code === code).name, name);
      const L = texts(code);
      const context = await browser.newContext({ locale: "en-US", viewport: { width: 390, height: 844 }, tefapAnswered: false });
      const page = await context.newPage();
      const problems = collectProblems(page);
      await page.goto(url("/"));
      await waitForApp(page);
      assert.equal(await page.evaluate(() => document.documentElement.lang), "en");
      // Each language is named in itself on the switch.
      const names = await page.getByRole("navigation", { name: en["lang.label"] }).locator("a, span[aria-current]").allInnerTexts();
      assert.deepEqual(names, registry.map((l) => l.name));
      await page.getByRole("navigation", { name: en["lang.label"] }).getByRole("link", { name }).click();
      await page.waitForURL((u) => u.searchParams.get("lang") === code);
      await waitForApp(page);
      const check = async (where) => {
        await assertInLanguage(page, L, where);
        await assertAccessible(page, `${where} (${code})`);
      };
      await check("home");
      await orderThrough(page, L, check);
      assert.deepEqual(problems, []);
      await context.close();
    });
  }

  test("the sitemap lists every language's URLs, each page with all its hreflang alternates", async () => {
    const xml = await fetch(url("/sitemap.xml")).then((r) => r.text());
    const origin = xml.match(/<loc>(https?:\/\/[^/<]+)\/<\/loc>/)?.[1];
    assert.ok(origin, "the home page is listed");
    for (const { code } of registry) {
      const home = code === "en" ? `${origin}/` : `${origin}/?lang=${code}`;
      assert.ok(xml.includes(`<loc>${home}</loc>`), `the home page in ${code}`);
      assert.ok(xml.includes(`hreflang="${code}" href="${home}"`), `the ${code} alternate`);
    }
    assert.ok(xml.includes('hreflang="x-default"'));
    // And the page itself says the same in its head.
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(url("/?lang=ko"));
    const alternates = await page.locator('link[rel="alternate"][hreflang]').evaluateAll((links) => links.map((l) => l.hreflang));
    assert.deepEqual(alternates, [...registry.map((l) => l.code), "x-default"]);
    assert.equal(await page.evaluate(() => document.documentElement.lang), "ko");
    await context.close();
  });
});
