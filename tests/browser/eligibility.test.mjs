// The TEFAP eligibility questionnaire (/account/register/eligibility, spec §4): reached from the
// shop's prompt, answered to eligible on the demo data (Ohio: 200 % of the poverty guideline, SNAP
// cross-eligible), a homeless shopper's path, and a path to the not-qualify message. axe-core
// checks every screen. Run through `cargo test --test it browser` (sets BASE_URL).
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { SIGN_UP_OFFER_DELAY_MS, assertAccessible, collectProblems, installHeldClock, launch, moveClockTo, offered, runTimers, url, waitForApp } from "./lib.mjs";

const COLUMBUS = { lat: 39.9612, lng: -82.9988 };

async function apiGet(path, token) {
  const res = await fetch(url(`/api/v1${path}`), { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  const body = await res.json();
  assert.ok(body.successful, `GET ${path}: ${body.failureReason}`);
  return body.value;
}

/** An open pantry of the Columbus food bank, which is in the TEFAP program. */
async function columbusPantry() {
  const pantries = await apiGet(`/locations?lat=${COLUMBUS.lat}&lng=${COLUMBUS.lng}&radiusMiles=10`);
  const pantry = pantries.find((p) => !p.isRestricted);
  assert.ok(pantry, "no open demo pantry near 43215");
  const foodBank = await apiGet(`/foodbanks/${pantry.foodBankID}`);
  assert.equal(foodBank.isTEFAPEnabled, true, "the Columbus food bank is TEFAP-enabled");
  return { pantry, foodBank };
}

async function newAccountToken() {
  const res = await fetch(url("/api/v1/account"), {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      firstName: "Tess",
      lastName: "Tefap",
      eMailAddress: `tess.${Date.now()}.${Math.random().toString(36).slice(2)}@example.org`,
      password: "a good password 4",
      phoneNumber: "(614) 555-0142",
      isEligible: true,
    }),
  });
  const body = await res.json();
  assert.ok(body.successful, body.failureReason);
  return body.value.jwt;
}

/** The device as the shop leaves it: the pantry chosen and its food bank (by id only). */
async function selectPantry(page, pantry, token = null) {
  await page.goto(url("/"));
  await waitForApp(page);
  await page.evaluate(
    ({ pantry, token }) => {
      localStorage.setItem("oa.pantry", JSON.stringify(pantry));
      localStorage.setItem("oa.foodBank", JSON.stringify({ id: pantry.foodBankID }));
      if (token) localStorage.setItem("oa.token", JSON.stringify(token));
    },
    { pantry, token },
  );
}

const stored = (page, key) => page.evaluate((k) => JSON.parse(localStorage.getItem(k) ?? "null"), `oa.${key}`);

/** A question screen: its heading (it takes the focus) and the axe check. */
async function screen(page, name, where) {
  const heading = page.getByRole("heading", { level: 2, name });
  await heading.waitFor();
  await assertAccessible(page, where);
  return heading;
}

/** Draws a zigzag on the signature pad with the mouse, then accepts it. */
async function sign(page) {
  const pad = page.getByRole("img", { name: "Signature" });
  const accept = page.getByRole("button", { name: "Accept" });
  assert.ok(await accept.isDisabled(), "Accept before anything is drawn");
  const box = await pad.boundingBox();
  await page.mouse.move(box.x + 20, box.y + box.height / 2);
  await page.mouse.down();
  for (let i = 1; i <= 8; i++) await page.mouse.move(box.x + 20 + i * 25, box.y + box.height / 2 + (i % 2 ? -25 : 25), { steps: 3 });
  await page.mouse.up();
  await accept.click();
  await page.getByText("Signature accepted").waitFor();
  assert.ok(await accept.isDisabled(), "Accept once accepted");
}

/**
 * Presses Tab until `target` has the focus (it must be reachable, in at most 40 presses), then
 * returns it: the keyboard-only path never clicks.
 */
async function tabTo(page, target, what) {
  for (let i = 0; i < 40; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return target;
    await page.keyboard.press("Tab");
  }
  throw new Error(`${what} is not reachable with Tab`);
}

