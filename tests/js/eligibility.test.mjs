// The TEFAP eligibility flow of spec §4 (app/src/routes/eligibility/flow.ts): every transition, the
// sub-states of residency, the form rules of §5 and the submitted answers. The income maximum is the
// server's (host/domain/tefap.rs, tested there): the flow only picks the household size's.
import assert from "node:assert/strict";
import { test } from "node:test";
import { testLib } from "./lib.mjs";

const f = await import(testLib("eligibility"));
const { INITIAL, reduce, canAnswer, pending, incomeMaximum, formatDollars, submission, eligibleLocation, signatureSvg, typedSignatureSvg, OTHER_COUNTY_ID, NONE_PROGRAM_ID } = f;

const program = (id, abbreviation, isCrossEligible) => ({
  assistanceProgramID: id,
  isCrossEligible,
  assistanceProgram: { id, name: abbreviation, abbreviation },
});

/** Ohio as the demo data has it: 200 %, SNAP cross-eligible, WIC not, emergencies accepted. */
const OHIO = {
  // As the server sends them: (15,650 + 5,500 per further person) x 200 %, for 1 to 20 people.
  incomeMaximums: Array.from({ length: 20 }, (_, i) => ({ householdSize: i + 1, incomeInDollars: (15650 + 5500 * i) * 2 })),
  acceptsCrossEligibility: true,
  requiresIncomeProof: false,
  requiresIdentificationProof: false,
  acceptsEmergencySituation: true,
  incomePercentRequired: 200,
  province: {
    id: 36,
    name: "Ohio",
    abbreviation: "OH",
    povertyGuideline: { baseIncomeInDollars: 15650, perPersonAmountInDollars: 5500 },
    tefapProvinceAssistancePrograms: [program(1, "SNAP", true), program(2, "WIC", false)],
  },
};
const AREA = { postalCode: { code: "43215" }, province: { id: 36, name: "Ohio", abbreviation: "OH" }, county: { id: 7, name: "Franklin County" } };
const COUNTIES = [
  { id: 6, name: "Delaware County", isMatch: false },
  { id: 7, name: "Franklin County", isMatch: true },
];

const run = (state, ...actions) => actions.reduce(reduce, state);
const yes = { type: "answer", yes: true };
const no = { type: "answer", yes: false };

/** Intro YES, Homeless NO, then the zip form answered with 43215 in `guideline`'s state. */
function atCountyForm(guideline = OHIO, foodBankProvince = "OH") {
  return run(
    INITIAL,
    yes,
    no,
    { type: "zipChanged", zip: "43215" },
    { type: "zipSubmitted" },
    { type: "residencyLoaded", area: AREA, counties: COUNTIES, guideline, foodBankProvince },
  );
}

test("the income question shows the server's maximum for the household size, in whole dollars", () => {
  assert.equal(incomeMaximum(OHIO, 1), 31300);
  assert.equal(incomeMaximum(OHIO, 3), 53300);
  assert.equal(incomeMaximum(OHIO, 20), 240300);
  assert.equal(incomeMaximum(OHIO, 21), null, "no size the server sent none for");
  assert.equal(incomeMaximum({ ...OHIO, incomeMaximums: [{ householdSize: 2, incomeInDollars: 28952.5 }] }, 2), 28952.5);
  assert.equal(formatDollars(null), "");
  assert.equal(formatDollars(28952.5), "$28,953");
  assert.equal(formatDollars(53300), "$53,300");
  assert.equal(formatDollars(1234567.6), "$1,234,568");
  assert.equal(formatDollars(950), "$950");
});

