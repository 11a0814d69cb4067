// Account Details (/account): the signed-in shopper's profile, messaging preferences and saved
// addresses, edited through the screen; sign-out; the signed-out, load-error and no-script views.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { assertAccessible, collectProblems, launch, logIn, newShopper, url, waitForApp } from "./lib.mjs";

/** A fresh account through the API: its token, as a sign-in would have stored it. */
async function newAccount() {
  const email = `acct.${Date.now()}.${Math.random().toString(36).slice(2)}@example.org`;
  const res = await fetch(url("/api/v1/account"), {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      firstName: "Ray",
      lastName: "Tester",
      eMailAddress: email,
      password: "a good password 2",
      phoneNumber: "(614) 555-0199",
      isEligible: true,
    }),
  });
  const body = await res.json();
  assert.ok(body.successful, body.failureReason);
  return { email, token: body.value.jwt };
}

async function apiAs(token, path) {
  const res = await fetch(url(`/api/v1${path}`), { headers: { Authorization: `Bearer ${token}` } });
  const body = await res.json();
  assert.ok(body.successful, `GET ${path}: ${body.failureReason}`);
  return body.value;
}

/** Opens the home page with the token on the device, as after a sign-in. */
async function signedInHome(page, token) {
  await page.goto(url("/"));
  await waitForApp(page);
  await page.evaluate((tk) => localStorage.setItem("oa.token", JSON.stringify(tk)), token);
  await page.reload();
  await waitForApp(page);
}