async function attestAndConfirm(page, name) {
  await screen(page, "Certification", "attest");
  const yes = page.getByRole("button", { name: "Yes", exact: true });
  await sign(page);
  assert.ok(await yes.isDisabled(), "Yes before the typed name");
  await page.getByRole("textbox", { name: "Type your full name" }).fill(name);
  await yes.click();
  await screen(page, "Terms", "confirmation");
  const submit = page.getByRole("button", { name: "Submit" });
  assert.ok(await submit.isDisabled(), "Submit before the terms");
  await page.getByRole("checkbox", { name: "I accept these terms" }).check();
  await submit.click();
}

describe("TEFAP eligibility", () => {
  let browser;
  before(async () => {
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
  });

  test("without JavaScript, the page shows its heading and the first question", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const res = await page.goto(url("/account/register/eligibility?returnTo=%2Fproducts"));
    assert.equal(res.status(), 200);
    await page.getByRole("heading", { level: 1, name: "TEFAP Eligibility" }).waitFor();
    await page.getByRole("heading", { level: 2, name: "Would you like to answer a few questions to see if you qualify?" }).waitFor();
    await page.getByText("The Emergency Food Assistance Program (TEFAP) is a federal program").waitFor();
    assert.equal(await page.title(), "TEFAP Eligibility | OrderAhead");
    await context.close();
  });

  test("from the shop's prompt, a resident answers every question and is eligible", async () => {
    const { pantry } = await columbusPantry();
    const context = await browser.newContext({ tefapAnswered: false });
    const page = await context.newPage();
    await page.clock.install(); // it flows as real time does until the end moves it on
    const problems = collectProblems(page);
    await selectPantry(page, pantry);

    // The shop offers the questionnaire once to a first-time shopper of a TEFAP food bank.
    await page.goto(url(`/products?pantry=${pantry.id}`));
    await waitForApp(page);
    await page.mouse.wheel(0, 120); // on a page just loaded, the offer waits for the first input
    const prompt = page.getByRole("dialog", { name: "Additional Free Groceries" });
    await prompt.getByRole("button", { name: "See If I Qualify" }).click();
    await page.waitForURL((u) => u.pathname === "/account/register/eligibility" && u.searchParams.get("returnTo") === `/products?pantry=${pantry.id}`);
    await screen(page, "Would you like to answer a few questions to see if you qualify?", "introduction");
    await page.getByRole("button", { name: "Yes", exact: true }).click();

    await screen(page, "Are you currently homeless or without a permanent address?", "homeless");
    await page.getByRole("button", { name: "No", exact: true }).click();

    // Residency: a zip in another state first, then the shopper's own.
    await screen(page, "Where do you live?", "residency: zip form");
    const zip = page.getByRole("textbox", { name: "Zip Code" });
    const next = page.getByRole("button", { name: "Continue" });
    await zip.fill("4620");
    assert.ok(await next.isDisabled(), "Continue before 5 digits");
    await zip.fill("46204");
    await next.click();
    await page.getByText("Zip code 46204 is in Indiana, which is not the state of your food bank.").waitFor();
    await assertAccessible(page, "residency: different state");
    await page.getByRole("button", { name: "Change Zip" }).click();
    await zip.fill("43215");
    await next.click();
    await page.getByText("Zip code 43215 is in Ohio.").waitFor();
    const county = page.getByRole("combobox", { name: "County", exact: true });
    assert.equal(await county.locator("option:checked").innerText(), "Franklin County", "the zip's county preselected");
    // Other asks for a county from Ohio's full list.
    await county.selectOption({ label: "Other" });
    const yes = page.getByRole("button", { name: "Yes", exact: true });
    assert.ok(await yes.isDisabled(), "Yes with Other and no county");
    const other = page.getByRole("combobox", { name: "Your county in Ohio" });
    await other.waitFor();
    assert.ok((await other.locator("option").count()) > 80, "Ohio's 88 counties");
    await other.selectOption({ label: "Franklin County" });
    await assertAccessible(page, "residency: county form");
    await page.getByText("Do you live in Ohio?").waitFor();
    await yes.click();

    // Programs: None is not cross-eligible, so the household and income questions follow.
    await screen(page, /take part in any of these programs/, "programs");
    assert.ok(await next.isDisabled(), "Continue before a choice");
    await page.getByRole("checkbox", { name: "SNAP (food stamps)" }).check();
    await page.getByRole("checkbox", { name: "None" }).check();
    assert.equal(await page.getByRole("checkbox", { name: "SNAP (food stamps)" }).isChecked(), false, "None excludes the programs");
    await next.click();

    await screen(page, "Your Household", "household");
    await page.getByRole("combobox", { name: "How many people live in your household, including you?" }).selectOption("3");
    await page.getByRole("combobox", { name: "18 to 64" }).selectOption("2");
    await page.getByText("1 person left to count").waitFor();
    assert.ok(await next.isDisabled(), "Continue before the age groups add up");
    await page.getByRole("combobox", { name: "17 and under" }).selectOption("1");
    await page.getByText("0 people left to count").waitFor();
    await next.click();

    // Ohio's demo guideline: (15,650 + 5,500 x 2) x 200 % for three people.
    await screen(page, "Is your household's total yearly income before taxes less than $53,300?", "income");
    await yes.click();

    await attestAndConfirm(page, "Pat Resident");
    await screen(page, "Your Result", "result: eligible");
    await page.getByText("Congratulations, you are eligible for additional free food items in Franklin County").waitFor();

    // The device keeps the answer, the area and (signed out) the response id for the next sign-in.
    assert.equal(await stored(page, "tefapAnswered"), true);
    const eligibilities = await stored(page, "tefapEligibilities");
    assert.equal(eligibilities.length, 1);
    assert.equal(eligibilities[0].province.abbreviation, "OH");
    assert.equal(eligibilities[0].postalCode.code, "43215");
    assert.equal(eligibilities[0].foodBank.id, pantry.foodBankID);
    const uniqueId = await stored(page, "tefapUniqueId");
    assert.match(uniqueId, /^[0-9a-f-]{36}$/);
    // The server decided eligible: assigning the response to an account says so.
    const token = await newAccountToken();
    const assigned = await fetch(url(`/api/v1/tefapeligibility/responses/${uniqueId}`), { method: "POST", headers: { Authorization: `Bearer ${token}` } });
    const body = await assigned.json();
    assert.equal(body.value.isEligible, true);
    assert.equal(body.value.county.name, "Franklin County");

    await page.getByRole("button", { name: "OK" }).click();
    await page.waitForURL((u) => u.pathname === "/products" && u.searchParams.get("pantry") === String(pantry.id));
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    await runTimers(page, SIGN_UP_OFFER_DELAY_MS + 100); // the steps shop.test.mjs shows it with
    assert.equal(await offered(page), false, "the prompt is offered again");
    assert.equal(await page.getByRole("dialog", { name: "Additional Free Groceries" }).count(), 0, "the prompt is offered again");
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("with the keyboard alone, a shopper answers every question and signs by typing their name", async () => {
    const { pantry } = await columbusPantry();
    const token = await newAccountToken();
    const context = await browser.newContext({ tefapAnswered: false });
    const page = await context.newPage();
    const problems = collectProblems(page);
    await selectPantry(page, pantry, token);
    await page.goto(url("/account/register/eligibility?returnTo=%2F"));
    await waitForApp(page);
    const key = (k) => page.keyboard.press(k);
    const button = (name) => page.getByRole("button", { name, exact: true });

    await tabTo(page, button("Yes"), "Yes");
    await key("Enter");
    await screen(page, "Are you currently homeless or without a permanent address?", "homeless");
    await tabTo(page, button("No"), "No");
    await key("Space");

    await screen(page, "Where do you live?", "residency: zip form");
    await tabTo(page, page.getByRole("textbox", { name: "Zip Code" }), "the zip field");
    await page.keyboard.type("43215");
    await tabTo(page, button("Continue"), "Continue");
    await key("Enter");
    await page.getByText("Zip code 43215 is in Ohio.").waitFor();
    await tabTo(page, button("Yes"), "Yes");
    await key("Enter");

    await screen(page, /take part in any of these programs/, "programs");
    await tabTo(page, page.getByRole("checkbox", { name: "SNAP (food stamps)" }), "SNAP");
    await key("Space");
    await tabTo(page, button("Continue"), "Continue");
    await key("Enter");

    await screen(page, "Certification", "attest");
    // Drawing is the default; the other choice of the group is one arrow key away.
    const draw = page.getByRole("radio", { name: "Draw my signature" });
    assert.ok(await draw.isChecked());
    await tabTo(page, draw, "the signing choice");
    await key("ArrowDown");
    assert.ok(await page.getByRole("radio", { name: "Sign by typing my name" }).isChecked());
    assert.equal(await page.getByRole("img", { name: "Signature" }).isVisible(), false, "no pad while typing");
    await tabTo(page, page.getByRole("textbox", { name: "Your signature: type your name, then select Accept" }), "the typed signature");
    await page.keyboard.type("Kim Keyboard");
    await page.locator(".typed-signature").filter({ hasText: "Kim Keyboard" }).waitFor();
    await assertAccessible(page, "attest: typed signature");
    await tabTo(page, button("Accept"), "Accept");
    await key("Enter");
    await page.getByText("Signature accepted").waitFor();
    await tabTo(page, page.getByRole("textbox", { name: "Type your full name" }), "the full name");
    await page.keyboard.type("Kim Keyboard");
    await tabTo(page, button("Yes"), "Yes");
    await key("Enter");

    await screen(page, "Terms", "confirmation");
    await tabTo(page, page.getByRole("checkbox", { name: "I accept these terms" }), "the terms");
    await key("Space");
    const sent = page.waitForRequest((r) => r.method() === "POST" && new URL(r.url()).pathname === "/api/v1/tefapeligibility/responses");
    await tabTo(page, button("Submit"), "Submit");
    await key("Enter");
    const request = await sent;
    await screen(page, "Your Result", "result: eligible");
    await page.getByText("Congratulations, you are eligible for additional free food items in Franklin County").waitFor();
    // Stored as a drawn one would be: SVG, here the typed name.
    const { signature, typedName } = request.postDataJSON();
    assert.match(signature, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" [^>]*><text [^>]*>Kim Keyboard<\/text><\/svg>$/);
    assert.equal(typedName, "Kim Keyboard");
    await tabTo(page, button("OK"), "OK");
    await key("Enter");
    await page.waitForURL((u) => u.pathname === "/");
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("a signed-in homeless shopper in SNAP is eligible through the food bank's area", async () => {
    const { pantry } = await columbusPantry();
    const token = await newAccountToken();
    const context = await browser.newContext({ tefapAnswered: false });
    const page = await context.newPage();
    const problems = collectProblems(page);
    await selectPantry(page, pantry, token);
    await page.goto(url("/account/register/eligibility?returnTo=%2F"));
    await waitForApp(page);
    await page.getByRole("button", { name: "Yes", exact: true }).click();
    await screen(page, "Are you currently homeless or without a permanent address?", "homeless");
    await page.getByRole("button", { name: "Yes", exact: true }).click();

    // A cross-eligible program skips the household and income questions.
    await screen(page, /take part in any of these programs/, "programs");
    await page.getByRole("checkbox", { name: "SNAP (food stamps)" }).check();
    await page.getByRole("button", { name: "Continue" }).click();
    await attestAndConfirm(page, "Sam Homeless");
    await page.getByText("Congratulations, you are eligible for additional free food items in Franklin County").waitFor();
    assert.equal(await stored(page, "tefapUniqueId"), null, "signed in: the account holds the response");
    assert.equal(await stored(page, "tefapAnswered"), true);
    const profile = await apiGet("/account/profile", token);
    assert.equal(profile.isTefapSurveyAnswered, true);
    assert.equal(profile.tefapEligibilities.length, 1);
    await page.getByRole("button", { name: "OK" }).click();
    await page.waitForURL((u) => u.pathname === "/");
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("failures show their message with Retry; a missing guideline offers the not-available form", async () => {
    const { pantry } = await columbusPantry();
    const context = await browser.newContext({ tefapAnswered: false });
    const page = await context.newPage();
    const problems = collectProblems(page);
    await selectPantry(page, pantry);
    await page.goto(url("/account/register/eligibility?returnTo=%2F"));
    await waitForApp(page);
    await page.getByRole("button", { name: "Yes", exact: true }).click();
    await page.getByRole("button", { name: "No", exact: true }).click();

    // An unknown zip: the server's message, and Retry goes back to the zip form.
    const zip = page.getByRole("textbox", { name: "Zip Code" });
    const next = page.getByRole("button", { name: "Continue" });
    await zip.fill("00000");
    await next.click();
    await page.getByRole("alert").filter({ hasText: "Unable to load data" }).waitFor();
    await assertAccessible(page, "residency: error");
    await page.getByRole("button", { name: "Retry" }).click();
    assert.equal(await zip.inputValue(), "00000");

    // The guideline service down (no message): "An error occurred", Retry, and the not-available form.
    const unavailable = (route) => route.fulfill({ status: 503, contentType: "application/json", body: '{"successful":false,"value":null,"failureReason":null}' });
    await page.route("**/api/v1/tefapeligibility/guidelines/**", unavailable);
    await zip.fill("43215");
    await next.click();
    await page.getByRole("alert").filter({ hasText: /^An error occurred$/ }).waitFor();
    await page.getByText("Additional groceries may not be available in your area yet.").waitFor();
    await page.getByRole("button", { name: "Email Me When Available" }).click();
    const email = page.getByRole("textbox", { name: "E-Mail" });
    await email.fill("not an address");
    await page.getByRole("button", { name: "Notify Me" }).click();
    await page.getByText("A valid email address is required").waitFor();
    assert.equal(await email.getAttribute("aria-invalid"), "true");
    await assertAccessible(page, "not available: e-mail form");
    await email.fill("tess@example.org");
    await page.getByRole("button", { name: "Notify Me" }).click();
    await page.getByText("Thank you for your interest.").waitFor();
    await page.unroute("**/api/v1/tefapeligibility/guidelines/**", unavailable);
    await page.getByRole("button", { name: "Retry" }).click();
    await next.click();
    await page.getByText("Zip code 43215 is in Ohio.").waitFor();
    await page.getByRole("button", { name: "Yes", exact: true }).click();
    await page.getByRole("checkbox", { name: "SNAP (food stamps)" }).check();
    await next.click();

    // The submission fails once: An Error Occurred, and Retry sends the same answers again.
    let failures = 0;
    await page.route("**/api/v1/tefapeligibility/responses", (route) => (failures++ === 0 ? unavailable(route) : route.fallback()));
    await attestAndConfirm(page, "Pat Retry");
    await screen(page, "An Error Occurred", "submission error");
    await page.getByRole("alert").filter({ hasText: "Error submitting TEFAP Response" }).waitFor();
    await page.getByRole("button", { name: "Retry" }).click();
    await page.getByText("Congratulations, you are eligible for additional free food items in Franklin County").waitFor();
    assert.equal(failures, 2);
    // The refused calls are the only failed requests the browser may report.
    assert.deepEqual(problems.filter((p) => !/status of 503/.test(p)), []);
    await context.close();
  });

  test("the testing panel forces a guideline flag: without cross-eligibility the programs question is skipped", async () => {
    // The test server turns the panel on; it is off unless the host is started with --tefap-testing.
    const { pantry } = await columbusPantry();
    const context = await browser.newContext({ tefapAnswered: false });
    const page = await context.newPage();
    const problems = collectProblems(page);
    await selectPantry(page, pantry);
    await page.goto(url("/account/register/eligibility"));
    await waitForApp(page);
    await page.getByRole("button", { name: "Yes", exact: true }).click();
    await screen(page, "Are you currently homeless or without a permanent address?", "homeless");
    await page.getByRole("button", { name: "No", exact: true }).click();
    await screen(page, "Where do you live?", "residency: zip form");
    await page.getByText("Testing: guideline flags").click();
    await page.getByRole("combobox", { name: "Accepts cross-eligibility" }).selectOption({ label: "No" });
    await assertAccessible(page, "residency: testing panel");
    await page.getByRole("textbox", { name: "Zip Code" }).fill("43215");
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByText("Zip code 43215 is in Ohio.").waitFor();
    await page.getByRole("button", { name: "Yes", exact: true }).click();
    // Ohio's guideline accepts cross-eligibility (the first suite answers the programs question).
    await page.getByRole("combobox", { name: "How many people live in your household, including you?" }).waitFor();
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("declining the questionnaire ends with the not-qualify message", async () => {
    const { pantry } = await columbusPantry();
    const context = await browser.newContext({ tefapAnswered: false });
    const page = await context.newPage();
    const problems = collectProblems(page);
    await selectPantry(page, pantry);
    await page.goto(url("/account/register/eligibility?returnTo=%2F%2Fevil.example%2F"));
    await waitForApp(page);
    await page.getByRole("button", { name: "No", exact: true }).click();
    await screen(page, "Thank You", "disqualified");
    await page.getByRole("button", { name: "Continue" }).click();
    await screen(page, "Your Result", "result: not eligible");
    await page
      .getByText(
        "You do not qualify for additional groceries from The Emergency Food Assistance Program at this time. Click OK to begin shopping other free food items available in your area.",
      )
      .waitFor();
    assert.equal(await stored(page, "tefapAnswered"), true);
    assert.equal(await stored(page, "tefapEligibilities"), null, "nothing gained");
    // Another site as returnTo is refused: OK stays on this one.
    await page.getByRole("button", { name: "OK" }).click();
    await page.waitForURL((u) => u.origin === new URL(url("/")).origin && u.pathname === "/");
    assert.deepEqual(problems, []);
    await context.close();
  });
  // Last in the suite: it moves the server's clock on 13 months (the harness puts it back after).
  test("thirteen months after an eligible answer the shop hides TEFAP food and offers the questionnaire again", async () => {
    const { pantry } = await columbusPantry();
    const token = await newAccountToken();
    const area = await apiGet("/tefapeligibility/postalcodes/43215");
    const res = await fetch(url("/api/v1/tefapeligibility/responses"), {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
      body: JSON.stringify({
        isHomeless: false, residencyPostalCode: "43215", residencyCounty: area.county.id, selectedAssistanceProgramIDs: [0],
        totalHouseholdSize: 3, isBelowIncomeLimit: true, incomeLimit: 1, signature: "<svg><path d='M0 0 L10 10'/></svg>",
        typedName: "Tess Tefap", acceptedTerms: true, disqualified: false, isEligible: true,
      }),
    });
    assert.equal((await res.json()).value.isEligible, true);
    const count = async (as) => (await apiGet(`/locations/${pantry.id}/inventory`, as)).items.length;
    const [anonymous, eligible] = [await count(null), await count(token)];
    assert.ok(eligible > anonymous, `TEFAP food shows to the eligible shopper (${eligible} items against ${anonymous})`);
    assert.equal((await apiGet("/account/profile", token)).tefapRecertificationDueAt, null);

    await moveClockTo(new Date(Date.now() + 396 * 24 * 3600 * 1000));
    assert.equal(await count(token), anonymous, "the answer has lapsed: no TEFAP food");
    const profile = await apiGet("/account/profile", token);
    assert.ok(profile.tefapRecertificationDueAt, "the profile says it lapsed");

    // This device answered long ago (the suites' contexts start with the survey answered).
    const context = await browser.newContext();
    const page = await context.newPage();
    await installHeldClock(page);
    const problems = collectProblems(page);
    await selectPantry(page, pantry, token);
    // As a returning shopper's device holds it: the profile the app keeps from its last load.
    await page.evaluate((p) => localStorage.setItem("oa.profile", JSON.stringify(p)), profile);
    await page.goto(url(`/products?pantry=${pantry.id}`));
    await waitForApp(page);
    await page.getByRole("article").first().waitFor();
    await page.mouse.wheel(0, 120);
    await runTimers(page, SIGN_UP_OFFER_DELAY_MS + 100);
    await page.locator(".shop[data-offer='tefap']").waitFor({ state: "attached" });
    assert.equal(await offered(page), true);
    await page.clock.resume();
    const prompt = page.getByRole("dialog", { name: "Additional Free Groceries" });
    await prompt.waitFor();
    await assertAccessible(page, "the questionnaire offered again");
    assert.deepEqual(problems, []);
    await context.close();
  });
});