test("a resident answers every question and completes eligible-looking answers", () => {
  let s = run(INITIAL, yes);
  assert.equal(s.step, "homeless");
  s = reduce(s, no);
  assert.equal(s.step, "residency");
  assert.equal(s.residency.phase, "zipform");
  assert.equal(s.answers.isHomeless, false);

  // Zip form: digits only, five of them, before it can be sent.
  s = reduce(s, { type: "zipChanged", zip: "43a2" });
  assert.equal(s.residency.zip, "432");
  assert.equal(reduce(s, { type: "zipSubmitted" }), s, "an incomplete zip is not sent");
  s = run(s, { type: "zipChanged", zip: "4321599" }, { type: "zipSubmitted" });
  assert.equal(s.residency.zip, "43215");
  assert.equal(s.residency.phase, "loading");
  assert.deepEqual(pending(s), { kind: "residency", zip: "43215" });
  assert.equal(canAnswer(s, false), false, "no answer while loading");

  s = reduce(s, { type: "residencyLoaded", area: AREA, counties: COUNTIES, guideline: OHIO, foodBankProvince: "oh" });
  assert.equal(s.residency.phase, "countyform", "same state as the food bank, in any case");
  assert.deepEqual(s.residency.counties.map((c) => c.id), [7], "the zip's own county is offered");
  assert.equal(s.residency.countyId, 7, "and preselected");
  assert.equal(pending(s), null);
  assert.ok(canAnswer(s, true));

  s = reduce(s, yes);
  assert.equal(s.step, "crossEligibility");
  assert.equal(s.answers.residencyPostalCode, "43215");
  assert.equal(s.answers.residencyCounty, 7);
  assert.equal(s.guideline, OHIO);

  // At least one program; None is not cross-eligible, so the household questions follow.
  assert.equal(canAnswer(s, true), false);
  s = run(s, { type: "programToggled", id: NONE_PROGRAM_ID, on: true }, yes);
  assert.equal(s.step, "householdSize");
  assert.deepEqual(s.answers.selectedAssistanceProgramIDs, [NONE_PROGRAM_ID]);

  // Household of 3: the age groups must add up to it.
  assert.equal(s.householdSize, 1, "size defaults to 1");
  s = run(s, { type: "householdSizeChosen", size: 3 }, { type: "membersChosen", group: "adults", count: 2 });
  assert.equal(f.membersRemaining(s), 1);
  assert.equal(canAnswer(s, true), false);
  s = reduce(s, { type: "membersChosen", group: "children", count: 2 });
  assert.equal(f.membersRemaining(s), -1);
  assert.equal(canAnswer(s, true), false, "too many members");
  s = run(s, { type: "membersChosen", group: "children", count: 1 }, yes);
  assert.equal(s.step, "income");
  assert.equal(s.answers.totalHouseholdSize, 3);

  s = reduce(s, yes);
  assert.equal(s.step, "attest", "Ohio asks no proof of income");
  assert.equal(s.answers.isBelowIncomeLimit, true);
  assert.equal(s.answers.incomeLimit, 53300);

  // Accept only when drawn and not accepted; YES needs the accepted signature and a typed name.
  assert.equal(reduce(s, { type: "signatureAccepted", svg: "<svg/>" }), s, "nothing drawn");
  s = reduce(s, { type: "signatureDrawn" });
  assert.equal(canAnswer(s, true), false);
  s = run(s, { type: "signatureAccepted", svg: "<svg>1</svg>" }, { type: "typedNameChanged", name: "   " });
  assert.equal(canAnswer(s, true), false, "blank typed name");
  assert.equal(reduce(s, { type: "signatureAccepted", svg: "<svg>2</svg>" }).signature.svg, "<svg>1</svg>", "already accepted");
  s = run(s, { type: "typedNameChanged", name: "  Pat Doe " }, yes);
  assert.equal(s.step, "confirmation", "Ohio asks no identification");
  assert.equal(s.answers.signature, "<svg>1</svg>");
  assert.equal(s.answers.typedName, "Pat Doe");

  assert.equal(canAnswer(s, true), false, "terms unchecked");
  s = run(s, { type: "termsChanged", accepted: true }, yes);
  assert.equal(s.step, "complete");
  assert.equal(s.answers.acceptedTerms, true);
  assert.equal(s.answers.disqualified, false);
  assert.deepEqual(pending(s), { kind: "submit" });

  assert.deepEqual(submission(s, 3), {
    isHomeless: false,
    residencyPostalCode: "43215",
    residencyCounty: 7,
    selectedAssistanceProgramIDs: [0],
    totalHouseholdSize: 3,
    isBelowIncomeLimit: true,
    incomeLimit: 53300,
    canProveIncome: null,
    isEmergency: null,
    emergencyText: null,
    signature: "<svg>1</svg>",
    typedName: "Pat Doe",
    isIdentificationAvailable: null,
    acceptedTerms: true,
    disqualified: false,
    addressID: null,
    foodBankID: 3,
    // The ages go with the size, for the monthly TEFAP report; the server writes the basis.
    householdMembersByAge: { children: 1, adults: 2, seniors: 0 },
    eligibilityBasis: null,
  });

  const result = { isEligible: true, uniqueID: "u1", county: { id: 7, name: "Franklin County" } };
  s = reduce(s, { type: "submitted", result });
  assert.equal(s.result, result);
  assert.equal(pending(s), null);
  assert.equal(reduce(s, yes), s, "Complete is final");
});

