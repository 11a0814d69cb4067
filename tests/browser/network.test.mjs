// The food bank runs its network (issue 25 items 1-3): the admin adds a pantry on
// /staff/pantries-admin with a photo and a shopper finds it by its ZIP and sees the photo; the admin makes a code on /staff/codes
// that opens a restricted pantry, the shopper enters it and can order there; the admin posts a
// notice with a Spanish text on /staff/content, edits it, and a shopper reading Spanish sees it in
// Messages.
// Every new page passes axe. Run through `cargo test --test it browser::network`.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { apiValue, assertAccessible, collectProblems, launch, logIn, newShopper, png, url, waitForApp } from "./lib.mjs";

const ADMIN = "admin@example.org";
const SHOPPER = "demo@example.org";
const stamp = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.toUpperCase();

/** An order of one unit at `pantryId`'s first pickup time: the API's answer. */
async function order(token, pantryId) {
  const site = await apiValue("GET", `/locations/${pantryId}`);
  const time = site.pantryLocationPickupTimes[0];
  const item = (await apiValue("GET", `/locations/${pantryId}/inventory`, token)).items.find((i) => i.quantity > 1);
  assert.ok(time && item, "the pantry has a pickup time and stock");
  const res = await fetch(url("/api/v1/order"), {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
    body: JSON.stringify({
      pantryLocationID: pantryId,
      pantryLocationPickupTimeID: time.id,
      foodBankDeliveryTimeID: null,
      foodInsecureNeighborAddressID: null,
      pantryOrderItems: [{ pantryInventoryItemID: item.id, isSubstituteOk: true, quantity: 1 }],
    }),
  });
  return res.json();
}

