// The monthly report and the TEFAP records (issue 25 items 6 and 7): staff open the report, see a
// chart and the table with its numbers, download the CSV, and open the TEFAP list; axe passes on
// both. Run through `cargo test --test it browser::reports`.
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { after, before, describe, test } from "node:test";
import { assertAccessible, collectProblems, launch, logIn, shopperWithOrder, url, waitForApp } from "./lib.mjs";

describe("reports", () => {
  let browser;
  before(async () => {
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
  });

  test("staff open the month's report, read a chart and its table, download the CSV and open the TEFAP list", async () => {
    const { pantryId } = await shopperWithOrder("report");
    const context = await browser.newContext({ acceptDownloads: true });
    const page = await context.newPage();
    const problems = collectProblems(page);
    await logIn(page, "pantry@example.org", "/staff/reports");
    await page.getByRole("heading", { level: 1, name: "Monthly report" }).waitFor();
    await waitForApp(page);
    const month = await page.getByLabel("Month", { exact: true }).inputValue();
    assert.match(month, /^\d{4}-\d{2}$/);

    // The Main Library's row counts at least the order just placed; its link shows it by day.
    const row = page.locator(".report-totals tbody tr", { hasText: "Main Library" });
    const orders = Number(await row.locator("td").first().innerText());
    assert.ok(orders >= 1, `orders ${orders}`);
    await row.getByRole("link").click();
    await page.waitForURL((u) => u.searchParams.get("place") === `pantry:${pantryId}`);
    await page.getByRole("heading", { level: 2, name: /Main Library by day/ }).waitFor();
    const chart = page.getByRole("img", { name: /^Orders by day: highest \d+, on day \d+\./ });
    await chart.waitFor();
    assert.ok((await chart.locator("rect").count()) >= 1, "a bar for the day with orders");
    const days = page.locator(".report-days tbody tr");
    assert.ok((await days.count()) >= 28);
    const byDay = await days.evaluateAll((rows) => rows.reduce((n, r) => n + Number(r.querySelector("td")?.textContent ?? 0), 0));
    assert.equal(byDay, orders, "the days add up to the month");
    await assertAccessible(page, "monthly report");

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download CSV" }).click()]);
    assert.equal(download.suggestedFilename(), `report-${month}.csv`);
    const csv = (await readFile(await download.path(), "utf8")).trim().split("\n");
    assert.equal(csv[0], "Place,Day,Orders,Picked up,No-shows,Delivered,Not delivered,Walk-in visits,Households,New households,Ages 0-17,Ages 18-59,Ages 60+,Items given out,Pounds given out,Distribution days");
    assert.ok(csv.some((r) => r.includes("Main Library") && r.split(",")[2] === String(orders)), csv.join("\n"));

    await page.locator(".staff-page").getByRole("link", { name: "TEFAP records" }).click();
    await page.waitForURL((u) => u.pathname === "/staff/tefap");
    await page.getByRole("heading", { level: 1, name: /^TEFAP records at / }).waitFor();
    await page.getByRole("link", { name: "Download CSV" }).waitFor();
    await assertAccessible(page, "TEFAP records");
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("the report reads without JavaScript", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(url("/account/login?returnTo=%2Fstaff%2Freports"));
    await page.getByRole("textbox", { name: "E-Mail" }).fill("pantry@example.org");
    await page.getByLabel("Password", { exact: true }).fill("OrderAhead!demo");
    await page.getByRole("button", { name: "Login" }).click();
    await page.waitForURL((u) => u.pathname === "/staff/reports");
    await page.getByRole("img", { name: /^Orders by day/ }).waitFor();
    await page.locator(".report-days tbody tr").first().waitFor();
    await context.close();
  });
});
