// Issue 2 walking skeleton: shell, home with zip search, Not Found. Run with BASE_URL set:
//   BASE_URL=http://127.0.0.1:PORT node --test tests/browser/
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { collectProblems, launch, markWindow, url, waitForApp, windowMarked } from "./lib.mjs";

const HERO = { name: "OrderAhead", level: 1 };
const TAGLINE = "Free, convenient groceries when in need";
const NOT_FOUND = "Sorry, this page cannot be found.";

describe("walking skeleton", () => {
  let browser;
  before(async () => {
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
  });

  test("without JavaScript, / is served complete and the zip form still works", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const res = await page.goto(url("/"));
    assert.equal(res.status(), 200);
    await page.getByRole("heading", HERO).waitFor();
    await page.getByText(TAGLINE).waitFor();
    const zip = page.getByPlaceholder("Enter Zip Code");
    await zip.waitFor();
    assert.equal(await zip.getAttribute("name"), "zip");
    // The side menu falls back to a visible link list when scripts cannot open it.
    await page.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name: "Login" }).waitFor();
    await zip.fill("12345");
    await zip.press("Enter");
    await page.waitForURL((u) => u.pathname === "/pantries" && u.search === "?zip=12345");
    await context.close();
  });

  test("with JavaScript, / hydrates cleanly and five digits navigate to /pantries", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const problems = collectProblems(page);
    await page.goto(url("/"));
    await waitForApp(page);
    // Get Started appears after 2000 ms; waiting for it also gives late hydration reports time to arrive.
    const getStarted = page.getByRole("button", { name: "Get Started" });
    await getStarted.waitFor({ timeout: 5000 });
    assert.deepEqual(problems, [], "console errors or warnings after hydration");
    // With no zip yet, Get Started sends the user to the zip field.
    await getStarted.click();
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute("placeholder")), "Enter Zip Code");

    await markWindow(page);
    const zip = page.getByRole("textbox", { name: "Zip Code" });
    await zip.pressSequentially("1a2 345");
    await page.waitForURL((u) => u.pathname === "/pantries" && u.search === "?zip=12345");
    // The page data arrived and the pantry list replaced the home page without a reload.
    await page.getByRole("heading", { name: "Find a Pantry" }).waitFor();
    assert.ok(await windowMarked(page), "navigation reloaded the page instead of routing client-side");
    assert.deepEqual(problems, [], "console errors or warnings after navigation");
    await context.close();
  });

  test("an unknown path shows Not Found, and Go Home returns to the home page", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const problems = collectProblems(page);
    const res = await page.goto(url("/no/such/page"));
    assert.equal(res.status(), 404);
    await page.getByRole("heading", { name: NOT_FOUND }).waitFor();
    await waitForApp(page);
    await markWindow(page);
    await page.getByRole("link", { name: "Go Home" }).click();
    await page.waitForURL((u) => u.pathname === "/");
    await page.getByRole("heading", HERO).waitFor();
    await page.getByText(TAGLINE).waitFor();
    assert.ok(await windowMarked(page), "Go Home reloaded the page instead of routing client-side");
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("the side menu opens from the menu button, takes focus and closes with Escape", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const problems = collectProblems(page);
    await page.goto(url("/"));
    await waitForApp(page);
    const button = page.getByRole("button", { name: "Menu", exact: true });
    const nav = page.getByRole("navigation", { name: "Main menu" });
    assert.equal(await button.getAttribute("aria-expanded"), "false");
    assert.equal(await nav.isVisible(), false);

    await button.click();
    assert.equal(await button.getAttribute("aria-expanded"), "true");
    await nav.waitFor();
    for (const name of ["Home", "Login", "Messages"]) await nav.getByRole("link", { name }).waitFor();
    assert.equal(await nav.getByRole("link", { name: "Orders" }).count(), 0, "Orders is for logged-in users");
    assert.equal(await page.evaluate(() => document.activeElement?.textContent), "Home");

    await page.keyboard.press("Escape");
    await nav.waitFor({ state: "hidden" });
    assert.equal(await button.getAttribute("aria-expanded"), "false");
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute("aria-label")), "Menu");
    assert.deepEqual(problems, []);
    await context.close();
  });
});
