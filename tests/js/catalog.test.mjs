// The Spanish catalog (app/src/i18n/es.json) must stay complete and in step with en.json: same keys,
// same {placeholders}, complete plural pairs, and really translated. Needs no build: it reads the
// two JSON files directly.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

const load = (name) => JSON.parse(readFileSync(new URL(`../../app/src/i18n/${name}`, import.meta.url), "utf8"));
const en = load("en.json");
const es = load("es.json");

/** Same pattern as t() in app/src/i18n/t.ts uses to fill placeholders. */
const placeholders = (text) => [...String(text).matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

/** Names that stay as they are in every language. */
const BRANDS = ["OrderAhead", "TEFAP", "SNAP", "WIC", "Medicaid", "SSI", "TANF", "USDA"];

/** Keys whose Spanish text may equal the English one because it is also correct Spanish. */
const SAME_IN_BOTH = new Set([
  "account.rememberMe.no", // "No"
  "eligibility.no", // "No"
  "orders.line", // "{name} x {quantity}"
  "lang.en", // each language is named in its own language in both catalogs
  "lang.es",
]);

const list = (keys) => keys.map((k) => `  ${k}`).join("\n");

test("es.json has exactly the keys of en.json, each with a non-empty string", () => {
  const missing = Object.keys(en).filter((k) => !(k in es));
  const empty = Object.keys(en).filter((k) => k in es && (typeof es[k] !== "string" || es[k].trim() === ""));
  const extra = Object.keys(es).filter((k) => !(k in en));
  assert.deepEqual(missing, [], `keys of en.json missing from es.json:\n${list(missing)}`);
  assert.deepEqual(empty, [], `keys with an empty or non-string value in es.json:\n${list(empty)}`);
  assert.deepEqual(extra, [], `keys in es.json that en.json does not have:\n${list(extra)}`);
});

test("es.json lists its keys in the order of en.json", () => {
  const shared = Object.keys(en).filter((k) => k in es);
  const order = Object.keys(es).filter((k) => k in en);
  const firstOff = shared.findIndex((k, i) => order[i] !== k);
  assert.equal(firstOff, -1, `es.json order differs from en.json from key "${shared[firstOff]}" (es.json has "${order[firstOff]}" there)`);
});

test("every message has the same {placeholders} in both languages", () => {
  const wrong = Object.keys(en)
    .filter((k) => typeof es[k] === "string")
    .filter((k) => placeholders(en[k]).join() !== placeholders(es[k]).join())
    .map((k) => `${k}: en {${placeholders(en[k]).join("}, {")}} / es {${placeholders(es[k]).join("}, {")}}`);
  assert.deepEqual(wrong, [], `placeholders differ:\n${list(wrong)}`);
});

test("each .one plural form has its .other sibling in both catalogs", () => {
  const lonely = [];
  for (const [name, catalog] of [["en.json", en], ["es.json", es]]) {
    for (const k of Object.keys(catalog)) {
      if (k.endsWith(".one") && !(`${k.slice(0, -".one".length)}.other` in catalog)) lonely.push(`${name}: ${k}`);
    }
  }
  assert.deepEqual(lonely, [], `.one keys without a .other sibling:\n${list(lonely)}`);
});

test("es.json is really translated: fewer than 5% of texts equal the English", () => {
  // A text with nothing left once placeholders, brand names, digits and punctuation are taken out
  // ("{start} - {end}", "WIC") reads the same in any language, so it does not count.
  const words = (text) => BRANDS.reduce((s, b) => s.replaceAll(b, " "), text.replace(/\{\w+\}/g, " ")).replace(/[\s\d\p{P}\p{S}]+/gu, "");
  const considered = Object.keys(en).filter((k) => typeof es[k] === "string" && words(en[k]) !== "" && !SAME_IN_BOTH.has(k));
  const same = considered.filter((k) => es[k].trim() === en[k].trim());
  assert.ok(
    same.length < considered.length * 0.05,
    `${same.length} of ${considered.length} Spanish texts are identical to the English (5% allowed); translate them or list them in SAME_IN_BOTH:\n${list(same)}`,
  );
});
