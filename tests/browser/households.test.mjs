// Households at the door (issue 49): a volunteer on a phone (390 px) finds a household by a name
// typed without its accent, registers a walk-in household, records a visit giving out an item and
// TEFAP foods, and the stock, the month's report and the TEFAP records follow; registering the same
// person again (no accent, capitals, the phone typed differently) is flagged and answered "same
// household", which opens the one record. Pantry staff take a phone order for a walk-in: one over
// an item's limit is refused with the limit's words, one within it is placed and shows as a phone
// order. A person registered twice (answered "different" at the door) is merged later from the
// record's page. A household's misheard name is corrected on its page. Run through `cargo test --test it browser::households`.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { apiValue, assertAccessible, collectProblems, DEMO_PASSWORD, launch, logIn } from "./lib.mjs";

const PHONE = { width: 390, height: 844 };

/** Letters only, different each run: the duplicate check must not meet a household of an earlier run. */
const letters = () => Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("");

async function register(page, person) {
  const form = page.locator("form", { has: page.getByRole("button", { name: "Register household" }) });
  await form.getByLabel("First name").fill(person.first);
  await form.getByLabel("Last name").fill(person.last);
  await form.getByLabel("ZIP code").fill("43206");
  await form.getByLabel("People in the household").fill("3");
  await form.getByLabel("Date of birth").fill("1982-05-14");
  await form.getByLabel("Phone").fill(person.phone);
  await form.getByRole("button", { name: "Register household" }).click();
}

/** The Main Library's visits this month, from its row of the monthly report. */
async function visitsAtMain(page) {
  await page.goto(page.url().replace(/\/staff\/.*$/, "/staff/reports"));
  const row = page.locator(".report-totals tbody tr", { hasText: "Main Library" });
  await row.waitFor();
  const heads = await page.locator(".report-totals thead th").allInnerTexts();
  const column = heads.indexOf("Walk-in visits");
  assert.ok(column > 0, heads.join("|"));
  // The row's first cell is its place (a th), so the column's td is one before it.
  return Number(await row.locator("td").nth(column - 1).innerText());
}

