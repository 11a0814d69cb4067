import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { testLib } from "./lib.mjs";

const { t, tn, pageTitle } = await import(testLib("i18n"));
const en = JSON.parse(readFileSync(new URL("../../app/src/i18n/en.json", import.meta.url), "utf8"));

test("keys the Rust host reads exist with the spec's texts", () => {
  assert.equal(en["app.title"], "OrderAhead");
  assert.equal(en["app.tagline"], "Free, convenient groceries when in need");
  assert.equal(en["shell.loading"], "Loading...");
  assert.equal(en["notFound.title"], "Sorry, this page cannot be found.");
});

test("catalog is flat: string values only", () => {
  for (const [k, v] of Object.entries(en)) assert.equal(typeof v, "string", k);
});

test("t interpolates {name} and leaves unknown placeholders visible", () => {
  assert.equal(t("meta.title", { page: "Cart", app: "OrderAhead" }), "Cart | OrderAhead");
  assert.equal(t("meta.title", { page: "Cart" }), "Cart | {app}");
  assert.equal(t("app.title"), "OrderAhead");
});

test("tn picks the English plural form", () => {
  assert.equal(tn("shell.cart", 1), "Cart, 1 item");
  assert.equal(tn("shell.cart", 3), "Cart, 3 items");
  assert.equal(tn("shell.cart", 0), "Cart, 0 items");
});

test("pageTitle", () => {
  assert.equal(pageTitle("Messages"), "Messages | OrderAhead");
});
