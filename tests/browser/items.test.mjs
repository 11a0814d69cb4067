// Items kept by the pantry itself (issue 24 item 6) and the admin's change log (item 8): staff add
// an item with a photo, the shop shows it with that photo, they hide it and it is gone; the food
// bank admin sees each change on /staff/audit. Run through `cargo test --test it browser::items`.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { DEMO_PASSWORD, apiValue, assertAccessible, collectProblems, launch, logIn, png, url, waitForApp } from "./lib.mjs";

describe("items", () => {
  let browser;
  before(async () => {
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
  });

  test("staff add an item with a photo, the shop shows it, hiding it takes it away, and the admin sees each change", async () => {
    const name = `Browser Beans ${Date.now().toString(36)}`;
    const staffToken = await apiValue("POST", "/account/login", null, { Username: "pantry@example.org", Password: DEMO_PASSWORD });
    const pantry = (await apiValue("GET", "/staff/items", staffToken)).pantries.find((p) => /Main Library/.test(p.name));
    assert.ok(pantry, "the demo staff member works at the Main Library");

    const staffContext = await browser.newContext();
    const page = await staffContext.newPage();
    const problems = collectProblems(page);
    await logIn(page, "pantry@example.org", `/staff/items?pantry=${pantry.id}`);
    await page.getByRole("heading", { level: 1, name: /Items at .*Main Library/ }).waitFor();

    // Refused at its field, nothing added: a new product needs its English name.
    await page.getByLabel("Size").last().fill("0");
    await page.getByRole("button", { name: "Add Item" }).click();
    await page.getByText("This field is required").waitFor();
    await page.getByText("Enter a number in the allowed range").waitFor();
    assert.equal(await page.getByText("The item was added.").count(), 0);

    // A new product: English and Spanish names, size, unit, category and source.
    await page.getByLabel("Name in English").last().fill(name);
    await page.getByLabel("Name in Spanish (optional)").last().fill("Frijoles de prueba");
    await page.getByLabel("Size").last().fill("15.5");
    await page.getByLabel("Unit").last().selectOption({ index: 1 });
    await page.getByLabel("Category").last().selectOption({ index: 1 });
    await page.getByLabel("Source").last().selectOption("DONATED");
    await page.getByRole("button", { name: "Add Item" }).click();
    await page.getByRole("status").getByText("The item was added.").waitFor();
    await page.getByRole("heading", { level: 2, name: `Edit ${name}` }).waitFor();
    await assertAccessible(page, "items page with the new item's form");

    // Its photo: a plain multipart form, re-encoded by the server.
    await page.getByLabel("Photo").setInputFiles({ name: "beans.png", mimeType: "image/png", buffer: png(1000, 700) });
    await page.getByRole("button", { name: "Upload Photo" }).click();
    await page.getByRole("status").getByText("The photo was saved.").waitFor();
    const photo = await page.getByRole("img", { name }).getAttribute("src");
    assert.match(photo, /^\/files\/[0-9a-f]{64}\.jpg$/);

    // The shop shows it with the photo, to anyone.
    const shopContext = await browser.newContext();
    const shop = await shopContext.newPage();
    await shop.goto(url(`/products?pantry=${pantry.id}`));
    await waitForApp(shop);
    const tile = shop.getByRole("article", { name, exact: true });
    await tile.waitFor();
    assert.equal(await tile.locator("img").getAttribute("src"), photo);
    const served = await shopContext.request.get(url(photo));
    assert.equal(served.status(), 200);
    assert.equal(served.headers()["content-type"], "image/jpeg");
    assert.match(served.headers()["cache-control"], /immutable/);

    // Hidden: gone from the shop at once.
    await page.getByRole("button", { name: `Hide ${name}` }).click();
    await page.getByRole("status").getByText("The item is hidden from the shop.").waitFor();
    await shop.goto(url(`/products?pantry=${pantry.id}`));
    await waitForApp(shop);
    await shop.getByRole("article").first().waitFor();
    assert.equal(await shop.getByRole("article", { name, exact: true }).count(), 0);
    // The refused form's page answers 422, as it should; nothing else went wrong.
    assert.deepEqual(problems.filter((p) => !/status of 422/.test(p)), []);
    await shopContext.close();
    await staffContext.close();

    // The admin reads who did what, where and when.
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await logIn(admin, "admin@example.org", `/staff/audit?pantry=${pantry.id}`);
    await admin.getByRole("heading", { level: 1, name: "Change log" }).waitFor();
    const rows = admin.getByRole("row");
    await rows.filter({ hasText: "Item hidden" }).first().waitFor();
    for (const action of ["Item hidden", "Photo changed", "Item added"]) {
      const row = rows.filter({ hasText: action }).filter({ hasText: "pantry@example.org" }).first();
      await row.waitFor();
    }
    await rows.filter({ hasText: "Item added" }).filter({ hasText: name }).first().waitFor();
    await assertAccessible(admin, "change log");
    await adminContext.close();
  });
});
