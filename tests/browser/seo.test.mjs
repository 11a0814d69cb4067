// Issue 9 item 4d, an indexable site: what a crawler reads (robots.txt, the sitemap) leads to pages
// that are complete without JavaScript, and addresses that name nothing are a real 404.
// Run through `cargo test --test it browser`, or against a running server with BASE_URL set.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { launch, url } from "./lib.mjs";

/** The `<loc>`s of a sitemap file. */
const locs = (xml) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);

describe("an indexable site", () => {
  let browser;
  before(async () => {
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
  });

  test("robots.txt names the sitemap, whose pantry pages render without JavaScript", async () => {
    const robots = await (await fetch(url("/robots.txt"))).text();
    assert.match(robots, /^Sitemap: https?:\/\/\S+\/sitemap\.xml$/m);
    assert.match(robots, /^Disallow: \/api\/$/m);

    const res = await fetch(url("/sitemap.xml"));
    assert.equal(res.status, 200);
    assert.equal(res.headers.get("content-type"), "application/xml");
    const listed = locs(await res.text());
    // The links are absolute, on the configured public origin (which need not be this test's port).
    const pantries = listed.filter((l) => /^https?:\/\/[^/]+\/pantries\/\d+$/.test(l));
    assert.ok(pantries.length > 0, `pantry pages in ${listed.join(" ")}`);

    const path = new URL(pantries[0]).pathname;
    const id = path.split("/").pop();
    const { value: pantry } = await (await fetch(url(`/api/v1/locations/${id}`))).json();

    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const visit = await page.goto(url(path));
    assert.equal(visit.status(), 200);
    await page.getByRole("heading", { name: pantry.label, level: 1 }).waitFor();
    assert.equal(await page.locator('link[rel="canonical"]').getAttribute("href"), pantries[0]);
    assert.equal(await page.locator('link[rel="alternate"][hreflang="x-default"]').getAttribute("href"), pantries[0]);
    await context.close();
  });

  test("without JavaScript an unknown pantry is the Not Found page with a 404", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    for (const path of ["/pantries/999999", "/products?pantry=abc"]) {
      const res = await page.goto(url(path));
      assert.equal(res.status(), 404, path);
      await page.getByRole("heading", { name: "Sorry, this page cannot be found.", level: 1 }).waitFor();
      await page.getByRole("link", { name: "Go Home" }).waitFor();
    }
    await context.close();
  });
});
