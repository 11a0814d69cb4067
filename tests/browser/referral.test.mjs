// Issue 9, the referral landing /referral/{code?}: the code form, a code's pickup sites (also without
// JavaScript), the code kept on the device or claimed for the account, a restricted pantry reachable
// after the code, delivery windows for a delivery code, and the failures. Run through `cargo test --test it browser`.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { assertAccessible, collectProblems, launch, url, waitForApp } from "./lib.mjs";

async function newAccountToken() {
  const res = await fetch(url("/api/v1/account"), {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      firstName: "Rae",
      lastName: "Referral",
      eMailAddress: `referral.${Date.now()}.${Math.random().toString(36).slice(2)}@example.org`,
      password: "a good password 4",
      phoneNumber: "(614) 555-0177",
      isEligible: true,
    }),
  });
  const body = await res.json();
  assert.ok(body.successful, body.failureReason);
  return body.value.jwt;
}

/** A fresh device, signed in with `token` when given. */
async function open(browser, token = null, options = {}) {
  const context = await browser.newContext(options);
  if (token) await context.addInitScript((t) => localStorage.setItem("oa.token", JSON.stringify(t)), token);
  const page = await context.newPage();
  return { context, page, problems: collectProblems(page) };
}

describe("referral landing", () => {
  let browser;
  before(async () => {
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
  });

  test("without JavaScript, the code form and a code's pickup sites are served complete", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const res = await page.goto(url("/referral"));
    assert.equal(res.status(), 200);
    await page.getByRole("textbox", { name: "Referral Code" }).fill("KINGARTS");
    await page.getByRole("button", { name: "Submit" }).click();
    await page.waitForURL((u) => u.pathname === "/referral" && u.searchParams.get("code") === "KINGARTS");
    await page.getByRole("heading", { name: "Referral Code KINGARTS", level: 1 }).waitFor();
    assert.match(await page.getByRole("link", { name: "King Arts Complex" }).getAttribute("href"), /^\/pantries\/\d+$/);
    await page.goto(url("/referral/FAITH2026"));
    await page.getByRole("link", { name: "Faith Mission" }).waitFor();
    assert.equal(await page.title(), "Referral Code FAITH2026 | OrderAhead");
    await context.close();
  });

  test("signed out, an entered code is kept on the device and its restricted pantry opens the shop", async () => {
    const { context, page, problems } = await open(browser);
    await page.goto(url("/referral"));
    await waitForApp(page);
    await assertAccessible(page, "referral code form");
    await page.getByRole("textbox", { name: "Referral Code" }).fill(" FAITH2026 ");
    await page.getByRole("button", { name: "Submit" }).click();
    await page.waitForURL((u) => u.pathname === "/referral/FAITH2026");
    const accepted = page.getByRole("status").filter({ hasText: "Referral Code Accepted" });
    await accepted.waitFor();
    await assertAccessible(page, "referral code accepted");
    assert.deepEqual(await page.evaluate(() => JSON.parse(localStorage.getItem("oa.referralCodes"))), ["FAITH2026"]);
    // A pickup-only code has nothing to choose between: no start-your-order modal, the sites stay.
    await accepted.waitFor({ state: "detached" });
    assert.equal(await page.getByRole("dialog").count(), 0);

    await page.getByRole("link", { name: "Faith Mission" }).click();
    await page.waitForURL((u) => /^\/pantries\/\d+$/.test(u.pathname));
    const id = Number(new URL(page.url()).pathname.split("/").pop());
    await page.getByRole("group", { name: "Pickup date" }).getByRole("button").first().click();
    await page.getByRole("button", { name: "Confirm Your Pickup" }).click();
    // The code covers the pantry, so no referral form: the food bank's introduction, then the shop.
    await page.getByRole("dialog").getByRole("button", { name: "Start Order" }).click();
    await page.waitForURL((u) => u.pathname === "/products");
    assert.equal(await page.evaluate(() => JSON.parse(localStorage.getItem("oa.pantry"))?.id), id);
    assert.deepEqual(problems.filter((p) => !p.includes("/products")), []);
    await context.close();
  });

  test("a code with pickup sites and delivery asks how to start the order", async () => {
    // No demo code offers both: FAITH2026's page data gets DELIVERCOH's food bank on the way.
    const delivery = await (await fetch(url(`/_data?url=${encodeURIComponent("/referral/DELIVERCOH")}`))).json();
    // The service worker would answer /_data itself, out of the page's routes.
    const { context, page, problems } = await open(browser, null, { serviceWorkers: "block" });
    const faithData = (u) => u.pathname === "/_data" && u.searchParams.get("url") === "/referral/FAITH2026";
    await page.route(faithData, async (route) => {
      const res = await route.fetch();
      const body = await res.json();
      body.data.referral.referralCodeFoodBanks.push(...delivery.data.referral.referralCodeFoodBanks);
      await route.fulfill({ response: res, json: body });
    });
    await page.goto(url("/referral"));
    await waitForApp(page);
    await page.getByRole("textbox", { name: "Referral Code" }).fill("FAITH2026");
    await page.getByRole("button", { name: "Submit" }).click();
    const start = page.getByRole("dialog", { name: "Let's start your order" });
    await start.waitFor();
    await assertAccessible(page, "start your order");
    await start.getByRole("button", { name: "Sign In" }).waitFor();
    await start.getByRole("button", { name: "Pickup" }).click();
    await start.waitFor({ state: "detached" });
    assert.equal(await page.evaluate(() => document.activeElement?.textContent), "Pickup Sites");
    await page.getByRole("button", { name: "Choose Delivery Window" }).click();
    await page.getByRole("dialog", { name: "Select Delivery Window" }).waitFor();
    assert.deepEqual(problems.filter((p) => !p.includes("Service Worker registration blocked")), []);
    await context.close();
  });

  test("signed in, the code is claimed for the account", async () => {
    const token = await newAccountToken();
    const { context, page, problems } = await open(browser, token);
    await page.goto(url("/referral/KINGARTS"));
    await waitForApp(page);
    await page.getByRole("status").filter({ hasText: "Referral Code Accepted" }).waitFor();
    const held = await (await fetch(url("/api/v1/account/referralcodes"), { headers: { Authorization: `Bearer ${token}` } })).json();
    assert.deepEqual(held.value.map((c) => c.code), ["KINGARTS"]);
    assert.equal(await page.evaluate(() => localStorage.getItem("oa.referralCodes")), null, "a claimed code is not kept on the device");
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("a failed claim says so", async () => {
    const { context, page, problems } = await open(browser, await newAccountToken());
    await page.route("**/api/v1/referralcodes/claims", (route) => route.fulfill({ status: 500, json: { successful: false, value: null, failureReason: null } }));
    await page.goto(url("/referral/OLDSTPATS"));
    await page.getByRole("alert").filter({ hasText: "Error claiming referral codes" }).waitFor();
    await assertAccessible(page, "referral claim failed");
    assert.deepEqual(problems.filter((p) => !/status of 500/.test(p)), []);
    await context.close();
  });

  test("an unknown code shows the server's reason and the login prompt", async () => {
    const { context, page, problems } = await open(browser);
    const res = await page.goto(url("/referral/NO-SUCH-CODE"));
    assert.equal(res.status(), 404);
    await waitForApp(page);
    await page.getByRole("alert").filter({ hasText: "Unable to verify code" }).waitFor();
    await page.getByText("Please log into your account").waitFor();
    assert.equal(await page.getByRole("link", { name: "Log In" }).getAttribute("href"), "/account/login");
    assert.equal(await page.getByRole("link", { name: "Go Home" }).getAttribute("href"), "/");
    await assertAccessible(page, "unknown referral code");
    assert.equal(await page.evaluate(() => localStorage.getItem("oa.referralCodes")), null);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("a delivery code goes on to the food bank's delivery windows", async () => {
    const { context, page, problems } = await open(browser);
    await page.goto(url("/referral/DELIVERCOH"));
    await waitForApp(page);
    await page.getByRole("heading", { name: "Home Delivery" }).waitFor();
    const picker = page.getByRole("dialog", { name: "Select Delivery Window" });
    await picker.waitFor();
    await assertAccessible(page, "referral delivery windows");
    await picker.getByRole("button", { name: "Select", exact: true }).click();
    await page.waitForURL((u) => u.pathname === "/products");
    const stored = await page.evaluate(() => ({
      deliveryTime: JSON.parse(localStorage.getItem("oa.deliveryTime")),
      foodBank: JSON.parse(localStorage.getItem("oa.foodBank")),
      pantry: localStorage.getItem("oa.pantry"),
    }));
    assert.ok(stored.deliveryTime?.id, "a delivery window is selected");
    assert.equal(stored.foodBank?.id, stored.deliveryTime.foodBankID);
    assert.equal(stored.pantry, null);
    assert.deepEqual(problems.filter((p) => !p.includes("/products")), []);
    await context.close();
  });
});
