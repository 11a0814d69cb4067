// Every language of the registry (app/src/i18n/languages.json) must have a complete catalog in
// step with en.json: every key (the staff side's too for a staff language), the same
// {placeholders}, every CLDR plural form its language needs, its date words, and really
// translated; and its server texts (host/i18n/api.<code>.json) must cover the Spanish table's.
// Needs no build: it reads the JSON files directly.
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { test } from "node:test";

const read = (path) => JSON.parse(readFileSync(new URL(`../../${path}`, import.meta.url), "utf8"));
const registry = read("app/src/i18n/languages.json");
const en = read("app/src/i18n/en.json");
const serverEs = read("host/i18n/api.es.json");

/** Same pattern as t() in app/src/i18n/t.ts uses to fill placeholders. */
const placeholders = (text) => [...new Set([...String(text).matchAll(/\{(\w+)\}/g)].map((m) => m[1]))].sort();

/** Names that stay as they are in every language. */
const BRANDS = ["OrderAhead", "TEFAP", "SNAP", "WIC", "Medicaid", "SSI", "TANF", "USDA", "ZIP", "E-mail", "e-mail"];

/** Keys whose text may equal the English one because it is also right in the language. */
const SAME_AS_ENGLISH = new Set(["account.rememberMe.no", "eligibility.no", "orders.line"]);

/** The date words every language but English and Spanish writes from its catalog. */
const DATE_WORDS = ["fmt.months", "fmt.monthsLong", "fmt.weekdays", "fmt.date", "fmt.day", "fmt.time", "fmt.am", "fmt.pm"];

const CATEGORIES = ["zero", "one", "two", "few", "many", "other"];
/** Plurals whose number is also shown on screen (the cart's badge): the accessible name must contain it (WCAG 2.5.3). */
const SHOWS_COUNT = ["shell.cart"];
/**
 * A control's visible text and the fuller name it has for assistive tech ("Remove" and "Remove
 * {name} from cart"): the name must contain the visible words, so a voice user can say what they
 * see (WCAG 2.5.3, axe's label-content-name-mismatch).
 */
const LABEL_IN_NAME = [
  ["cart.remove", "cart.removeLabel"],
  ["orders.change", "orders.changeLocationOf"],
  ["orders.change", "orders.changeTimeOf"],
  ["orders.change", "orders.changeDeliveryOf"],
  ["account.address.confirmDelete", "account.address.confirmDeleteOf"],
  ["account.devices.end", "account.devices.endLabel"],
];
const pluralBases = Object.keys(en)
  .filter((k) => k.endsWith(".one") && `${k.slice(0, -4)}.other` in en)
  .map((k) => k.slice(0, -4));
const isPluralForm = (k) => pluralBases.includes(k.replace(/\.(zero|one|two|few|many|other)$/, ""));

/** The CLDR categories whole numbers up to 10000 fall in, in a language, with the numbers of each. */
function categoriesOf(code) {
  const rules = new Intl.PluralRules(code);
  const hits = {};
  for (let n = 0; n <= 10000; n++) (hits[rules.select(n)] ??= []).push(n);
  return hits;
}

const list = (items) => items.map((k) => `  ${k}`).join("\n");

