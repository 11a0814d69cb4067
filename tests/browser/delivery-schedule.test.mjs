// Delivery schedules (issue 24 item 1, "the same for a delivery program's windows"): the food
// bank admin adds weekly delivery hours with 1 order per window on /staff/delivery-schedule, and a
// shopper with home delivery sees the new window in Select Delivery Window and picks it; without
// JavaScript the page's form still posts and shows a refusal at its field. The suite cleans up
// after itself (the server is shared with the other suites). Run through
// `cargo test --test it browser::delivery_schedule`.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { DEMO_PASSWORD, apiValue, assertAccessible, collectProblems, launch, logIn, newShopper, url, waitForApp } from "./lib.mjs";

const ADMIN = "admin@example.org";
const DAY_MS = 24 * 3600 * 1000;
const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** The food bank's local date `days` from now (YYYY-MM-DD) and its weekday (0 = Monday). */
function ahead(days) {
  const day = new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York" }).format(new Date(Date.now() + days * DAY_MS));
  return { day, weekday: (new Date(`${day}T12:00:00Z`).getUTCDay() + 6) % 7 };
}

describe("delivery schedule", () => {
  let browser;
  let adminToken;
  before(async () => {
    browser = await launch();
    adminToken = await apiValue("POST", "/account/login", null, { Username: ADMIN, Password: DEMO_PASSWORD });
  });
  after(async () => {
    // Clean up for the suites that share the server: the hours this suite added removed.
    const schedule = await apiValue("GET", "/staff/delivery-schedule", adminToken);
    for (const e of schedule.entries) await apiValue("DELETE", `/staff/delivery-schedule/${e.id}`, adminToken);
    await browser?.close();
  });

  test("the admin adds weekly delivery hours and a shopper with delivery picks the new window", async () => {
    const { day, weekday } = ahead(3);
    const staff = await browser.newContext();
    const page = await staff.newPage();
    const problems = collectProblems(page);
    await logIn(page, ADMIN, "/staff/delivery-schedule");
    await page.getByRole("heading", { level: 1, name: /^Delivery windows: / }).waitFor();

    // Weekly hours: 04:00–05:00 on the day's weekday, one window of an hour for 1 order.
    const weeklyForm = page.locator("form", { has: page.getByRole("combobox", { name: "Day of the week" }) });
    await weeklyForm.getByRole("combobox", { name: "Day of the week" }).selectOption(String(weekday));
    await weeklyForm.getByLabel("From").fill("04:00");
    await weeklyForm.getByLabel("Until").fill("05:00");
    await weeklyForm.getByLabel("Window length (minutes)").fill("60");
    await weeklyForm.getByLabel("Orders per window (empty: unlimited)").fill("1");
    await weeklyForm.getByRole("button", { name: "Add hours" }).click();
    await page.getByRole("status").filter({ hasText: "The hours were added" }).waitFor();
    await page.getByRole("cell", { name: "04:00–05:00", exact: true }).waitFor();
    await assertAccessible(page, "delivery schedule page with weekly hours");

    // Overlapping hours are refused at their field, once hydrated.
    await weeklyForm.getByRole("combobox", { name: "Day of the week" }).selectOption(String(weekday));
    await weeklyForm.getByLabel("From").fill("04:30");
    await weeklyForm.getByLabel("Until").fill("05:30");
    await weeklyForm.getByLabel("Window length (minutes)").fill("60");
    await weeklyForm.getByRole("button", { name: "Add hours" }).click();
    await page.getByText("These hours overlap other hours of the same day.").waitFor();
    await assertAccessible(page, "delivery schedule page with a refusal");
    assert.deepEqual(problems.filter((p) => !/ 422 /.test(p) && !/status of 422/.test(p)), [], "no console errors on the page");
    await staff.close();

    // The checkout's list of windows offers it, with its capacity.
    const windows = await apiValue("GET", "/foodbanks/1/deliverytimes");
    const made = windows.find((w) => w.deliveryDay === day && w.deliveryStartTime.startsWith("04:00"));
    assert.ok(made, `a 04:00 window on ${day}`);
    assert.deepEqual([made.capacity, made.remaining], [1, 1]);

    // A shopper with home delivery sees it in Select Delivery Window and picks it.
    const shopper = await newShopper("delivery-schedule");
    const claimed = await apiValue("POST", "/referralcodes/claims", shopper.jwt, ["DELIVERCOH"]);
    assert.ok(claimed[0].isAppliedSuccessfully, JSON.stringify(claimed));
    const visitor = await browser.newContext();
    const shop = await visitor.newPage();
    await logIn(shop, shopper.email, "/pantries?zip=43215", shopper.password);
    await waitForApp(shop);
    const choice = shop.getByRole("dialog", { name: "Pickup or Delivery?" });
    await choice.getByRole("button", { name: "Delivery" }).click();
    const dialog = shop.getByRole("dialog", { name: "Select Delivery Window" });
    await dialog.waitFor();
    const date = Number(day.slice(8, 10));
    const month = MONTHS[Number(day.slice(5, 7)) - 1];
    const mine = dialog.getByRole("button", { name: `${date} ${month}, 4am-5am`, exact: false });
    await mine.click();
    assert.equal(await mine.getAttribute("aria-pressed"), "true");
    await assertAccessible(shop, "delivery window picker with the new window");
    await dialog.getByRole("button", { name: "Select" }).click();
    await shop.waitForURL((u) => u.pathname === "/products");
    const stored = await shop.evaluate(() => JSON.parse(localStorage.getItem("oa.deliveryTime")));
    assert.equal(stored.id, made.id);
    await visitor.close();
  });

  test("without JavaScript the page's forms post and a refusal shows at its field", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(url("/account/login?returnTo=/staff/delivery-schedule"));
    await page.getByRole("textbox", { name: "E-Mail" }).fill(ADMIN);
    await page.getByLabel("Password", { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Login" }).click();
    await page.waitForURL((u) => u.pathname === "/staff/delivery-schedule");
    // A window longer than its hours (the browser's own checks cannot see that one).
    const dayForm = page.locator("form", { has: page.getByLabel("Date") });
    await dayForm.getByLabel("Date").fill(ahead(4).day);
    await dayForm.getByLabel("From").fill("06:00");
    await dayForm.getByLabel("Until").fill("06:20");
    await dayForm.getByLabel("Window length (minutes)").fill("60");
    const [answer] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/staff/delivery-schedule"),
      dayForm.getByRole("button", { name: "Add hours" }).click(),
    ]);
    assert.equal(answer.status(), 422);
    await page.getByText("The window is longer than the delivery hours.").waitFor();
    assert.equal(await dayForm.getByLabel("Until").inputValue(), "06:20", "what was entered is kept");
    await assertAccessible(page, "delivery schedule page refused without JavaScript");
    await context.close();
  });
});
