// The one interpreter of the forms' field rules (app/src/lib/forms.ts) against the rules generated
// from the API document (host/domain/forms.rs tables, via app/scripts/gen-api-types.mjs).
import assert from "node:assert/strict";
import { test } from "node:test";
import { testLib } from "./lib.mjs";

const { fieldProblems, serverFieldErrors } = await import(testLib("forms"));
const { registerRules, profileRules, addressRules } = await import(testLib("form-rules"));

const registration = {
  firstName: " Pat ",
  lastName: "Doe",
  eMailAddress: " pat@example.org ",
  password: "a good password",
  phoneNumber: "(614) 555-0100",
  postalCode: "",
  isEmailNotificationEnabled: true,
  isTextMessageNotificationEnabled: true,
  isPhoneCallNotificationEnabled: true,
  isEligible: true,
};

const address = { name: "Home", addressLine1: "1 Main St", addressLine2: "", city: "Columbus", province: "OH", postalCode: "43215", notes: "", isPrimary: false };

test("a complete registration has no problems", () => {
  assert.deepEqual(fieldProblems(registerRules, registration), {});
});

test("registration: required, the checkbox, and each format's code", () => {
  const problems = fieldProblems(registerRules, {
    ...registration,
    firstName: "   ",
    eMailAddress: "pat@localhost",
    phoneNumber: "(614) 555",
    postalCode: "4321",
    isEligible: false,
  });
  assert.deepEqual(problems, { firstName: "required", eMailAddress: "email", phoneNumber: "phone", postalCode: "zip", isEligible: "required" });
  // Spec §5 words a missing e-mail or phone with the format's own text; an empty optional field is fine.
  assert.deepEqual(fieldProblems(registerRules, { ...registration, eMailAddress: "", phoneNumber: " " }), { eMailAddress: "email", phoneNumber: "phone" });
});

test("the e-mail pattern is the server's structure", () => {
  const email = (eMailAddress) => fieldProblems(registerRules, { ...registration, eMailAddress }).eMailAddress;
  for (const ok of ["a@b.co", "first.last+tag@mail.example.org", "o'hara@x-y.io"]) assert.equal(email(ok), undefined, ok);
  for (const bad of ["a@b", "a..b@c.co", ".a@b.co", "a@-b.co", "a@b-.co", "a b@c.co", "a@b@c.co", "é@b.co"]) assert.equal(email(bad), "email", bad);
  // The local part's 64 characters are counted by the server only.
  assert.equal(email(`${"a".repeat(65)}@example.org`), undefined);
});

test("lengths are counted in characters after trimming", () => {
  assert.deepEqual(fieldProblems(profileRules, { firstName: ` ${"é".repeat(100)} `, lastName: "x".repeat(101), phoneNumber: "(614) 555-0100" }), { lastName: "tooLong" });
  assert.equal(addressRules.notes.maxLength, 250);
  assert.deepEqual(fieldProblems(addressRules, { ...address, notes: "n".repeat(250) }), {});
  assert.deepEqual(fieldProblems(addressRules, { ...address, notes: "n".repeat(251) }), { notes: "tooLong" });
});

test("the address form: required fields, the state list and the zip", () => {
  assert.deepEqual(fieldProblems(addressRules, address), {});
  const empty = { name: "", addressLine1: " ", addressLine2: "", city: "", province: "", postalCode: "", notes: "" };
  assert.deepEqual(fieldProblems(addressRules, empty), { name: "required", addressLine1: "required", city: "required", province: "required", postalCode: "required" });
  assert.deepEqual(fieldProblems(addressRules, { ...address, province: "ZZ", postalCode: "4321a" }), { province: "choice", postalCode: "zip" });
  assert.deepEqual(Object.keys(addressRules).sort(), ["addressLine1", "addressLine2", "city", "name", "notes", "postalCode", "province"]);
});

test("the server's field errors are read by field, first one kept", () => {
  const value = { errors: [{ field: "eMailAddress", code: "email", message: "A valid email address is required" }, { field: "eMailAddress", code: "required", message: "x" }, { field: 3 }] };
  assert.deepEqual(serverFieldErrors(value), { eMailAddress: "email" });
  assert.deepEqual(serverFieldErrors(null), {});
  assert.deepEqual(serverFieldErrors({ step: "eligibility" }), {});
});