test("drawing again after Accept needs a new Accept; Clear empties the pad", () => {
  let s = run(atCountyForm(), yes, { type: "programToggled", id: 1, on: true }, yes);
  assert.equal(s.step, "attest", "SNAP is cross-eligible in Ohio: straight to Attest");
  s = run(s, { type: "signatureDrawn" }, { type: "signatureAccepted", svg: "<svg/>" }, { type: "typedNameChanged", name: "Pat" });
  assert.ok(canAnswer(s, true));
  s = reduce(s, { type: "signatureDrawn" });
  assert.deepEqual(s.signature, { drawn: true, accepted: false, svg: "" });
  assert.equal(canAnswer(s, true), false);
  s = reduce(s, { type: "signatureCleared" });
  assert.deepEqual(s.signature, { drawn: false, accepted: false, svg: "" });
  assert.equal(reduce(s, no).step, "disqualified", "Attest NO");
});

test("a zip in another state asks first: Proceed goes to the county form, Change Zip back to the zip form", () => {
  let s = atCountyForm(OHIO, "IN");
  assert.equal(s.residency.phase, "differentprovince");
  assert.equal(canAnswer(s, true), false);
  assert.equal(reduce(s, { type: "proceed" }).residency.phase, "countyform");
  s = reduce(s, { type: "changeZip" });
  assert.equal(s.residency.phase, "zipform");
  assert.equal(s.residency.zip, "43215", "the zip stays to be edited");
  assert.equal(s.residency.guideline, null);
  // Without a known food bank state there is nothing to compare.
  assert.equal(atCountyForm(OHIO, null).residency.phase, "countyform");
});

test("a failed residency lookup shows its message; Retry goes back to the zip form", () => {
  let s = run(INITIAL, yes, no, { type: "zipChanged", zip: "00000" }, { type: "zipSubmitted" });
  s = reduce(s, { type: "lookupFailed", message: "Unable to load data" });
  assert.equal(s.residency.phase, "error");
  assert.equal(s.residency.error, "Unable to load data");
  assert.equal(s.residency.notAvailable, false);
  s = reduce(s, { type: "retry" });
  assert.equal(s.residency.phase, "zipform");
  s = run(s, { type: "zipSubmitted" }, { type: "lookupFailed", message: "An error occurred", notAvailable: true });
  assert.equal(s.residency.notAvailable, true, "a missing guideline offers the not-available option");
  // A late answer for another zip is dropped.
  s = run(s, { type: "retry" }, { type: "zipChanged", zip: "60602" }, { type: "zipSubmitted" });
  assert.equal(reduce(s, { type: "residencyLoaded", area: AREA, counties: COUNTIES, guideline: OHIO, foodBankProvince: "OH" }), s);
});