for (const { code, staff } of registry.filter((l) => l.code !== "en")) {
  const catalog = read(`app/src/i18n/${code}.json`);
  // A staff language has every key; a shopper language the shopper side's.
  const wanted = (k) => staff || !k.startsWith("staff.");
  const hits = categoriesOf(code);

  test(`${code}.json has every ${staff ? "" : "shopper "}key of en.json, each a non-empty string, and no other`, () => {
    const missing = Object.keys(en).filter((k) => wanted(k) && !isPluralForm(k) && (typeof catalog[k] !== "string" || catalog[k].trim() === ""));
    const extra = Object.keys(catalog).filter((k) => !(k in en) && !isPluralForm(k) && !(code !== "es" && DATE_WORDS.includes(k)));
    assert.deepEqual(missing, [], `keys of en.json missing or empty in ${code}.json:\n${list(missing)}`);
    assert.deepEqual(extra, [], `keys in ${code}.json that en.json does not have:\n${list(extra)}`);
  });

  test(`${code}.json lists its keys in the order of en.json`, () => {
    const shared = Object.keys(en).filter((k) => k in catalog);
    const order = Object.keys(catalog).filter((k) => k in en);
    const firstOff = shared.findIndex((k, i) => order[i] !== k);
    assert.equal(firstOff, -1, `${code}.json order differs from en.json from key "${shared[firstOff]}" (it has "${order[firstOff]}" there)`);
  });

  test(`every ${code} message has the {placeholders} of the English`, () => {
    const wrong = Object.keys(en)
      .filter((k) => typeof catalog[k] === "string" && !isPluralForm(k))
      .filter((k) => placeholders(en[k]).join() !== placeholders(catalog[k]).join())
      .map((k) => `${k}: en {${placeholders(en[k]).join("}, {")}} / ${code} {${placeholders(catalog[k]).join("}, {")}}`);
    assert.deepEqual(wrong, [], `placeholders differ:\n${list(wrong)}`);
  });

  test(`${code}.json has each plural in every CLDR form of its language (${Object.keys(hits).join(", ")}), and no other`, () => {
    const wrong = [];
    for (const base of pluralBases.filter(wanted)) {
      const allowed = new Set([...placeholders(en[`${base}.one`]), ...placeholders(en[`${base}.other`]), "count"]);
      const counted = placeholders(en[`${base}.other`]).includes("count");
      for (const category of CATEGORIES) {
        const text = catalog[`${base}.${category}`];
        if (!(category in hits)) {
          if (text !== undefined) wrong.push(`${base}.${category}: ${code} has no such form`);
        } else if (typeof text !== "string" || !text.trim()) {
          wrong.push(`${base}.${category} is missing`);
        } else {
          for (const p of placeholders(text)) if (!allowed.has(p)) wrong.push(`${base}.${category}: unknown {${p}}`);
          // A form several numbers take ("one" is 1, 21, 31... in Russian) must show which.
          if (counted && hits[category].length > 1 && !placeholders(text).includes("count")) wrong.push(`${base}.${category} must show {count}`);
          const named = placeholders(text).includes("count") || (hits[category].length === 1 && text.includes(String(hits[category][0])));
          if (SHOWS_COUNT.includes(base) && !named) wrong.push(`${base}.${category} must name the number the screen shows`);
        }
      }
    }
    assert.deepEqual(wrong, [], `plural forms:\n${list(wrong)}`);
  });

  if (code !== "es") {
    test(`${code}.json writes dates: 12 month names, 7 weekdays, the patterns`, () => {
      const missing = DATE_WORDS.filter((k) => typeof catalog[k] !== "string" || catalog[k] === "");
      assert.deepEqual(missing, [], `date words missing in ${code}.json`);
      assert.equal(catalog["fmt.months"].split("|").length, 12);
      assert.equal(catalog["fmt.monthsLong"].split("|").length, 12);
      assert.equal(catalog["fmt.weekdays"].split("|").length, 7);
      assert.match(catalog["fmt.date"], /\{year\}/);
      assert.match(catalog["fmt.date"], /\{day\}/);
      assert.match(catalog["fmt.time"], /\{mm\}/);
    });

    test(`${code}'s weekday and month names are CLDR's (Intl), or at least not English`, () => {
      if (Intl.DateTimeFormat.supportedLocalesOf(code).length === 0) {
        // This Node has no data for the language (Haitian Creole): its names must still be its own.
        const english = ["Sunday|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday", "January|February|March|April|May|June|July|August|September|October|November|December"];
        assert.notEqual(catalog["fmt.weekdays"], english[0]);
        assert.notEqual(catalog["fmt.monthsLong"], english[1]);
        return;
      }
      const locale = `${code}-u-nu-latn`;
      // Sunday 2026-03-01 onwards; months on the 15th, at noon UTC so no zone moves the day.
      const weekdays = [...Array(7)].map((_, i) => new Intl.DateTimeFormat(locale, { weekday: "long", timeZone: "UTC" }).format(Date.UTC(2026, 2, 1 + i, 12)));
      assert.deepEqual(catalog["fmt.weekdays"].split("|").map((w) => w.toLowerCase()), weekdays.map((w) => w.toLowerCase()));
      // A month's name standing alone, inside a date, or short (Chinese dates write "3月").
      const names = (month) => {
        const at = Date.UTC(2026, month, 15, 12);
        const format = (options) => new Intl.DateTimeFormat(locale, { ...options, timeZone: "UTC" });
        const inDate = format({ month: "long", day: "numeric" }).formatToParts(at).find((p) => p.type === "month")?.value;
        return [format({ month: "long" }).format(at), inDate, format({ month: "short" }).format(at)].map((n) => n?.toLowerCase());
      };
      const off = catalog["fmt.monthsLong"].split("|").filter((m, i) => !names(i).includes(m.toLowerCase()));
      assert.deepEqual(off, [], `${code} long month names not CLDR's`);
    });
  }

  test(`${code}: each control's visible words are in its accessible name`, () => {
    const fold = (text) => text.toLocaleLowerCase(code).replace(/\s+/g, " ");
    const wrong = LABEL_IN_NAME.filter(([visible, name]) => wanted(name) && !fold(catalog[name] ?? "").includes(fold(catalog[visible] ?? "")));
    assert.deepEqual(wrong.map(([v, n]) => `${v} "${catalog[v]}" not in ${n} "${catalog[n]}"`), []);
  });

  test(`${code}.json is really translated: fewer than 5% of texts equal the English`, () => {
    // A text with nothing left once placeholders, brand names, digits and punctuation are taken out
    // ("{start} - {end}", "WIC") reads the same in any language, so it does not count.
    const words = (text) => BRANDS.reduce((s, b) => s.replaceAll(b, " "), text.replace(/\{\w+\}/g, " ")).replace(/[\s\d\p{P}\p{S}]+/gu, "");
    const considered = Object.keys(en).filter((k) => wanted(k) && typeof catalog[k] === "string" && words(en[k]) !== "" && !SAME_AS_ENGLISH.has(k));
    const same = considered.filter((k) => catalog[k].trim() === en[k].trim());
    assert.ok(same.length < considered.length * 0.05, `${same.length} of ${considered.length} ${code} texts are the English (5% allowed):\n${list(same)}`);
  });

  test(`host/i18n/api.${code}.json has every server text of the Spanish table, with its placeholders`, () => {
    assert.ok(existsSync(new URL(`../../host/i18n/api.${code}.json`, import.meta.url)), `host/i18n/api.${code}.json is missing`);
    const table = read(`host/i18n/api.${code}.json`);
    const missing = Object.keys(serverEs).filter((k) => typeof table[k] !== "string" || !table[k].trim());
    const extra = Object.keys(table).filter((k) => !(k in serverEs));
    const wrong = Object.keys(table).filter((k) => placeholders(k).join() !== placeholders(table[k]).join());
    assert.deepEqual([missing, extra, wrong], [[], [], []], `api.${code}.json: missing, unknown, placeholders differ`);
  });
}

