// Refusals worded from the catalog by code (app/src/lib/refusal.ts): the server's English is only
// the fallback, so a refusal follows the page's language.
import assert from "node:assert/strict";
import { test } from "node:test";
import { testLib } from "./lib.mjs";

const { ApiFailure, refusalText, addMessages } = await import(testLib("data"));

test("a coded refusal is the catalog's text filled with its data", () => {
  const e = new ApiFailure(422, "server words", null, "itemsPerOrder", { limit: 5 });
  assert.equal(refusalText(e), "There is a limit of 5 items per order");
  const every = new ApiFailure(422, "", null, "orderLimitEvery", { limit: 1, orders: "order", amount: 3, unit: "days" });
  assert.equal(refusalText(every), "There is a limit of 1 order every 3 days");
  const referral = new ApiFailure(422, "", null, "referralCodeRequired", { pantry: "Eastside" });
  assert.equal(refusalText(referral), "Eastside requires a referral code");
});

test("a failure without a code, or with one this build does not know, keeps the server's reason", () => {
  assert.equal(refusalText(new ApiFailure(404, "Order not found")), "Order not found");
  assert.equal(refusalText(new ApiFailure(422, "Something new", null, "somethingNew", null)), "Something new");
  assert.equal(refusalText(new ApiFailure(0, "")), "");
  assert.equal(refusalText(new Error("not from the API")), "");
});

test("in another language the words of the data follow the catalog too", () => {
  addMessages({
    "refusal.itemLimitEvery": "Este artículo tiene un límite de {limit} cada {amount} {unit}",
    "refusal.word.weeks": "semanas",
  });
  const e = new ApiFailure(422, "This item has a limit of 2 every 3 weeks", null, "itemLimitEvery", { limit: 2, amount: 3, unit: "weeks" });
  assert.equal(refusalText(e), "Este artículo tiene un límite de 2 cada 3 semanas");
});