test("Other county asks for one of the province's full list", () => {
  let s = atCountyForm();
  s = reduce(s, { type: "countyChosen", id: OTHER_COUNTY_ID });
  assert.deepEqual(pending(s), { kind: "provinceCounties", provinceId: 36 });
  assert.equal(canAnswer(s, true), false, "Other alone is not a county");
  s = reduce(s, { type: "provinceCountiesFailed", message: "An error occurred loading counties" });
  assert.deepEqual(s.residency.provinceCountiesLookup, { status: "error", message: "An error occurred loading counties", notAvailable: false });
  assert.equal(pending(s), null);
  s = reduce(s, { type: "retry" });
  assert.deepEqual(pending(s), { kind: "provinceCounties", provinceId: 36 });
  s = reduce(s, { type: "provinceCountiesLoaded", counties: COUNTIES.map((c) => ({ ...c, isMatch: false })) });
  assert.equal(s.residency.provinceCounties.length, 2);
  assert.equal(canAnswer(s, true), false);
  s = run(s, { type: "otherCountyChosen", id: 6 }, yes);
  assert.equal(s.answers.residencyCounty, 6, "the real county is sent, never Other");
  // Choosing a listed county again forgets the other one; none chosen blocks YES; NO disqualifies.
  s = run(atCountyForm(), { type: "countyChosen", id: OTHER_COUNTY_ID }, { type: "countyChosen", id: null });
  assert.equal(canAnswer(s, true), false);
  assert.equal(reduce(s, no).step, "disqualified");
});

test("homeless: the guideline is looked up first; failure offers Retry and not-available", () => {
  let s = run(INITIAL, yes, yes);
  assert.equal(s.step, "homeless");
  assert.equal(s.answers.isHomeless, true);
  assert.deepEqual(pending(s), { kind: "homelessGuideline" });
  assert.equal(canAnswer(s, true), false);
  s = reduce(s, { type: "lookupFailed", message: "An error occurred", notAvailable: true });
  assert.deepEqual(s.homeless, { status: "error", message: "An error occurred", notAvailable: true });
  s = reduce(s, { type: "retry" });
  assert.deepEqual(pending(s), { kind: "homelessGuideline" });
  s = reduce(s, { type: "guidelineLoaded", guideline: OHIO });
  assert.equal(s.step, "crossEligibility");
  assert.equal(s.answers.residencyPostalCode, null);
});

test("cross eligibility is skipped when not accepted or when no program is cross-eligible", () => {
  const none = { ...OHIO, province: { ...OHIO.province, tefapProvinceAssistancePrograms: [program(2, "WIC", false)] } };
  assert.equal(reduce(atCountyForm(none), yes).step, "householdSize");
  assert.equal(reduce(atCountyForm({ ...OHIO, acceptsCrossEligibility: false }), yes).step, "householdSize");
  // A program that is not cross-eligible leads to the household questions too.
  const s = run(atCountyForm(), yes, { type: "programToggled", id: 2, on: true }, yes);
  assert.equal(s.step, "householdSize");
});

test("None and the programs exclude each other", () => {
  let s = run(atCountyForm(), yes, { type: "programToggled", id: 1, on: true }, { type: "programToggled", id: 2, on: true });
  assert.deepEqual(s.programs, [1, 2]);
  s = reduce(s, { type: "programToggled", id: NONE_PROGRAM_ID, on: true });
  assert.deepEqual(s.programs, [NONE_PROGRAM_ID]);
  s = reduce(s, { type: "programToggled", id: 2, on: true });
  assert.deepEqual(s.programs, [2]);
  s = reduce(s, { type: "programToggled", id: 2, on: false });
  assert.deepEqual(s.programs, []);
});

test("household size 1 to 20, each age group 0 to 10", () => {
  let s = run(atCountyForm(), yes, { type: "programToggled", id: 0, on: true }, yes);
  s = run(s, { type: "householdSizeChosen", size: 20 }, { type: "membersChosen", group: "adults", count: 10 }, { type: "membersChosen", group: "children", count: 10 });
  assert.ok(canAnswer(s, true));
  s = run(s, { type: "membersChosen", group: "adults", count: 11 }, { type: "membersChosen", group: "children", count: 9 });
  assert.equal(canAnswer(s, true), false, "11 is not a choice");
  s = run(s, { type: "householdSizeChosen", size: 21 }, { type: "membersChosen", group: "adults", count: 10 }, { type: "membersChosen", group: "over65", count: 2 });
  assert.equal(canAnswer(s, true), false, "21 is not a choice");
  assert.equal(reduce(s, no).step, "disqualified", "HouseholdSize NO");
});