test("each .one plural form of English has its .other sibling", () => {
  const lonely = Object.keys(en).filter((k) => k.endsWith(".one") && !(`${k.slice(0, -4)}.other` in en));
  assert.deepEqual(lonely, [], `.one keys without a .other sibling:\n${list(lonely)}`);
});

test("the registry: English first, then Spanish; unique codes; each named, with a direction", () => {
  assert.deepEqual(registry.slice(0, 2).map((l) => l.code), ["en", "es"]);
  assert.equal(new Set(registry.map((l) => l.code)).size, registry.length);
  for (const l of registry) {
    assert.ok(l.name && ["ltr", "rtl"].includes(l.dir) && typeof l.staff === "boolean" && Array.isArray(l.aliases), l.code);
    assert.ok(existsSync(new URL(`../../app/src/i18n/${l.code}.json`, import.meta.url)), `${l.code}.json`);
  }
});

test("adding a language is data: no code names a language beyond English and Spanish", async () => {
  // English and Spanish have their own date code (the spec's English, es-US); every other language
  // is its registry line and its files, so no source outside tests may name one.
  const { readdirSync } = await import("node:fs");
  const files = (dir, ext) =>
    readdirSync(new URL(`../../${dir}`, import.meta.url), { recursive: true })
      .filter((f) => ext.some((e) => f.endsWith(e)))
      .map((f) => `${dir}/${f}`);
  const codes = registry.map((l) => l.code).filter((c) => c !== "en" && c !== "es");
  assert.ok(codes.length >= 10);
  const named = [];
  // Generated files (the API's types list the registry) and test support are not the app's code.
  const ours = (f) => !f.endsWith(".gen.ts") && !/\/test_[\w]+\.rs$/.test(f);
  for (const file of [...files("host", [".rs"]), ...files("app/src", [".ts", ".tsx"]), "build.rs", "app/build.mjs"].filter(ours)) {
    // A Rust file's tests (after `#[cfg(test)]`) may name languages to check them; comments may
    // name one as an example.
    const source = readFileSync(new URL(`../../${file}`, import.meta.url), "utf8")
      .split("#[cfg(test)]")[0]
      .replace(/\/\*[\s\S]*?\*\//g, "")
      .replace(/\/\/.*$/gm, "");
    for (const code of codes) if (new RegExp(`["'\`]${code}["'\`]`).test(source)) named.push(`${file}: ${code}`);
  }
  assert.deepEqual(named, []);
});
