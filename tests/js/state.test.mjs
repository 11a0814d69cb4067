import assert from "node:assert/strict";
import { beforeEach, test } from "node:test";
import { testLib } from "./lib.mjs";

// A localStorage stand-in whose failures can be switched on: private mode, full quota.
class FakeStorage {
  map = new Map();
  failWrites = false;
  getItem(k) {
    return this.map.has(k) ? this.map.get(k) : null;
  }
  setItem(k, v) {
    if (this.failWrites) throw new DOMException("full", "QuotaExceededError");
    this.map.set(k, String(v));
  }
  removeItem(k) {
    this.map.delete(k);
  }
}
const ls = new FakeStorage();
globalThis.localStorage = ls;

// document.cookie as scripts see it: name=value pairs; a write with Max-Age=0 deletes its cookie.
class FakeCookies {
  jar = new Map();
  get cookie() {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join("; ");
  }
  set cookie(text) {
    const [pair, ...attributes] = text.split("; ");
    const [name, value] = pair.split("=");
    if (attributes.includes("Max-Age=0")) this.jar.delete(name);
    else this.jar.set(name, value);
  }
}
const cookies = new FakeCookies();
globalThis.document = cookies;

const { storage, cart, session, app, connectivity } = await import(testLib("state"));
const { checkConnection } = connectivity;
const item = (id, pantryItemID = id * 10) => ({ id, pantryItemID, pantryItem: { name: `item ${id}` } });

beforeEach(() => {
  ls.map.clear();
  ls.failWrites = false;
  cookies.jar.clear();
});

test("storage round-trips typed values and drops corrupt or mis-shaped ones", () => {
  storage.write("location", { lat: 40.1, lng: -75.2 });
  assert.deepEqual(storage.read("location"), { lat: 40.1, lng: -75.2 });
  assert.equal(ls.getItem("oa.location"), '{"lat":40.1,"lng":-75.2}');
  ls.setItem("oa.cart", "{not json");
  assert.equal(storage.read("cart"), null);
  ls.setItem("oa.cart", JSON.stringify([{ id: "x" }]));
  assert.equal(storage.read("cart"), null);
  ls.setItem("oa.tefapAnswered", "true");
  assert.equal(storage.read("tefapAnswered"), true);
  storage.write("tefapAnswered", null);
  assert.equal(ls.getItem("oa.tefapAnswered"), null);
});

test("a refused write is kept in memory and clears the stale stored copy", () => {
  storage.write("token", "old");
  ls.failWrites = true;
  assert.equal(storage.write("token", "new"), false);
  assert.equal(storage.read("token"), "new");
  assert.equal(ls.getItem("oa.token"), null);
  ls.failWrites = false;
  assert.equal(storage.write("token", "again"), true);
  assert.equal(ls.getItem("oa.token"), '"again"');
  storage.remove("token");
});

test("clearAllButFavorite keeps only the favourite pantry", () => {
  const pantry = { id: 7, label: "North", foodBankID: 1 };
  for (const [key, value] of [
    ["token", "t"],
    ["favoritePantry", pantry],
    ["pantry", pantry],
    ["cart", [item(1)]],
    ["referralCodes", ["ABC"]],
    ["tefapUniqueId", "u-1"],
  ])
    storage.write(key, value);
  storage.clearAllButFavorite();
  assert.deepEqual([...ls.map.keys()], ["oa.favoritePantry"]);
  assert.deepEqual(storage.read("favoritePantry"), pantry);
});

test("the cart mirrors every change to storage and restores without a pulse", () => {
  cart.clearCart();
  cart.addToCart(item(1), 2);
  cart.addToCart(item(2));
  assert.equal(JSON.parse(ls.getItem("oa.cart")).length, 3);
  cart.removeFromCart(10);
  assert.deepEqual(JSON.parse(ls.getItem("oa.cart")).map((i) => i.id), [1, 2]);
  cart.removeFromCart(10, true);
  assert.deepEqual(JSON.parse(ls.getItem("oa.cart")).map((i) => i.id), [2]);
  cart.clearCart();
  assert.equal(ls.getItem("oa.cart"), null, "an empty cart leaves nothing behind");

  ls.setItem("oa.cart", JSON.stringify([item(3), item(3)]));
  cart.restoreCart();
  assert.equal(cart.cartStore.get().items.length, 2);
  assert.equal(cart.cartStore.get().pulse, 0);
});

// An InventoryItem as the API sends it, which is what versions before the shop's slim items stored
// per unit in the cart.
const wholeItem = (id) => ({
  id,
  pantryItemID: id * 10,
  quantity: 40,
  pantryItem: {
    id: id * 10,
    name: `item ${id}`,
    description: "A long description the cart never shows ".repeat(4),
    amount: 16,
    eachQuantity: 2,
    unitOfMeasure: { name: "oz" },
    donationPackageType: { name: "Can" },
    limits: [{ id: 1, value: 2, limitTimeScopeAmount: 1, limitTimeScope: { code: "WEEK" }, limitType: { code: "ITEM" } }],
  },
  weightPounds: 1.5,
  attachmentCollection: [
    { sequenceNumber: 2, attachment: { id: 8, storagePath: "/files/second.jpg" } },
    { sequenceNumber: 1, attachment: { id: 7, storagePath: "/files/first.jpg" } },
  ],
  effectiveLimit: { limit: 2, message: "Limit of 2", rule: { kind: "stock", quantity: 2 } },
  allEffectiveLimits: [{ limit: 2, message: "Limit of 2", rule: { kind: "stock", quantity: 2 } }],
  limits: [],
  pantryInventorySubcategories: [{ pantrySubcategoryID: 4, pantrySubcategory: { name: "Canned" } }],
  pantryInventoryItemSource: null,
  created: "2026-01-01T00:00:00Z",
});