/** Household of one, at the income question, under `guideline`. */
const atIncome = (guideline) =>
  run(atCountyForm(guideline), yes, { type: "programToggled", id: 0, on: true }, yes, { type: "membersChosen", group: "adults", count: 1 }, yes);

test("over the income limit: an accepted emergency, else disqualified", () => {
  let s = reduce(atIncome(OHIO), no);
  assert.equal(s.step, "emergencySituation");
  assert.equal(s.answers.isBelowIncomeLimit, false);
  s = run(s, { type: "emergencyTextChanged", text: "  house fire  " }, yes);
  assert.equal(s.step, "attest");
  assert.equal(s.answers.isEmergency, true);
  assert.equal(s.answers.emergencyText, "house fire");
  assert.equal(run(atIncome(OHIO), no, no).step, "disqualified", "EmergencySituation NO");
  s = reduce(atIncome({ ...OHIO, acceptsEmergencySituation: false }), no);
  assert.equal(s.step, "disqualified");
  assert.equal(s.answers.disqualified, true);
});

test("income proof and identification when the guideline requires them", () => {
  const strict = { ...OHIO, requiresIncomeProof: true, requiresIdentificationProof: true };
  let s = reduce(atIncome(strict), yes);
  assert.equal(s.step, "proveIncome");
  assert.equal(reduce(s, no).step, "disqualified");
  s = run(s, yes, { type: "signatureDrawn" }, { type: "signatureAccepted", svg: "<svg/>" }, { type: "typedNameChanged", name: "Pat" }, yes);
  assert.equal(s.answers.canProveIncome, true);
  assert.equal(s.step, "idRequirement");
  assert.equal(reduce(s, no).step, "disqualified");
  s = reduce(s, yes);
  assert.equal(s.step, "confirmation");
  assert.equal(s.answers.isIdentificationAvailable, true);
  assert.equal(reduce(s, no).step, "disqualified", "Confirmation NO");
});

test("declining at the introduction is acknowledged, then submitted as disqualified", () => {
  let s = reduce(INITIAL, no);
  assert.equal(s.step, "disqualified");
  assert.equal(s.answers.disqualified, true);
  assert.equal(pending(s), null, "nothing is sent before the acknowledgement");
  s = reduce(s, yes);
  assert.equal(s.step, "complete");
  assert.deepEqual(pending(s), { kind: "submit" });
  assert.equal(submission(s, null).disqualified, true);
  // A failed submission keeps the answers; Retry sends them again.
  s = reduce(s, { type: "submitFailed", message: "Error submitting TEFAP Response" });
  assert.deepEqual(s.submission, { status: "error", message: "Error submitting TEFAP Response", notAvailable: false });
  assert.equal(pending(s), null);
  s = reduce(s, { type: "retry" });
  assert.deepEqual(pending(s), { kind: "submit" });
});

test("inputs of other steps are ignored", () => {
  for (const action of [
    { type: "zipChanged", zip: "43215" },
    { type: "programToggled", id: 1, on: true },
    { type: "householdSizeChosen", size: 4 },
    { type: "signatureDrawn" },
    { type: "termsChanged", accepted: true },
    { type: "guidelineLoaded", guideline: OHIO },
    { type: "submitted", result: { isEligible: true, uniqueID: "x" } },
    { type: "retry" },
  ]) {
    assert.equal(reduce(INITIAL, action), INITIAL, action.type);
  }
});

