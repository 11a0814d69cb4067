// The data hook's states (app/src/lib/useData.ts): what a screen shows while a key loads, after it
// answers or fails, on refetch, and that an answer for a key the screen has left is dropped.
import assert from "node:assert/strict";
import { test } from "node:test";
import { testLib } from "./lib.mjs";

const { initialData, loadStarted, loadSettled, ApiFailure } = await import(testLib("data"));

test("a key starts loading with nothing to show; no key is idle", () => {
  assert.deepEqual(initialData("/orders"), { key: "/orders", data: null, error: null, loading: true });
  assert.deepEqual(initialData(null), { key: null, data: null, error: null, loading: false });
});

test("an answer for the current key is shown and ends loading", () => {
  const s = loadSettled(loadStarted(initialData("/orders"), "/orders"), "/orders", { data: [1, 2] });
  assert.deepEqual(s, { key: "/orders", data: [1, 2], error: null, loading: false });
});

test("a refetch keeps the key's data on screen while it loads, and clears the last error", () => {
  const shown = { key: "/orders", data: [1], error: new ApiFailure(500, "x"), loading: false };
  assert.deepEqual(loadStarted(shown, "/orders"), { key: "/orders", data: [1], error: null, loading: true });
});

test("another key starts empty: nothing of the previous key's answer shows", () => {
  const shown = { key: "/orders/1", data: { id: 1 }, error: null, loading: false };
  assert.deepEqual(loadStarted(shown, "/orders/2"), initialData("/orders/2"));
});

test("an answer for a key the state has moved on from is dropped", () => {
  const now = loadStarted(initialData("/orders/1"), "/orders/2");
  assert.equal(loadSettled(now, "/orders/1", { data: { id: 1 } }), now);
  assert.equal(loadSettled(now, "/orders/1", { error: new ApiFailure(404, "") }), now);
});

test("a failure shows the server's ApiFailure and no data", () => {
  const failure = new ApiFailure(404, "Not found");
  const s = loadSettled({ key: "/orders/1", data: { id: 1 }, error: null, loading: true }, "/orders/1", { error: failure });
  assert.deepEqual(s, { key: "/orders/1", data: null, error: failure, loading: false });
});

test("any other failure (a loader's own error) becomes an ApiFailure with status 0", () => {
  const s = loadSettled(initialData("x"), "x", { error: new TypeError("boom") });
  assert.ok(s.error instanceof ApiFailure);
  assert.equal(s.error.status, 0);
  assert.equal(s.loading, false);
});