describe("households", () => {
  let browser;
  before(async () => {
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
  });

  test("a volunteer registers a walk-in, records a visit, and a second registration of the same person is merged", async () => {
    const staffToken = await apiValue("POST", "/account/login", null, { Username: "pantry@example.org", Password: DEMO_PASSWORD });
    const office = await browser.newContext();
    const desk = await office.newPage();
    await logIn(desk, "pantry@example.org", "/staff/reports");
    const visitsBefore = await visitsAtMain(desk);

    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    const problems = collectProblems(page);
    await logIn(page, "volunteer@example.org", "/staff/households");
    await page.getByRole("heading", { level: 1, name: "Households" }).waitFor();
    await assertAccessible(page, "intake");

    // The demo's María González, found by her name typed as on a keyboard without accents.
    await page.getByRole("searchbox", { name: "Name, phone, date of birth or ZIP" }).fill("maria gonzalez");
    await page.getByRole("button", { name: "Find" }).click();
    await page.getByRole("link", { name: "María González" }).waitFor();
    await page.getByRole("status").getByText(/households? found/).waitFor();

    const suffix = letters();
    const person = { first: "Rosa", last: `Peña${suffix}`, phone: "(614) 555-2233" };
    await register(page, person);
    await page.waitForURL((u) => /^\/staff\/households\/\d+$/.test(u.pathname));
    const householdPath = new URL(page.url()).pathname;
    await page.getByRole("heading", { level: 1, name: `Rosa Peña${suffix}` }).waitFor();
    await page.getByText("Household registered.").waitFor();
    await page.getByText("No TEFAP eligibility decided yet.").waitFor();
    await assertAccessible(page, "a household");

    // A visit: two units of the first item listed, and TEFAP foods on the income basis.
    const given = page.locator('input[name^="units."]:not([max="0"]):not([max="1"])').first();
    const itemId = Number((await given.getAttribute("name")).slice("units.".length));
    const onHandBefore = (await apiValue("GET", `/staff/stock/${itemId}`, staffToken)).item.onHand;
    await given.fill("2");
    await page.getByLabel("TEFAP foods were given").check();
    await page.getByLabel("Basis of eligibility").selectOption("income");
    await page.getByRole("button", { name: "Record visit" }).click();
    await page.getByText("Visit recorded.").waitFor();
    await page.getByText("2 items, 0 lb").waitFor();
    assert.equal(await page.getByText("No TEFAP eligibility decided yet.").count(), 0, "the visit's basis is the household's decision");
    assert.equal((await apiValue("GET", `/staff/stock/${itemId}`, staffToken)).item.onHand, onHandBefore - 2);

    // A visit with nothing given is refused at its field.
    await page.getByRole("button", { name: "Record visit" }).click();
    await page.getByText("Give out at least one item, or enter the pounds given.").waitFor();
    await assertAccessible(page, "a refused visit");

    // The same person again, typed another way: flagged, and "same household" opens the one record.
    await page.getByRole("link", { name: "All households" }).click();
    await page.waitForURL((u) => u.pathname === "/staff/households");
    await register(page, { first: "ROSA", last: `pena${suffix}`, phone: "614.555.2233" });
    await page.getByRole("heading", { level: 2, name: "This household may already be registered" }).waitFor();
    await assertAccessible(page, "a possible duplicate");
    await page.getByRole("button", { name: `Same household: Rosa Peña${suffix}` }).click();
    await page.waitForURL((u) => u.pathname === householdPath);
    await page.getByText("2 items, 0 lb").waitFor();

    // The month's report counts the visit, and the TEFAP records list the walk-in with its basis.
    assert.equal(await visitsAtMain(desk), visitsBefore + 1);
    const pantry = await page.locator('input[name="pantry"]').first().inputValue();
    await desk.goto(desk.url().replace(/\/staff\/.*$/, `/staff/tefap?pantry=${pantry}`));
    const record = desk.locator("tr", { hasText: `Rosa Peña${suffix}` });
    await record.getByRole("link", { name: "Walk-in" }).waitFor();
    await record.getByText("Income").waitFor();
    // The refused visit's page answers 422, as it should; nothing else went wrong.
    assert.deepEqual(problems.filter((p) => !/status of 422/.test(p)), []);
    await context.close();
    await office.close();
  });

  test("an admin asks for signatures; at the door a volunteer records a TEFAP decision and signed visits, drawn and typed", async () => {
    const office = await browser.newContext();
    const admin = await office.newPage();
    const adminProblems = collectProblems(admin);
    await logIn(admin, "admin@example.org", "/staff");
    await admin.getByRole("link", { name: "Settings" }).first().click();
    await admin.getByRole("heading", { level: 1, name: "Food bank settings" }).waitFor();
    await assertAccessible(admin, "settings");
    const signature = admin.getByLabel("A walk-in visit needs the household's signature");
    const setSignature = async (on) => {
      await admin.goto(new URL("/staff/settings", admin.url()).href);
      await signature.setChecked(on);
      await admin.getByRole("button", { name: "Save settings" }).click();
      await admin.getByText("Settings saved.").waitFor();
      assert.equal(await signature.isChecked(), on);
    };
    await setSignature(true);
    // The server is shared with the other suites: their visits are unsigned.
    try {
      const context = await browser.newContext({ viewport: PHONE });
      const page = await context.newPage();
      const problems = collectProblems(page);
      await logIn(page, "volunteer@example.org", "/staff/households");
      const suffix = letters();
      await register(page, { first: "Lucía", last: `Ortega${suffix}`, phone: "(614) 555-7788" });
      await page.getByRole("heading", { level: 1, name: `Lucía Ortega${suffix}` }).waitFor();

      // A TEFAP decision at the door: it stands, and the history keeps it.
      await page.getByText("A decision stands for 12 months at this food bank.").waitFor();
      await page.getByLabel("Basis of today's decision").selectOption("programs");
      await page.getByRole("button", { name: "Record decision" }).click();
      await page.getByText("TEFAP decision recorded.").waitFor();
      await page.getByRole("listitem").filter({ hasText: "decided by staff" }).waitFor();
      assert.equal(await page.getByText("No TEFAP eligibility decided yet.").count(), 0);

      // Unsigned, the visit is refused at the signature.
      await page.getByLabel("Pounds given (if not counted by item)").fill("6");
      await page.getByRole("button", { name: "Record visit" }).click();
      await page.getByText("The household signs for the visit: type their name or draw their signature.").waitFor();
      await assertAccessible(page, "a visit refused unsigned");

      // Drawn with a finger (the mouse here) on the pad.
      await page.getByLabel("Pounds given (if not counted by item)").fill("6");
      const pad = page.getByTestId("signature-pad");
      await pad.scrollIntoViewIfNeeded();
      const box = await pad.boundingBox();
      await page.mouse.move(box.x + box.width * 0.1, box.y + box.height * 0.6);
      await page.mouse.down();
      for (const [x, y] of [[0.3, 0.2], [0.5, 0.8], [0.7, 0.3], [0.9, 0.5]]) await page.mouse.move(box.x + box.width * x, box.y + box.height * y, { steps: 4 });
      await page.mouse.up();
      assert.match(await page.locator('input[name="signedDrawing"]').inputValue(), /^M [\d.]+ [\d.]+ L /);
      await page.getByRole("button", { name: "Record visit" }).click();
      await page.getByText("Visit recorded.").waitFor();
      await page.getByRole("listitem").filter({ hasText: "0 items, 6 lb" }).filter({ hasText: "signed" }).waitFor();

      // Typed, the way a keyboard signs.
      await page.getByLabel("Pounds given (if not counted by item)").fill("4");
      await page.getByLabel("Full name, typed").fill(`Lucía Ortega${suffix}`);
      await page.getByLabel("Full name, typed").press("Enter");
      await page.getByText("Visit recorded.").waitFor();
      await page.getByRole("listitem").filter({ hasText: "0 items, 4 lb" }).filter({ hasText: "signed" }).waitFor();
      assert.deepEqual(problems.filter((p) => !/status of 422/.test(p)), []);
      await context.close();
    } finally {
      await setSignature(false);
    }
    assert.deepEqual(adminProblems, []);
    await office.close();
  });

  test("pantry staff take a phone order for a walk-in household, under the shopper's limits", async () => {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    const problems = collectProblems(page);
    await logIn(page, "pantry@example.org", "/staff/households");
    const suffix = letters();
    await register(page, { first: "Inés", last: `Vega${suffix}`, phone: "(614) 555-4411" });
    await page.getByRole("heading", { level: 1, name: `Inés Vega${suffix}` }).waitFor();

    await page.getByRole("link", { name: "Place a phone order" }).click();
    await page.getByRole("heading", { level: 1, name: `Phone order for Inés Vega${suffix}` }).waitFor();
    await assertAccessible(page, "a phone order");
    const time = page.getByLabel("Pickup time");
    await time.selectOption({ index: 1 });
    const chosen = await time.inputValue();

    // The Main Library's apples are limited to 2 an order: 3 is refused with the limit's words.
    await page.getByLabel("Units of Gala Apples").fill("3");
    await page.getByRole("button", { name: "Place order" }).click();
    await page.getByRole("alert").getByText("This item has a limit of 2 per order").waitFor();
    assert.equal(await page.getByLabel("Units of Gala Apples").inputValue(), "3", "the form keeps what was typed");
    assert.equal(await page.getByLabel("Pickup time").inputValue(), chosen);
    await assertAccessible(page, "a refused phone order");

    await page.getByLabel("Units of Gala Apples").fill("2");
    await page.getByRole("button", { name: "Place order" }).click();
    await page.getByText(/^Phone order [0-9A-F]+ placed\.$/).waitFor();
    const number = (await page.getByText(/^Phone order [0-9A-F]+ placed\.$/).innerText()).split(" ")[2];
    await page.getByRole("link", { name: number, exact: true }).click();
    await page.getByText(`Inés Vega${suffix} · Phone order`).waitFor();
    assert.deepEqual(problems.filter((p) => !/status of 422/.test(p)), []);
    await context.close();
    // The server is shared: the order must not turn into a no-show in another suite's pickup time.
    const staffToken = await apiValue("POST", "/account/login", null, { Username: "pantry@example.org", Password: DEMO_PASSWORD });
    await apiValue("POST", `/staff/orders/${parseInt(number, 16)}/state`, staffToken, { action: "cancel", reason: "Test over" });
  });

  test("a household registered twice is merged from its page", async () => {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    const problems = collectProblems(page);
    await logIn(page, "volunteer@example.org", "/staff/households");
    const suffix = letters();
    await register(page, { first: "Elena", last: `Díaz${suffix}`, phone: "(614) 555-6622" });
    await page.getByRole("heading", { level: 1, name: `Elena Díaz${suffix}` }).waitFor();
    const keptPath = new URL(page.url()).pathname;
    await page.getByRole("link", { name: "All households" }).click();
    await page.waitForURL((u) => u.pathname === "/staff/households");
    await register(page, { first: "elena", last: `DIAZ${suffix}`, phone: "614-555-6622" });
    await page.getByRole("button", { name: "Different household: register a new one" }).click();
    await page.getByRole("heading", { level: 1, name: `elena DIAZ${suffix}` }).waitFor();

    // Later, on the first record: the second shows as possibly the same, and is merged into it.
    const pantry = new URL(page.url()).searchParams.get("pantry");
    await page.goto(new URL(`${keptPath}?pantry=${pantry}`, page.url()).href);
    await page.getByRole("heading", { level: 2, name: "Possibly the same household" }).waitFor();
    await assertAccessible(page, "possible duplicates");
    await page.getByRole("button", { name: `Same household: merge elena DIAZ${suffix} here` }).click();
    await page.getByText("The two records are now one household.").waitFor();
    assert.equal(new URL(page.url()).pathname, keptPath);
    assert.equal(await page.getByRole("heading", { level: 2, name: "Possibly the same household" }).count(), 0);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("a volunteer corrects a household's misheard name, and the search finds it by the new one", async () => {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    const problems = collectProblems(page);
    await logIn(page, "volunteer@example.org", "/staff/households");
    const suffix = letters();
    await register(page, { first: "Tomás", last: `Gardner${suffix}`, phone: "(614) 555-7733" });
    await page.getByRole("heading", { level: 1, name: `Tomás Gardner${suffix}` }).waitFor();

    // Emptied by mistake: refused at the field, the form open with what was typed.
    await page.getByText("Edit household").click();
    const form = page.locator("form", { has: page.getByRole("button", { name: "Save changes" }) });
    await form.getByLabel("Last name").fill("");
    await form.getByRole("button", { name: "Save changes" }).click();
    await page.locator("#intake-lastName-error").waitFor();
    await assertAccessible(page, "household edit refused");
    await form.getByLabel("Last name").fill(`Pardo${suffix}`);
    await form.getByLabel("Aged 0-17").fill("1");
    await form.getByLabel("Aged 18-59").fill("2");
    await form.getByLabel("Aged 60 and over").fill("0");
    await form.getByRole("button", { name: "Save changes" }).click();
    await page.getByText("Changes saved.").waitFor();
    await page.getByRole("heading", { level: 1, name: `Tomás Pardo${suffix}` }).waitFor();
    await assertAccessible(page, "household edited");

    // At the door, the new name is found without its accent; the old one finds nobody.
    await page.getByRole("link", { name: "All households" }).click();
    await page.waitForURL((u) => u.pathname === "/staff/households");
    const find = async (q) => {
      await page.getByRole("searchbox", { name: "Name, phone, date of birth or ZIP" }).fill(q);
      await page.getByRole("button", { name: "Find", exact: true }).click();
    };
    await find(`tomas pardo${suffix}`);
    await page.getByRole("link", { name: `Tomás Pardo${suffix}` }).waitFor();
    await find(`gardner${suffix}`);
    await page.getByText(`No household found for “gardner${suffix}”. Register them below.`).waitFor();
    assert.deepEqual(problems.filter((p) => !/status of 422/.test(p)), []);
    await context.close();
  });
});