test("the eligible message's location falls back county, food bank, postal code, province", () => {
  const r = { isEligible: true, uniqueID: "u" };
  assert.equal(eligibleLocation({ ...r, county: { id: 1, name: "Franklin County" }, foodBank: { id: 2, name: "COFN" } }), "Franklin County");
  assert.equal(eligibleLocation({ ...r, county: { id: 1, name: " " }, foodBank: { id: 2, name: "COFN" } }), "COFN");
  assert.equal(eligibleLocation({ ...r, postalCode: { code: "43215" }, province: { id: 1, name: "Ohio", abbreviation: "OH" } }), "43215");
  assert.equal(eligibleLocation({ ...r, province: { id: 1, name: "Ohio", abbreviation: "OH" } }), "Ohio");
  assert.equal(eligibleLocation(r), null, "the screen says your area");
});

test("the signature becomes one SVG path in whole pixels, under the server's size limit", () => {
  assert.equal(signatureSvg([], 300, 150), "");
  const svg = signatureSvg([[[10.4, 20.6], [30, 40]], [[5, 5]]], 300.2, 150);
  assert.equal(
    svg,
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 150"><path d="M10 21L30 40M5 5L5 5" fill="none" stroke="#000" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"/></svg>',
  );
  const scribble = Array.from({ length: 40 }, (_, k) => Array.from({ length: 400 }, (_, i) => [(i * 7 + k) % 1000, (i * 13 + k * 3) % 400]));
  const long = signatureSvg(scribble, 1000, 400);
  assert.ok(long.length <= f.MAX_SIGNATURE_CHARS, `${long.length} characters`);
  assert.ok(long.length > 1000, "thinned, not dropped");
  assert.equal((long.match(/M/g) ?? []).length, 40, "every stroke kept");
});

test("a typed signature is SVG too: the name, escaped, in a box that fits it", () => {
  assert.equal(typedSignatureSvg("   "), "");
  const svg = typedSignatureSvg("  Pat   O'Neil <&> ");
  assert.match(svg, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 320 150"><text [^>]*>Pat O&#39;Neil &#60;&#38;&#62;<\/text><\/svg>$/);
  const long = typedSignatureSvg("x".repeat(500));
  assert.match(long, /viewBox="0 0 4040 150"/, "200 characters at most, and room for them");
  assert.ok(long.length < f.MAX_SIGNATURE_CHARS);
});

test("the flow follows the transition table the server's rules are checked against", async () => {
  const { readFile } = await import("node:fs/promises");
  const table = JSON.parse(await readFile(new URL("../fixtures/tefap-flow.json", import.meta.url), "utf8"));
  const guidelineOf = (flags) => ({
    ...OHIO,
    acceptsCrossEligibility: flags.acceptsCrossEligibility,
    requiresIncomeProof: flags.requiresIncomeProof,
    acceptsEmergencySituation: flags.acceptsEmergencySituation,
    requiresIdentificationProof: flags.requiresIdentificationProof,
    province: { ...OHIO.province, tefapProvinceAssistancePrograms: [program(1, "SNAP", flags.crossEligiblePrograms)] },
  });
  assert.ok(table.transitions.length >= 30);
  for (const [name, step, answer, next] of table.transitions) {
    const g = guidelineOf(table.guidelines[name]);
    let s;
    if (step === "residency") {
      s = reduce(atCountyForm(g), { type: "answer", yes: answer });
    } else {
      // Every answer of the step's own form is given, so the answer is the only thing decided.
      const at = {
        ...INITIAL,
        step,
        guideline: g,
        programs: [1],
        householdSize: 1,
        members: { over65: 0, adults: 1, children: 0 },
        signature: { drawn: true, accepted: true, svg: "M0 0L1 1" },
        typedName: "Pat Doe",
        terms: true,
      };
      assert.ok(canAnswer(at, answer), `${name}: ${step} can be answered ${answer}`);
      s = reduce(at, { type: "answer", yes: answer });
      // YES to Homeless waits for the guideline of the food bank's area, then moves on.
      if (step === "homeless" && answer) s = reduce(s, { type: "guidelineLoaded", guideline: g });
    }
    assert.equal(s.step, next, `${name}: ${step} answered ${answer}`);
  }
});