describe("account details", () => {
  let browser;
  before(async () => {
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
  });

  test("without JavaScript the page shows its heading and a Log In link", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const res = await page.goto(url("/account"));
    assert.equal(res.status(), 200);
    await page.getByRole("heading", { level: 1, name: "Account Details" }).waitFor();
    const login = page.getByRole("link", { name: "Log In" });
    assert.equal(await login.getAttribute("href"), "/account/login?returnTo=%2Faccount");
    await context.close();
  });

  test("signed out, the page sends the shopper to sign-in and back", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const problems = collectProblems(page);
    await page.goto(url("/account"));
    await page.waitForURL((u) => u.pathname === "/account/login" && u.searchParams.get("returnTo") === "/account");
    await page.getByRole("heading", { name: "Login" }).waitFor();
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("a profile that cannot load shows the error with a Log In button", async () => {
    const { token } = await newAccount();
    const context = await browser.newContext();
    const page = await context.newPage();
    await signedInHome(page, token);
    await page.route("**/api/v1/account/profile", (route) =>
      route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ successful: false, value: null, failureReason: null }) }),
    );
    await page.goto(url("/account"));
    await waitForApp(page);
    const alert = page.getByRole("alert");
    await alert.getByText("Unable to load your profile").waitFor();
    await alert.getByText("There was an error loading your profile").waitFor();
    assert.equal(await page.getByRole("link", { name: "Log In" }).getAttribute("href"), "/account/login?returnTo=%2Faccount");
    await assertAccessible(page, "account load error");
    await context.close();
  });

  test("a shopper opens Account from the menu, edits the profile, manages an address and logs out", async () => {
    const { email, token } = await newAccount();
    const context = await browser.newContext();
    const page = await context.newPage();
    const problems = collectProblems(page);
    await signedInHome(page, token);

    // The side menu's Details entry (signed in only) opens the page.
    await page.getByRole("button", { name: "Menu", exact: true }).click();
    await page.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name: "Details" }).click();
    await page.waitForURL((u) => u.pathname === "/account");
    await page.getByRole("heading", { level: 1, name: "Account Details" }).waitFor();
    await page.getByText("Ray Tester").waitFor();
    await page.getByText(email).waitFor();
    await page.getByText("(614) 555-0199").waitFor();
    // Preferences default all on and are shown, not changed, here.
    for (const name of ["E-Mail", "Text Message", "Phone Call"]) {
      const box = page.getByRole("checkbox", { name });
      assert.ok(await box.isChecked(), name);
      assert.ok(await box.isDisabled(), `${name} is read-only`);
    }
    await page.getByText("No saved addresses.").waitFor();
    await assertAccessible(page, "account details");

    // Edit Profile: the registration rules apply; Cancel leaves nothing changed.
    await page.getByRole("link", { name: "Edit", exact: true }).click();
    await page.getByRole("heading", { name: "Edit Profile" }).waitFor();
    await page.getByRole("link", { name: "Cancel" }).click();
    await page.getByRole("heading", { name: "Edit Profile" }).waitFor({ state: "detached" });
    await page.getByRole("link", { name: "Edit", exact: true }).click();
    const firstName = page.getByRole("textbox", { name: "First Name" });
    assert.equal(await firstName.inputValue(), "Ray");
    await firstName.fill("Rae");
    const phone = page.getByRole("textbox", { name: "Phone", exact: true });
    await phone.fill("614555");
    assert.equal(await phone.inputValue(), "(614) 555");
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByText("A valid phone number is required").waitFor();
    await page.getByText("Please verify all required fields.").waitFor();
    await assertAccessible(page, "edit profile with errors");
    await phone.fill("6145550123");
    await page.getByRole("textbox", { name: "Zip Code" }).fill("43215");
    await page.getByRole("checkbox", { name: "Text Message" }).uncheck();
    await page.getByRole("button", { name: "Save" }).click();
    // Saved: back to the details with the new values.
    await page.getByRole("heading", { name: "Edit Profile" }).waitFor({ state: "detached" });
    await page.getByText("Rae Tester").waitFor();
    await page.getByText("(614) 555-0123").waitFor();
    await page.getByText("43215", { exact: true }).waitFor();
    assert.equal(await page.getByRole("checkbox", { name: "Text Message" }).isChecked(), false);
    assert.equal(await page.getByRole("checkbox", { name: "E-Mail" }).isChecked(), true);
    const saved = await apiAs(token, "/account/profile");
    assert.equal(saved.firstName, "Rae");
    assert.equal(saved.phoneNumber, "(614) 555-0123");
    assert.equal(saved.postalCode, "43215");
    assert.equal(saved.isTextMessageNotificationEnabled, false);
    // A fresh load of /account (not through the menu) reads the stored session and shows the same.
    await page.reload();
    await waitForApp(page);
    await page.getByText("Rae Tester").waitFor();
    assert.equal(new URL(page.url()).pathname, "/account");

    // Add an address: Save stays disabled until the required fields are in.
    await page.getByRole("link", { name: "Add", exact: true }).click();
    await page.getByRole("heading", { name: "Add" }).waitFor();
    const save = page.getByRole("button", { name: "Save" });
    assert.ok(await save.isDisabled());
    assert.equal(await page.getByRole("textbox", { name: "Zip Code" }).inputValue(), "43215", "zip prefilled from the profile");
    await page.getByRole("textbox", { name: "Location Name" }).fill("Home base");
    await page.getByRole("textbox", { name: "Address Line 1" }).fill("3 Broad St");
    await page.getByRole("textbox", { name: "City" }).fill("Columbus");
    await page.getByRole("combobox", { name: "State" }).selectOption("OH");
    await page.getByRole("checkbox", { name: "Primary address" }).check();
    await assertAccessible(page, "add address");
    await save.click();
    const list = page.locator(".address-list");
    await list.getByText("3 Broad St, Columbus, OH 43215").waitFor();
    await list.getByText("Primary", { exact: true }).waitFor();
    await assertAccessible(page, "account details with an address");

    // Edit it: the form comes back filled in; Save closes it and reloads the list.
    await page.getByRole("link", { name: "Edit Home base" }).click();
    await page.getByRole("heading", { name: "Edit", exact: true }).waitFor();
    assert.equal(await page.getByRole("textbox", { name: "Location Name" }).inputValue(), "Home base");
    await page.getByRole("textbox", { name: "City" }).fill("Bexley");
    await page.getByRole("button", { name: "Save" }).click();
    await list.getByText("3 Broad St, Bexley, OH 43215").waitFor();
    const [address] = await apiAs(token, "/account/addresses");
    assert.equal(address.address.city, "Bexley");
    assert.equal(address.isPrimary, true);

    // Delete needs a confirm click.
    await page.getByRole("link", { name: "Delete Home base" }).click();
    const confirm = page.getByRole("button", { name: "Confirm Delete Home base" });
    await confirm.waitFor();
    assert.equal((await apiAs(token, "/account/addresses")).length, 1, "one click does not delete");
    await assertAccessible(page, "address delete confirmation");
    await confirm.click();
    await page.getByText("No saved addresses.").waitFor();
    assert.deepEqual(await apiAs(token, "/account/addresses"), []);

    // Opened at the address that shows a form (what Edit links to before the app runs): the
    // server's form hydrates once its chunk is in, and Cancel goes back to the plain address.
    await page.goto(url("/account?edit=profile"));
    await waitForApp(page);
    await page.getByRole("heading", { name: "Edit Profile" }).waitFor();
    assert.equal(await page.getByRole("textbox", { name: "First Name" }).inputValue(), "Rae");
    await page.getByRole("link", { name: "Cancel" }).click();
    await page.getByRole("heading", { name: "Edit Profile" }).waitFor({ state: "detached" });
    await page.waitForURL((u) => u.pathname === "/account" && u.search === "");
    await page.getByText("Rae Tester").waitFor();

    // Log Out: the token goes and the shopper lands home, signed out.
    await page.getByRole("button", { name: "Log Out", exact: true }).click();
    await page.waitForURL((u) => u.pathname === "/");
    assert.equal(await page.evaluate(() => localStorage.getItem("oa.token")), null);
    await page.getByRole("button", { name: "Menu", exact: true }).click();
    const nav = page.getByRole("navigation", { name: "Main menu" });
    await nav.getByRole("link", { name: "Login" }).waitFor();
    assert.equal(await nav.getByRole("link", { name: "Details" }).count(), 0);
    await assertAccessible(page, "home after log out");
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("registration shows at the e-mail field what only the server checks", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const problems = collectProblems(page);
    await page.goto(url("/account/register"));
    await waitForApp(page);
    await page.getByRole("textbox", { name: "First Name" }).fill("Long");
    await page.getByRole("textbox", { name: "Last Name" }).fill("Name");
    // The pattern the form checks lets it through; the server counts the local part (at most 64).
    const email = page.getByRole("textbox", { name: "E-Mail" });
    await email.fill(`${"a".repeat(65)}@example.org`);
    await page.getByLabel("Password").fill("a good password 5");
    await page.getByRole("textbox", { name: "Phone" }).pressSequentially("6145550142");
    await page.getByRole("checkbox", { name: "I am eligible" }).check();
    await page.getByRole("button", { name: "Sign up" }).click();
    await page.getByText("Please verify all required fields.").waitFor();
    await page.getByText("A valid email address is required").waitFor();
    assert.equal(await email.getAttribute("aria-invalid"), "true");
    assert.equal(await page.getByRole("dialog").count(), 0, "a field error is not a dialog");
    await assertAccessible(page, "register refused by the server");
    // Editing the form clears the server's verdict; a good address registers.
    await email.fill(`ok.${Date.now()}@example.org`);
    assert.equal(await email.getAttribute("aria-invalid"), null);
    await page.getByRole("button", { name: "Sign up" }).click();
    await page.getByRole("dialog", { name: "Remember Me?" }).waitFor();
    assert.deepEqual(problems.filter((p) => !/status of 400/.test(p)), [], "only the refused request's own log line");
    await context.close();
  });

  test("signing up with an e-mail that has an account says only that a mail was sent, with or without JavaScript", async () => {
    const { email } = await newAccount();
    const fill = async (page) => {
      await page.getByRole("textbox", { name: "First Name" }).fill("Other");
      await page.getByRole("textbox", { name: "Last Name" }).fill("Person");
      await page.getByRole("textbox", { name: "E-Mail" }).fill(email);
      await page.getByLabel("Password", { exact: true }).fill("another good password 3");
      await page.getByRole("textbox", { name: "Phone", exact: true }).fill("(614) 555-0177");
      await page.getByRole("checkbox", { name: "I am eligible" }).check();
      await page.getByRole("button", { name: "Sign up" }).click();
    };
    const context = await browser.newContext();
    const page = await context.newPage();
    const problems = collectProblems(page);
    await page.goto(url("/account/register"));
    await waitForApp(page);
    await fill(page);
    await page.getByRole("heading", { name: "Check Your E-mail" }).waitFor();
    await page.getByText(`We sent a message to ${email}.`).waitFor();
    assert.equal(await page.evaluate(() => localStorage.getItem("oa.token")), null, "not signed in");
    await assertAccessible(page, "sign-up with a known e-mail");
    assert.deepEqual(problems, []);
    await context.close();

    const plain = await browser.newContext({ javaScriptEnabled: false });
    const noScript = await plain.newPage();
    await noScript.goto(url("/account/register"));
    await fill(noScript);
    await noScript.waitForURL((u) => u.pathname === "/account/register" && u.searchParams.get("sent") === "true");
    assert.ok(!noScript.url().includes(encodeURIComponent(email)) && !noScript.url().includes(email), "the e-mail is not in the address");
    await noScript.getByText("We sent a message to the e-mail address you gave.").waitFor();
    assert.equal((await plain.cookies()).find((c) => c.name === "oa_session"), undefined, "no session");
    await plain.close();
  });

  test("signing in on a new device brings back the favourite pantry kept on the account", async () => {
    const { email, token } = await newAccount();
    const geo = await apiAs(token, "/locations/geocode/43215");
    const [pantry] = await apiAs(token, `/locations?lat=${geo.latitude}&lng=${geo.longitude}&radiusMiles=10`);
    const put = await fetch(url(`/api/v1/account/favorite/${pantry.id}`), { method: "PUT", headers: { Authorization: `Bearer ${token}` } });
    assert.equal(put.status, 200);

    const context = await browser.newContext();
    const page = await context.newPage();
    const problems = collectProblems(page);
    await page.goto(url("/account/login"));
    await waitForApp(page);
    assert.equal(await page.evaluate(() => localStorage.getItem("oa.favoritePantry")), null);
    await page.getByRole("textbox", { name: "E-Mail" }).fill(email);
    await page.getByLabel("Password").fill("a good password 2");
    await page.getByRole("button", { name: "Login" }).click();
    await page.getByRole("dialog", { name: "Remember Me?" }).getByRole("button", { name: "No" }).click();
    await page.waitForURL((u) => u.pathname === "/");
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("oa.favoritePantry")));
    assert.equal(stored?.id, pantry.id);
    // The pantry's page shows it as the favourite.
    await page.goto(url(`/pantries/${pantry.id}`));
    await waitForApp(page);
    await page.getByRole("button", { name: /Favorite/, pressed: true }).waitFor();
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("a shopper sees where the account is logged in, logs the iPhone out, then logs out everywhere", async () => {
    const { email, password } = await newShopper("devices");
    const IPHONE =
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
    const phone = await browser.newContext({ userAgent: IPHONE, viewport: { width: 390, height: 844 } });
    const iphone = await phone.newPage();
    await logIn(iphone, email, "/account", password);
    const desk = await browser.newContext();
    const page = await desk.newPage();
    const problems = collectProblems(page);
    await logIn(page, email, "/account", password);

    const section = page.getByRole("region", { name: "Where you are logged in" });
    await section.getByText("Chrome on Linux").waitFor();
    await section.getByText("This device").waitFor();
    await section.getByText("Safari on iOS").waitFor();
    await assertAccessible(page, "account devices");
    // Only the other device has a Log Out of its own; this one logs out with the page's button.
    assert.equal(await section.getByRole("button", { name: /^Log Out Chrome/ }).count(), 0);
    // Before hydration the button posts the page's form and the page comes back without the
    // iPhone; after it, the list is redrawn: either way, wait for the iPhone to be gone.
    await section.getByRole("button", { name: "Log Out Safari on iOS" }).click();
    await section.getByText("Safari on iOS").waitFor({ state: "detached" });
    await page.waitForLoadState("load");
    await section.getByText("Chrome on Linux").waitFor();

    // The iPhone is logged out: its account page asks it to log in again.
    await iphone.reload();
    await iphone.waitForFunction(
      () => location.pathname === "/account/login" || [...document.querySelectorAll("a")].some((a) => a.textContent.trim() === "Log In"),
    );

    // Log Out Everywhere ends this device's session too.
    await section.getByRole("button", { name: "Log Out Everywhere" }).click();
    await page.waitForURL((u) => u.pathname === "/");
    await page.goto(url("/account"));
    await page.getByRole("link", { name: "Log In" }).first().waitFor();
    assert.deepEqual(
      problems.filter((p) => !/status of 401/.test(p)),
      [],
      "only the ended session's refused calls",
    );
    await phone.close();
    await desk.close();
  });

  test("a shopper downloads their data, then deletes the account after reading what is kept", async () => {
    const { email, password } = await newShopper("erase");
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const problems = collectProblems(page);
    await logIn(page, email, "/account", password);

    const data = page.getByRole("region", { name: "Your data" });
    const [download] = await Promise.all([page.waitForEvent("download"), data.getByRole("link", { name: "Download a data file (JSON)" }).click()]);
    assert.equal(download.suggestedFilename(), "orderahead-my-data.json");
    const chunks = [];
    for await (const chunk of await download.createReadStream()) chunks.push(chunk);
    const file = JSON.parse(Buffer.concat(chunks).toString("utf8"));
    assert.equal(file.profile.eMailAddress, email);
    assert.ok(Array.isArray(file.orders));

    const erase = page.getByRole("region", { name: "Delete My Account" });
    await erase.getByText(/TEFAP records keep only your name, household size and the reason you qualified/).waitFor();
    await assertAccessible(page, "account data and deletion");
    // A wrong password is refused at its field, and the account stays.
    await erase.getByLabel("Your password, to confirm").fill("not my password");
    await erase.getByRole("button", { name: "Delete My Account" }).click();
    await page.getByText("That is not your password").waitFor();
    assert.equal(await page.getByLabel("Your password, to confirm").getAttribute("aria-invalid"), "true");

    await page.getByLabel("Your password, to confirm").fill(password);
    await page.getByRole("button", { name: "Delete My Account" }).click();
    await page.waitForURL((u) => u.pathname === "/account" && u.search === "?deleted=1");
    await page.getByRole("status").filter({ hasText: "Your account has been deleted." }).waitFor();
    // Once the app runs, the device forgets the session, as on Log Out.
    await page.waitForFunction(() => localStorage.getItem("oa.token") === null);

    // The login no longer works.
    const res = await fetch(url("/api/v1/account/login"), {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ Username: email, Password: password }),
    });
    assert.equal(res.status, 401);
    assert.deepEqual(
      problems.filter((p) => !/status of 4(01|22)/.test(p)),
      [],
      "only the refused password's answer",
    );
    await context.close();
  });
});