describe("network", () => {
  let browser;
  before(async () => {
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
  });

  test("the admin adds a pantry and a shopper finds it by ZIP", async () => {
    const name = `Test Pantry ${stamp()}`;
    const context = await browser.newContext();
    const page = await context.newPage();
    const problems = collectProblems(page);
    await logIn(page, ADMIN, "/staff/pantries-admin");
    await page.getByRole("heading", { level: 1, name: "Pantries" }).waitFor();
    await assertAccessible(page, "pantries admin page");

    const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Add Pantry" }) });
    await form.getByLabel("Name", { exact: true }).fill(name);
    await form.getByLabel("Address", { exact: true }).fill("1 Test Way");
    await form.getByLabel("ZIP code", { exact: true }).fill("99999");
    await form.getByRole("button", { name: "Add Pantry" }).click();
    // A ZIP the table does not know is refused at its field, the rest kept.
    await form.locator("#add-zip-error").waitFor();
    assert.equal(await form.locator('input[name="name"]').inputValue(), name);
    await assertAccessible(page, "pantry refused at its ZIP");
    await form.locator('input[name="zip"]').fill("43215");
    await form.getByRole("button", { name: "Add Pantry" }).click();
    await page.getByRole("status").filter({ hasText: "The pantry was added" }).waitFor();
    await page.getByRole("heading", { level: 2, name: `Edit ${name}` }).waitFor();
    await assertAccessible(page, "pantry added, its form open");
    // Its photo: a plain multipart form, checked by content; a text file is refused, a PNG kept.
    await page.getByLabel("Photo").setInputFiles({ name: "door.png", mimeType: "image/png", buffer: Buffer.from("not a picture") });
    await page.getByRole("button", { name: "Upload Photo" }).click();
    await page.getByRole("alert").filter({ hasText: /photo/i }).waitFor();
    await page.getByLabel("Photo").setInputFiles({ name: "door.png", mimeType: "image/png", buffer: png(900, 600) });
    await page.getByRole("button", { name: "Upload Photo" }).click();
    await page.getByRole("status").filter({ hasText: "The photo was added" }).waitFor();
    const photo = await page.getByRole("img", { name }).getAttribute("src");
    assert.match(photo, /^\/files\/[0-9a-f]{64}\.jpg$/, "the server's own JPEG");
    const pantryId = new URL(page.url()).searchParams.get("edit");
    await assertAccessible(page, "pantry photo added");
    // The pin's map (Leaflet, loaded on demand) fills the same fields.
    await page.getByRole("button", { name: "Show the map" }).click();
    await page.locator(".pin-map[data-ready]").waitFor();
    await context.close();

    const shopper = await browser.newContext();
    const search = await shopper.newPage();
    await search.goto(url("/pantries?zip=43215"));
    await waitForApp(search);
    await search.getByText(name).first().waitFor();
    assert.deepEqual(problems.filter((p) => !p.includes("422")), [], "only the refused form's answer");
    // The shopper's page of the pantry shows its photo.
    await search.goto(url(`/pantries/${pantryId}`));
    await waitForApp(search);
    assert.equal(await search.locator(`img[src="${photo}"]`).count() > 0, true, "the pantry's page shows its photo");
    await shopper.close();
  });

  test("the admin issues a code that opens a restricted pantry, and the shopper orders there", async () => {
    const code = `NET-${stamp()}`;
    const shopper = await newShopper("network.code");
    const adminToken = await apiValue("POST", "/account/login", null, { Username: ADMIN, Password: "OrderAhead!demo" });
    const faith = (await apiValue("GET", "/staff/codes", adminToken)).pantries.find((p) => p.name === "Faith Mission");
    assert.ok(faith?.restricted, "Faith Mission is restricted");
    const refused = await order(shopper.jwt, faith.id);
    assert.equal(refused.failureCode, "referralCodeRequired", JSON.stringify(refused));

    const context = await browser.newContext();
    const page = await context.newPage();
    const problems = collectProblems(page);
    await logIn(page, ADMIN, "/staff/codes");
    await page.getByRole("heading", { level: 1, name: "Referral codes" }).waitFor();
    await assertAccessible(page, "codes page");
    await page.getByLabel("Code", { exact: true }).fill(code);
    await page.getByRole("radio", { name: "The pantries ticked below" }).check();
    await page.getByRole("checkbox", { name: /^Faith Mission/ }).check();
    await page.getByRole("button", { name: "Make Code" }).click();
    await page.getByRole("status").filter({ hasText: `Code ${code} was made.` }).waitFor();
    const row = page.locator(`tr[data-code="${code}"]`);
    assert.equal(await row.locator("td[data-claims]").textContent(), "0");
    await assertAccessible(page, "code made");

    // The shopper enters the code (signed in: it is claimed for the account) and can order.
    const device = await browser.newContext();
    await device.addInitScript((t) => localStorage.setItem("oa.token", JSON.stringify(t)), shopper.jwt);
    const landing = await device.newPage();
    await landing.goto(url("/referral"));
    await waitForApp(landing);
    await landing.getByRole("textbox", { name: "Referral Code" }).fill(code.toLowerCase());
    await landing.getByRole("button", { name: "Submit" }).click();
    await landing.getByRole("status").filter({ hasText: "Referral Code Accepted" }).waitFor();
    await device.close();
    const placed = await order(shopper.jwt, faith.id);
    assert.ok(placed.successful, JSON.stringify(placed));

    await page.reload();
    await waitForApp(page);
    assert.equal(await page.locator(`tr[data-code="${code}"] td[data-claims]`).textContent(), "1", "the claim is counted");
    await page.getByRole("button", { name: `Expire Now: ${code}` }).click();
    await page.getByRole("status").filter({ hasText: `Code ${code} has expired.` }).waitFor();
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("the admin posts a notice with a Spanish text and a shopper reading Spanish sees it", async () => {
    const title = `Closed Monday ${stamp()}`;
    const spanish = `Cerrado el lunes ${stamp()}`;
    const edited = `Cerrado el martes ${stamp()}`;
    const context = await browser.newContext();
    const page = await context.newPage();
    const problems = collectProblems(page);
    await logIn(page, ADMIN, "/staff/content");
    await page.getByRole("heading", { level: 1, name: "Content" }).waitFor();
    await assertAccessible(page, "content page");
    const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Post Notification" }) });
    await form.getByRole("button", { name: "Post Notification" }).click();
    await form.locator("#notice-title-error").waitFor();
    await form.getByLabel("Title (English)").fill(title);
    await form.getByLabel("Text (English)").fill("<p>Back <strong>Tuesday</strong></p><script>alert(1)</script>");
    // Each other language is a fold, closed while empty; this notice is written in Spanish.
    await form.locator("summary", { hasText: "Español" }).click();
    await form.getByLabel("Title (Español)").fill(spanish);
    await form.getByLabel("Text (Español)").fill("<p>Volvemos el <strong>martes</strong></p>");
    await form.getByRole("button", { name: "Post Notification" }).click();
    await page.getByRole("status").filter({ hasText: "The notification was posted." }).waitFor();
    // The preview is the shoppers' cleaned text: the bold kept, the script gone.
    const preview = page.locator(".content-preview[lang=es]").filter({ hasText: spanish });
    await preview.locator("strong", { hasText: "martes" }).waitFor();
    assert.equal(await page.locator(".content-preview script").count(), 0);
    // The languages it is not written in are named, each in itself.
    await page.locator("[data-notice]").filter({ hasText: spanish }).getByText(/Not written in: .*한국어.*Their readers see the English\./).waitFor();
    await assertAccessible(page, "notice posted");
    // Edited: its form opens with the stored texts, and the change is what shoppers get.
    await page.getByRole("link", { name: `Edit ${title}` }).click();
    const edit = page.locator("form").filter({ has: page.locator('input[value="editNotice"]') });
    assert.equal(await edit.getByLabel("Title (Español)").inputValue(), spanish, "a written language's fold opens");
    await edit.getByLabel("Title (Español)").fill(edited);
    await edit.getByRole("button", { name: "Save" }).click();
    await page.getByRole("status").filter({ hasText: "The notification was saved." }).waitFor();
    await page.locator(".content-preview[lang=es]").filter({ hasText: edited }).waitFor();
    await assertAccessible(page, "notice edited");
    await context.close();

    const reader = await browser.newContext();
    const messages = await reader.newPage();
    await logIn(messages, SHOPPER, "/messages");
    // Loaded afresh in Spanish (the parameter sets the language cookie the API reads too).
    await messages.goto(url("/messages?lang=es"));
    await waitForApp(messages);
    await messages.getByText(edited).first().waitFor();
    assert.equal(await messages.getByText(title).count(), 0, "the Spanish reader gets the Spanish text");
    assert.deepEqual(problems.filter((p) => !p.includes("422")), [], "only the refused form's answer");
    await reader.close();
  });
});
