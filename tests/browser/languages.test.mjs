// Issue 55: the shopper side in every language of the registry. An Arabic reader (the browser asks
// for Arabic) gets the whole app right to left and orders through checkout at 320 px with nothing
// scrolling sideways; a Vietnamese and a Chinese reader choose their language on the switch and
// order in it; the sitemap lists every language's URLs with hreflang. Every name the test looks
// for comes from the language's catalog, and each page is checked for English texts that would
// show instead. Run through `cargo test --test it browser` (sets BASE_URL).
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { assertAccessible, collectProblems, launch, url, waitForApp } from "./lib.mjs";
import { en, orderThrough, registry, texts } from "./ordering.mjs";

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
