import assert from "node:assert/strict";
import { test } from "node:test";
import { testLib } from "./lib.mjs";

const { maskPhone } = await import(testLib("profile"));

test("the phone mask shapes typing into (###) ###-####", () => {
  assert.equal(maskPhone(""), "");
  assert.equal(maskPhone("614"), "(614");
  assert.equal(maskPhone("61455"), "(614) 55");
  assert.equal(maskPhone("6145550100"), "(614) 555-0100");
  assert.equal(maskPhone("(614) 555-01009"), "(614) 555-0100", "an extra digit is dropped");
});

test("an autofilled number with the US country code keeps its ten digits", () => {
  assert.equal(maskPhone("+1 614 555 0100"), "(614) 555-0100");
  assert.equal(maskPhone("16145550100"), "(614) 555-0100");
});
