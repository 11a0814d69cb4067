// A shopper's path from the home page to a confirmed pickup order, every step named in the
// language of the page: the journey the language suites share.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { url } from "./lib.mjs";

const read = (path) => JSON.parse(readFileSync(new URL(`../../${path}`, import.meta.url), "utf8"));
export const registry = read("app/src/i18n/languages.json");
export const en = read("app/src/i18n/en.json");
const ZIP = "43215";
const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A language's texts: `L(key, vars)` with its {placeholders} filled. */
export function texts(code) {
  const catalog = read(`app/src/i18n/${code}.json`);
  const L = (key, vars = {}) => {
    assert.ok(typeof catalog[key] === "string", `${code}.json has ${key}`);
    return catalog[key].replace(/\{(\w+)\}/g, (whole, name) => (name in vars ? String(vars[name]) : whole));
  };
  // English shopper texts (labels and sentences the language writes otherwise) that must not show.
  L.english = Object.keys(en)
    .filter((k) => !k.startsWith("staff.") && !k.startsWith("fmt.") && !en[k].includes("{") && en[k].trim().length >= 6 && en[k] !== catalog[k])
    .map((k) => en[k]);
  L.code = code;
  return L;
}

async function api(path) {
  const body = await fetch(url(`/api/v1${path}`)).then((r) => r.json());
  assert.ok(body.successful, `${path}: ${body.failureReason}`);
  return body.value;
}

/**
 * From the home page to a confirmed pickup order, every step named in the language `L`; `check`
 * runs on each page (the language, accessibility, the width).
 */
export async function orderThrough(page, L, check) {
  await page.getByRole("textbox", { name: L("zip.label") }).pressSequentially(ZIP);
  await page.waitForURL((u) => u.pathname === "/pantries" && u.searchParams.get("zip") === ZIP);
  await page.getByRole("heading", { level: 1, name: L("pantries.title") }).waitFor();
  await check("pantries");

  const cards = page.getByRole("list", { name: L("pantries.list") }).locator(":scope > li");
  await cards.first().waitFor();
  let chosen = null;
  for (let i = 0; i < (await cards.count()) && !chosen; i++) {
    const card = cards.nth(i);
    const text = await card.innerText();
    if (text.includes(L("pantries.restricted")) || text.includes(L("pantries.noTimes"))) continue;
    const href = await card.getByRole("heading", { level: 2 }).getByRole("link").getAttribute("href");
    const id = Number(href.split("/").pop());
    const { items } = await api(`/locations/${id}/inventory`);
    const item = items.find((it) => it.quantity > 0 && (it.effectiveLimit?.limit ?? 2) >= 1);
    if (item) chosen = { card, id, item };
  }
  assert.ok(chosen, "an open pantry with stock near 43215");
  await chosen.card.getByRole("list").getByRole("button").first().click();
  const picker = page.getByRole("dialog", { name: L("pantries.chooseTime") });
  if (await picker.isVisible()) await picker.getByRole("button", { name: L("pantries.ok") }).click();
  await page.getByRole("button", { name: L("pantries.pickUpHere") }).click();
  await page.getByRole("dialog").getByRole("button", { name: L("home.startOrder") }).click();

  await page.waitForURL((u) => u.pathname === "/products" && u.searchParams.get("pantry") === String(chosen.id));
  const tefap = page.getByRole("dialog", { name: L("tefap.prompt.title") });
  await tefap.waitFor();
  await check("TEFAP offer");
  await tefap.getByRole("button", { name: L("tefap.prompt.dismiss") }).click();
  const name = chosen.item.pantryItem.name;
  const tile = page.getByRole("article", { name, exact: true });
  await tile.getByRole("button", { name: new RegExp(`^${escape(L("shop.addToCart"))}`) }).click();
  await tile.getByRole("button", { name: L("shop.stepper.add", { name }) }).waitFor();
  await check("shop");

  await page.goto(url("/cart"));
  await page.getByRole("heading", { level: 1, name: L("cart.title") }).waitFor();
  await check("cart");
  await page.getByRole("link", { name: L("cart.checkout"), exact: true }).click();
  await page.waitForURL((u) => u.pathname === "/account/login");
  await check("login");
  await page.getByRole("link", { name: L("account.login.signUp") }).click();
  await page.waitForURL((u) => u.pathname === "/account/register");
  await page.getByRole("textbox", { name: L("account.field.firstName"), exact: true }).fill("Noor");
  await page.getByRole("textbox", { name: L("account.field.lastName") }).fill("Haddad");
  await page.getByRole("textbox", { name: L("account.field.email") }).fill(`noor.${L.code}.${Date.now()}@example.org`);
  await page.getByLabel(L("account.field.password")).fill("a good password 7");
  await page.getByRole("textbox", { name: L("account.field.phone") }).pressSequentially("6145550133");
  await page.getByRole("textbox", { name: L("zip.label") }).fill(ZIP);
  await page.getByRole("checkbox", { name: L("account.field.eligible") }).check();
  await check("register");
  await page.getByRole("button", { name: L("account.login.signUp") }).click();
  const remember = page.getByRole("dialog", { name: L("account.rememberMe.title") });
  await remember.getByRole("button", { name: L("account.rememberMe.no"), exact: true }).click();

  await page.waitForURL((u) => u.pathname.startsWith("/cart/schedulepickup"), { waitUntil: "commit" });
  const q1 = page.getByRole("group", { name: L("checkout.eligibility.q1") });
  await q1.waitFor();
  await check("checkout: screening");
  await q1.getByRole("radio", { name: L("checkout.eligibility.sometimes") }).check();
  await page.getByRole("group", { name: L("checkout.eligibility.q2") }).getByRole("radio", { name: L("checkout.eligibility.sometimes") }).check();
  await page.getByRole("group", { name: L("checkout.eligibility.q3") }).getByRole("radio", { name: L("checkout.eligibility.lastYear") }).check();
  await page.getByRole("button", { name: L("checkout.submit") }).click();
  await page.getByRole("combobox", { name: L("checkout.survey.household") }).selectOption("2");
  await page.getByRole("textbox", { name: L("checkout.survey.street") }).fill("5 Long St");
  await page.getByRole("textbox", { name: L("checkout.survey.city") }).fill("Columbus");
  await page.getByRole("combobox", { name: L("checkout.survey.state") }).selectOption("OH");
  await page.getByRole("checkbox", { name: L("checkout.survey.accurate") }).check();
  await check("checkout: survey");
  await page.getByRole("button", { name: L("checkout.submit") }).click();

  const place = page.getByRole("button", { name: L("checkout.placeOrder") });
  await place.waitFor();
  await check("checkout: confirmation");
  await place.click();
  await page.waitForURL((u) => u.pathname.startsWith("/cart/confirmation/"));
  await page.getByRole("heading", { level: 1, name: L("orders.confirmed.title") }).waitFor();
  await check("order confirmed");
}

