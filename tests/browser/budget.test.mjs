// Fast on a cheap phone (issue 52), guarded by what does not vary from run to run: bytes and the
// order of requests, never a timer. Each shopper page paints from its first round trip (the HTML
// with the rules its markup uses inlined, nothing render-blocking), loads a bounded amount of
// JavaScript, looks the same with the inlined rules alone as with the whole stylesheet, and the
// pantry list does not fetch its map before the list is up. Lighthouse itself stays a benchmark
// (tests/perf/lighthouse.mjs).
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { gzipSync } from "node:zlib";
import { collectProblems, launch, url, waitForApp } from "./lib.mjs";

/** What a server sends before it waits for the first acknowledgement: 10 segments of 1460 bytes. */
const FIRST_ROUND_TRIP = 14 * 1024;
/** First-load JavaScript of any shopper page (entry, preloaded chunks), gzip -9 (app/build.mjs's budget too). */
const FIRST_LOAD_JS = 95 * 1024;

// Level 9, as app/build.mjs measures its own budget.
const gz = (text) => gzipSync(Buffer.from(text), { level: 9 }).length;

describe("the first-load budget of the shopper's pages", () => {
  let browser;
  /** [name, path] of each shopper page. */
  let pages;
  before(async () => {
    browser = await launch();
    const api = async (path) => {
      const body = await (await fetch(url(`/api/v1${path}`))).json();
      assert.ok(body.successful, `${path}: ${body.failureReason}`);
      return body.value;
    };
    const geo = await api("/locations/geocode/43215");
    const near = await api(`/locations?lat=${geo.latitude}&lng=${geo.longitude}&radiusMiles=10`);
    const pantry = near.find((p) => !p.isRestricted);
    assert.ok(pantry, "an open demo pantry near Columbus");
    const shop = await (await fetch(url(`/products?pantry=${pantry.id}`))).text();
    const product = /href="(\/products\/\d+[^"]*)"/.exec(shop)?.[1]?.replaceAll("&amp;", "&");
    assert.ok(product, "the shop links its products");
    pages = [
      ["home", "/"],
      ["pantry list", "/pantries?zip=43215"],
      ["pantry", `/pantries/${pantry.id}`],
      ["shop", `/products?pantry=${pantry.id}`],
      ["product", product],
      ["cart", "/cart"],
      ["login", "/account/login"],
    ];
  });
  after(async () => {
    await browser?.close();
  });

  test("each page's first paint needs only its first round trip: the head with its rules inlined and the page's markup, nothing render-blocking", async () => {
    for (const [name, path] of pages) {
      const res = await fetch(url(path));
      assert.equal(res.status, 200, `${name} ${path}`);
      const html = await res.text();
      const head = html.slice(0, html.indexOf("</head>"));
      // What the first paint needs ends with the page's markup; the data after it is for hydration.
      const painted = html.slice(0, html.indexOf('<script id="__oa"'));
      assert.ok(painted.includes('<div id="root">') && painted.length < html.length, `${name}: a server-rendered document`);
      assert.ok(gz(painted) <= FIRST_ROUND_TRIP, `${name}: ${gz(painted)} bytes gzip before the first paint, over ${FIRST_ROUND_TRIP}`);
      assert.match(head, /<style nonce="[^"]+">[^<]{500,}<\/style>/, `${name}: the rules its markup uses are inlined`);
      const outsideNoscript = head.replace(/<noscript>[\s\S]*?<\/noscript>/g, "");
      for (const link of outsideNoscript.match(/<link rel="stylesheet"[^>]*>/g) ?? []) {
        assert.match(link, /media="print"/, `${name}: a render-blocking stylesheet ${link}`);
      }
      // The app's modules are fetched after the first paint (the boot script), not beside the markup.
      assert.doesNotMatch(html, /<link rel="modulepreload"|<script[^>]* src=/, `${name}: a module fetched before the first paint`);
      for (const script of html.match(/<script\b[^>]*>/g) ?? []) {
        assert.match(script, /type="(module|application\/json|application\/ld\+json)"/, `${name}: a render-blocking script ${script}`);
      }
    }
  });

  test(`each page loads at most ${FIRST_LOAD_JS / 1024} KB of JavaScript (gzip) before it is interactive`, async () => {
    const sizes = new Map();
    for (const [name, path] of pages) {
      const html = await (await fetch(url(path))).text();
      const boot = /<script type="module" id="__oa-boot" data-entry="([^"]+)" data-preload="([^"]*)"/.exec(html);
      assert.ok(boot, `${name}: the app's boot script`);
      const files = [boot[1], ...boot[2].split(" ").filter(Boolean)];
      assert.ok(files.length >= 2, `${name}: the entry and its route's chunk`);
      let total = 0;
      for (const file of new Set(files)) {
        if (!sizes.has(file)) sizes.set(file, gz(await (await fetch(url(file))).text()));
        total += sizes.get(file);
      }
      assert.ok(total <= FIRST_LOAD_JS, `${name}: ${total} bytes of JavaScript gzip, over ${FIRST_LOAD_JS}`);
    }
  });

  test("with the inlined rules alone each page looks exactly as it does with the whole stylesheet", async () => {
    // Without JavaScript a page is what its first paint shows; the whole sheet then arrives through
    // <noscript>. Blocking it leaves the inlined rules alone: any rule they lack shows as a change.
    const whole = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const inlined = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    let blocked = 0;
    await inlined.route(/\/assets\/.*\.css$/, (route) => {
      blocked += 1;
      return route.abort();
    });
    for (const [name, path] of pages) {
      const shots = [];
      for (const context of [whole, inlined]) {
        const page = await context.newPage();
        await page.goto(url(path), { waitUntil: "load" });
        shots.push(await page.screenshot({ fullPage: true }));
        await page.close();
      }
      assert.ok(shots[0].equals(shots[1]), `${name} ${path}: the first paint differs from the styled page`);
    }
    assert.ok(blocked >= pages.length, "the whole stylesheet was held back");
    await whole.close();
    await inlined.close();
  });

  test("nothing on a page moves as it hydrates and its late parts come (the map, Use My Location, the Distance button)", async () => {
    // Lighthouse's phone: what the server painted first is where the hydrated page has it.
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
    await context.addInitScript(() => {
      window.__shifts = [];
      new PerformanceObserver((list) => {
        // Every shift counts: nobody touches these pages, yet Chromium marks some as after input.
        for (const e of list.getEntries()) {
          const nodes = e.sources.map((s) => s.node?.className || s.node?.nodeName).join(", ");
          window.__shifts.push(`${e.value.toFixed(4)} ${nodes}`);
        }
      }).observe({ type: "layout-shift", buffered: true });
    });
    for (const [name, path] of pages) {
      const page = await context.newPage();
      await page.goto(url(path));
      await waitForApp(page);
      await page.waitForLoadState("networkidle");
      if (path.startsWith("/pantries?")) await page.locator(".pantry-map[data-ready]").waitFor();
      const shifts = await page.evaluate(() => window.__shifts);
      const total = shifts.reduce((sum, s) => sum + Number(s.split(" ")[0]), 0);
      assert.ok(total <= 0.01, `${name} ${path}: layout shifts ${total.toFixed(4)}: ${shifts.join("; ")}`);
      await page.close();
    }
    await context.close();
  });

  test("the pantry list is up before its map: Leaflet, its stylesheet and the tiles wait for the browser's idle time", async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    // The page's idle callbacks are held here, so the test decides when the browser is idle.
    await context.addInitScript(() => {
      window.__idle = [];
      window.requestIdleCallback = (run) => window.__idle.push(run);
      window.cancelIdleCallback = () => {};
    });
    const page = await context.newPage();
    const problems = collectProblems(page);
    const requests = [];
    page.on("request", (r) => requests.push(r.url()));
    await page.goto(url("/pantries?zip=43215"));
    await waitForApp(page);
    const card = page.locator(".pantry-card").first();
    await card.waitFor();
    // Everything the page fetches by itself once it is interactive has come by now.
    await page.waitForLoadState("networkidle");
    await page.waitForFunction(() => window.__idle.length > 0);
    assert.deepEqual(
      requests.filter((r) => /leaflet|tile/i.test(r)),
      [],
      "the map's code or stylesheet was fetched before the browser was idle",
    );
    assert.equal(await page.locator(".pantry-map").count(), 0, "the map mounted before the browser was idle");
    const painted = await page.evaluate(() => performance.getEntriesByName("first-contentful-paint").length);
    assert.equal(painted, 1, "the list has painted");
    const top = async () => (await card.boundingBox()).y;
    const before = await top();
    await page.evaluate(() => window.__idle.splice(0).forEach((run) => run({ didTimeout: false, timeRemaining: () => 50 })));
    await page.locator(".pantry-map[data-ready]").waitFor();
    assert.equal(await top(), before, "the list moved when the map came: its room was not kept");
    const leaflet = await page.evaluate(() => performance.getEntriesByType("resource").filter((e) => /leaflet/.test(e.name)).map((e) => e.startTime));
    const fcp = await page.evaluate(() => performance.getEntriesByName("first-contentful-paint")[0].startTime);
    assert.ok(leaflet.length >= 1, "Leaflet's stylesheet was fetched with the map");
    assert.ok(leaflet.every((t) => t > fcp), `Leaflet was requested at ${leaflet} ms, before the first paint at ${fcp} ms`);
    const entry = await page.evaluate(() => performance.getEntriesByType("resource").find((e) => /\/assets\/entry-.*\.js$/.test(e.name))?.startTime);
    assert.ok(entry > fcp, `the app's code was requested at ${entry} ms, before the first paint at ${fcp} ms`);
    assert.deepEqual(problems, []);
    await context.close();
  });
});