const slimEntry = (id) => ({
  id,
  pantryItemID: id * 10,
  pantryItem: { name: `item ${id}`, amount: 16, eachQuantity: 2, unitOfMeasure: { name: "oz" }, donationPackageType: { name: "Can" } },
  weightPounds: 1.5,
  attachmentCollection: [{ sequenceNumber: 1, attachment: { id: 7, storagePath: "/files/first.jpg" } }],
  effectiveLimit: { limit: 2, message: "Limit of 2", rule: { kind: "stock", quantity: 2 } },
});

test("the cart keeps what it shows and checks out with, and reads a cart an older version stored", () => {
  cart.clearCart();
  cart.addToCart(wholeItem(1), 2);
  assert.deepEqual(JSON.parse(ls.getItem("oa.cart")), [slimEntry(1), slimEntry(1)]);

  // Stored by a version that kept whole items: restored in the new shape, and stored so.
  ls.setItem("oa.cart", JSON.stringify([wholeItem(3), wholeItem(3), wholeItem(4)]));
  cart.restoreCart();
  assert.deepEqual(cart.cartStore.get().items, [slimEntry(3), slimEntry(3), slimEntry(4)]);
  assert.deepEqual(JSON.parse(ls.getItem("oa.cart")), [slimEntry(3), slimEntry(3), slimEntry(4)]);
  assert.deepEqual(
    cart.cartLines(cart.cartStore.get().items).map((l) => [l.item.id, l.count]),
    [[3, 2], [4, 1]],
    "the order lines it checks out with",
  );
  assert.equal(cart.allowance(cart.cartStore.get().items[0]), 2, "the limit it shows");

  // A refresh from the shop replaces entries once; the same items again change nothing.
  const fresh = [{ ...wholeItem(3), effectiveLimit: { limit: 1, message: "Limit of 1", rule: { kind: "stock", quantity: 1 } } }];
  cart.refreshCartItems(fresh);
  const after = cart.cartStore.get().items;
  assert.equal(after[0].effectiveLimit.limit, 1);
  assert.equal(after[0], after[1], "one entry object per product");
  cart.refreshCartItems(fresh);
  assert.equal(cart.cartStore.get().items, after, "nothing changed, nothing set");
  cart.clearCart();
});

test("the count pulses for 1 s when it changes to non-zero, not when it empties", async (t) => {
  t.mock.timers.enable({ apis: ["setTimeout"] });
  cart.clearCart();
  t.mock.timers.tick(1000);
  cart.addToCart(item(1));
  const first = cart.cartStore.get().pulse;
  assert.ok(first > 0);
  t.mock.timers.tick(600);
  cart.addToCart(item(1));
  const second = cart.cartStore.get().pulse;
  assert.ok(second > first, "a new change restarts the pulse");
  t.mock.timers.tick(600);
  assert.equal(cart.cartStore.get().pulse, second, "1 s counts from the latest change");
  t.mock.timers.tick(400);
  assert.equal(cart.cartStore.get().pulse, 0);
  cart.clearCart();
  assert.equal(cart.cartStore.get().pulse, 0);
});

test("session reads the stored token", () => {
  ls.setItem("oa.token", '"abc"');
  session.restoreSession();
  assert.equal(session.sessionStore.get().token, "abc");
  session.setToken(null);
  assert.equal(ls.getItem("oa.token"), null);
});

test("a session a form began before the app ran is taken over once, and a form's sign-out ends the app's", () => {
  cookies.jar.set("oa_lang", "es");
  cookies.jar.set("oa_handoff", "form.signed.in");
  ls.setItem("oa.profile", JSON.stringify({ eMailAddress: "someone.else@example.org" }));
  session.restoreSession();
  assert.equal(session.sessionStore.get().token, "form.signed.in");
  assert.equal(session.sessionStore.get().profile, null, "whose session it is comes with the next profile load");
  assert.equal(cookies.cookie, "oa_lang=es", "read once, then deleted");
  session.restoreSession();
  assert.equal(session.sessionStore.get().token, "form.signed.in", "the taken session stays in storage");

  cookies.jar.set("oa_handoff", "out");
  session.restoreSession();
  assert.equal(session.sessionStore.get().token, null);
  assert.equal(ls.getItem("oa.token"), null);
  assert.equal(cookies.cookie, "oa_lang=es");
});

test("Check Again fetches /favicon.ico uncached and sets the offline flag from the answer", async () => {
  const calls = [];
  const realFetch = globalThis.fetch;
  try {
    globalThis.fetch = async (url, init) => {
      calls.push([url, init.cache]);
      throw new TypeError("Failed to fetch");
    };
    assert.equal(await checkConnection(), false);
    assert.equal(app.appStore.get().offline, true);
    globalThis.fetch = async (url, init) => {
      calls.push([url, init.cache]);
      return new Response("", { status: 200 });
    };
    assert.equal(await checkConnection(), true);
    assert.equal(app.appStore.get().offline, false);
  } finally {
    globalThis.fetch = realFetch;
  }
  assert.deepEqual(calls, [
    ["/favicon.ico", "no-store"],
    ["/favicon.ico", "no-store"],
  ]);
});
