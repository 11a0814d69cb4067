// A limit is worded from its rule in the page's language (app/src/lib/limits.ts): the shop's items
// carry the rule only; a cart entry an older version stored may carry the API's English message
// without a rule, and still shows it.
import assert from "node:assert/strict";
import { test } from "node:test";
import { testLib } from "./lib.mjs";

const { limitText } = await import(testLib("data"));

test("a shop item's limit is worded from its rule alone", () => {
  assert.equal(limitText({ limit: 3, rule: { kind: "stock", quantity: 3 } }), "Limit of 3");
  assert.equal(limitText({ limit: 0, rule: { kind: "stock", quantity: 0 } }), "Out of stock");
  assert.equal(limitText({ limit: 2, rule: { kind: "every", value: 2, amount: 3, unit: "week" } }), "This item has a limit of 2 every 3 weeks");
});

test("an entry stored before rules were sent keeps its message; none says nothing", () => {
  assert.equal(limitText({ limit: 2, message: "Limit of 2" }), "Limit of 2");
  assert.equal(limitText(null), "");
});
