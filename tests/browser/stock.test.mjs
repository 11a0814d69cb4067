// The stock pages (issue 24 items 4 and 5): staff import a CSV with one bad row (nothing applied,
// the row's error shown), fix it, apply, and the shop shows the new quantities; staff record stock
// in from the stock page, and a result below zero is refused at its field; the same form works with
// JavaScript off. Run through `cargo test --test it browser::stock`.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { apiValue, assertAccessible, collectProblems, launch, url, waitForApp } from "./lib.mjs";

const DEMO_PASSWORD = "OrderAhead!demo";
const STAFF = "pantry@example.org";

const staffToken = () => apiValue("POST", "/account/login", null, { Username: STAFF, Password: DEMO_PASSWORD });

async function logIn(page, returnTo) {
  await page.goto(url(`/account/login?returnTo=${encodeURIComponent(returnTo)}`));
  await waitForApp(page);
  await page.getByRole("textbox", { name: "E-Mail" }).fill(STAFF);
  await page.getByLabel("Password", { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Login" }).click();
  await page.getByRole("dialog", { name: "Remember Me?" }).getByRole("button", { name: "No" }).click();
  await page.waitForURL((u) => u.pathname === returnTo.split("?")[0]);
}

/** The Main Library's id and two of its items as the stock API lists them. */
async function mainStock(token) {
  const first = await apiValue("GET", "/staff/stock", token);
  const main = first.pantries.find((p) => /Main Library/.test(p.name));
  assert.ok(main, JSON.stringify(first.pantries));
  const stock = await apiValue("GET", `/staff/stock?pantry=${main.id}`, token);
  // Items every visitor's shop lists (not TEFAP-only ones, say).
  const shopped = new Set((await apiValue("GET", `/locations/${main.id}/inventory`)).items.map((i) => i.id));
  const items = stock.items.filter((i) => i.isActive && shopped.has(i.id));
  assert.ok(items.length >= 2);
  return { pantryId: main.id, items };
}

const onHand = async (token, id) => (await apiValue("GET", `/staff/stock/${id}`, token)).item.onHand;

async function upload(page, csv) {
  await page.locator('input[name="file"]').setInputFiles({ name: "stock.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await page.getByRole("button", { name: "Preview", exact: true }).click();
  await page.waitForURL((u) => u.pathname.startsWith("/staff/stock/import/"));
  await page.getByRole("heading", { level: 1, name: "Import preview" }).waitFor();
}

describe("stock", () => {
  let browser;
  before(async () => {
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
  });

  test("a CSV with one bad row applies nothing and shows the row's error; fixed, it applies and the shop shows it", async () => {
    const token = await staffToken();
    const { pantryId, items } = await mainStock(token);
    const [a, b] = items;
    const [newA, newB] = [a.onHand + 7, b.onHand + 3];
    const context = await browser.newContext();
    const page = await context.newPage();
    const problems = collectProblems(page);
    await logIn(page, `/staff/stock?pantry=${pantryId}`);
    await page.getByRole("heading", { level: 1, name: /Stock at .*Main Library/ }).waitFor();
    await assertAccessible(page, "stock page");

    await upload(page, `itemId,quantity\n${a.id},${newA}\n999999999,4\n${b.id},${newB}\n`);
    const bad = page.locator('tr[data-line="3"]');
    await bad.getByText("No item of this pantry has this id or name.").waitFor();
    await page.getByText("1 rows have errors").waitFor();
    assert.equal(await page.getByRole("button", { name: "Apply" }).count(), 0, "nothing to apply");
    await assertAccessible(page, "import preview with an error");
    assert.equal(await onHand(token, a.id), a.onHand, "nothing applied");

    await page.getByRole("link", { name: "Upload another file" }).click();
    await page.waitForURL((u) => u.pathname === "/staff/stock");
    await upload(page, `itemId,quantity\n${a.id},${newA}\n${b.id},${newB}\n`);
    await page.locator('tr[data-line="2"]').getByText(String(newA)).waitFor();
    await page.getByRole("button", { name: "Apply" }).click();
    await page.waitForURL((u) => u.pathname === "/staff/stock");
    await page.getByText("Import applied: 2 items changed.").waitFor();
    assert.equal(await onHand(token, a.id), newA);

    // The shop (a cached public page) shows the new quantities at once.
    const shop = await context.newPage();
    await shop.goto(url(`/products?pantry=${pantryId}`));
    const shown = await shop.evaluate(() => JSON.parse(document.getElementById("__oa").textContent).data.items.map((i) => [i.id, i.quantity]));
    const quantity = (id) => shown.find(([i]) => i === id)?.[1];
    assert.deepEqual([quantity(a.id), quantity(b.id)], [newA, newB], JSON.stringify(shown).slice(0, 300) + shop.url());
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("staff record stock in on the item's page; below zero is refused at the field", async () => {
    const token = await staffToken();
    const { items } = await mainStock(token);
    const item = items[2] ?? items[0];
    const context = await browser.newContext();
    const page = await context.newPage();
    const problems = collectProblems(page);
    await logIn(page, `/staff/stock/${item.id}`);
    const form = page.locator("form", { has: page.getByRole("button", { name: "Save" }) }).filter({ has: page.getByRole("combobox") });
    await form.getByRole("combobox").selectOption("received");
    await form.getByRole("spinbutton").fill("5");
    await form.getByRole("button", { name: "Save" }).click();
    await page.getByText("Saved.").waitFor();
    const before = await onHand(token, item.id);
    assert.equal(before, item.onHand + 5);
    await page.locator("[data-on-hand]").getByText(String(before), { exact: true }).waitFor();

    await form.getByRole("combobox").selectOption("damaged");
    await form.getByRole("spinbutton").fill(String(before + 1));
    await form.getByRole("button", { name: "Save" }).click();
    await page.getByText("The stock would go below zero.").waitFor();
    assert.equal(await onHand(token, item.id), before, "nothing written");
    await assertAccessible(page, "item page with a refused entry");

    // The item's history lists the change.
    await page.getByRole("cell", { name: "Received" }).first().waitFor();
    // The refused entry's 422 is the page answering as designed.
    assert.deepEqual(problems.filter((p) => !p.includes("status of 422")), []);
    await context.close();
  });

  test("stock in works with JavaScript off", async () => {
    const token = await staffToken();
    const { pantryId, items } = await mainStock(token);
    const item = items[0];
    const before = await onHand(token, item.id);
    const context = await browser.newContext();
    const page = await context.newPage();
    await logIn(page, `/staff/stock?pantry=${pantryId}`);
    const cookies = await context.cookies();
    const noScript = await browser.newContext({ javaScriptEnabled: false });
    await noScript.addCookies(cookies);
    const plain = await noScript.newPage();
    await plain.goto(url(`/staff/stock/${item.id}`));
    const row = plain.locator("form", { has: plain.getByRole("button", { name: "Save" }) }).filter({ has: plain.getByRole("combobox") });
    await row.getByRole("combobox").selectOption("received");
    await row.getByRole("spinbutton").fill("2");
    await row.getByRole("button", { name: "Save" }).click();
    await plain.getByText("Saved.").waitFor();
    assert.equal(await onHand(token, item.id), before + 2);
    await noScript.close();
    await context.close();
  });
});
