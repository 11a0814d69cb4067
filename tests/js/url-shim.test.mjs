// The server-side URL shim must agree with the real WHATWG URL on everything react-router asks of it.
import assert from "node:assert/strict";
import { test } from "node:test";
import { testLib } from "./lib.mjs";

const { MiniURL, MiniSearchParams } = await import(testLib("url-shim"));

const cases = [
  ["http://localhost"],
  ["HTTP://LocalHost:8080/a/b?x=1#h"],
  ["/pantries?zip=12345", "http://localhost"],
  ["/a/./b/../c", "http://localhost"],
  ["../up", "http://localhost/a/b/c"],
  ["./same", "http://localhost/a/b/"],
  ["child", "http://localhost/a/b"],
  ["?q=2", "http://localhost/a/b?q=1#x"],
  ["#frag", "http://localhost/a/b?q=1"],
  ["", "http://localhost/a/b?q=1#x"],
  ["//other.example/p", "https://localhost/"],
  ["/with space/é?a b=ü#h h", "http://localhost"],
  ["/products/100%25", "http://localhost"],
  ["https://user@example.com:444/x", undefined],
];

for (const [input, base] of cases) {
  test(`URL(${JSON.stringify(input)}, ${JSON.stringify(base)})`, () => {
    const real = new URL(input, base);
    const mini = new MiniURL(input, base);
    for (const k of ["href", "protocol", "host", "hostname", "port", "pathname", "search", "hash", "origin"]) {
      assert.equal(mini[k], real[k], k);
    }
  });
}

test("relative URL without base throws", () => {
  assert.throws(() => new MiniURL("/x"), TypeError);
});

test("URLSearchParams basics match the real one", () => {
  const input = "?zip=12345&a=1&a=2&sp=a+b&enc=%26%3D&empty=&flag";
  const real = new URLSearchParams(input);
  const mini = new MiniSearchParams(input);
  assert.equal(mini.get("zip"), real.get("zip"));
  assert.deepEqual(mini.getAll("a"), real.getAll("a"));
  assert.equal(mini.get("sp"), "a b");
  assert.equal(mini.get("enc"), "&=");
  assert.equal(mini.get("flag"), "");
  assert.equal(mini.get("none"), null);
  assert.equal(mini.toString(), real.toString());
  mini.set("a", "3");
  real.set("a", "3");
  mini.append("n", "x y!");
  real.append("n", "x y!");
  mini.delete("flag");
  real.delete("flag");
  assert.equal(mini.toString(), real.toString());
  assert.deepEqual([...mini], [...real]);
  assert.equal(mini.size, real.size);
  assert.equal(new MiniSearchParams({ a: "1", b: "2" }).toString(), "a=1&b=2");
});
