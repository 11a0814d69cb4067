import assert from "node:assert/strict";
import { test } from "node:test";
import { testLib } from "./lib.mjs";

const { newSiteUrl } = await import(testLib("outdated"));
const OLD = ["old.example.org", "orderahead.legacy.net"];

test("old hosts get the same route on the new site", () => {
  assert.equal(newSiteUrl("old.example.org", "/pantries?zip=12345", OLD, "https://new.example.org/"), "https://new.example.org/pantries?zip=12345");
  assert.equal(newSiteUrl("OrderAhead.Legacy.net", "/", OLD, "https://new.example.org"), "https://new.example.org/");
});

test("other hosts, and an unset new site, get no banner", () => {
  assert.equal(newSiteUrl("new.example.org", "/", OLD, "https://new.example.org"), null);
  assert.equal(newSiteUrl("old.example.org", "/", OLD, ""), null);
  assert.equal(newSiteUrl("localhost", "/", [], "https://new.example.org"), null, "no old hosts configured");
});
