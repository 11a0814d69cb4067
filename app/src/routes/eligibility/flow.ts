// The TEFAP eligibility flow of spec §4 as a pure reducer: every screen, sub-state and answer is in
// `State`, every user input and every lookup result is an `Action`. The screens dispatch; the
// lookups (guideline, zip area, counties, submission) run in effects that watch `pending(state)`.
// The server replays the submitted answers itself (host/domain/tefap.rs), so this decides only what
// to ask next, never the verdict; the income maximum it shows is the server's too. The shapes are
// the API's (the types generated from its OpenAPI document).
import type { components } from "../../lib/api/schema.gen";
import { ZIP_LENGTH } from "../../lib/zip";

type Schemas = components["schemas"];

export type Step =
  | "intro"
  | "homeless"
  | "residency"
  | "crossEligibility"
  | "householdSize"
  | "income"
  | "proveIncome"
  | "emergencySituation"
  | "attest"
  | "idRequirement"
  | "confirmation"
  | "disqualified"
  | "complete";

export type Province = Schemas["Province"];

export type County = Schemas["County"];

/** Spec §3 "TEFAP guideline", as GET /tefapeligibility/guidelines/{postalCode} answers it. */
export type Guideline = Schemas["Guideline"];

/** GET /tefapeligibility/postalcodes/{code}: where a zip code lies. */
export type ZipArea = Schemas["ZipArea"];

/** The body of POST /tefapeligibility/responses: spec §3 "Eligibility answers", plus foodBankID. */
export type Submission = Schemas["TefapAnswersBody"];

/** Spec §3 "Eligibility answers" as the flow fills them in: every one present, null until asked. */
export type Answers = Required<Omit<Submission, "foodBankID">>;

/** POST /tefapeligibility/responses answers this. */
export type TefapResult = Schemas["TefapResult"];

/** A lookup in flight or failed; `notAvailable` offers the "not available in your area" option. */
export type Lookup = { status: "idle" } | { status: "loading" } | { status: "error"; message: string; notAvailable: boolean };

export type ResidencyPhase = "zipform" | "loading" | "countyform" | "differentprovince" | "error";

export type AgeGroup = "over65" | "adults" | "children";

export interface State {
  step: Step;
  answers: Answers;
  guideline: Guideline | null;
  /** Homeless YES looks the guideline up by the food bank's postal code. */
  homeless: Lookup;
  residency: {
    phase: ResidencyPhase;
    zip: string;
    /** What the error phase shows (the lookup that failed). */
    error: string;
    notAvailable: boolean;
    province: Province | null;
    /** The zip's own counties (isMatch), or all of the state's when none is marked. */
    counties: County[];
    /** The chosen county; OTHER_COUNTY_ID asks for one from the province's full list. */
    countyId: number | null;
    provinceCounties: County[] | null;
    provinceCountiesLookup: Lookup;
    otherCountyId: number | null;
    /** A residency guideline waits here until YES confirms the zip and county. */
    guideline: Guideline | null;
  };
  programs: number[];
  householdSize: number;
  members: Record<AgeGroup, number>;
  emergencyText: string;
  signature: { drawn: boolean; accepted: boolean; svg: string };
  typedName: string;
  terms: boolean;
  submission: Lookup;
  result: TefapResult | null;
}

export type Action =
  | { type: "answer"; yes: boolean }
  | { type: "retry" }
  | { type: "guidelineLoaded"; guideline: Guideline }
  | { type: "lookupFailed"; message: string; notAvailable?: boolean }
  | { type: "zipChanged"; zip: string }
  | { type: "zipSubmitted" }
  | { type: "residencyLoaded"; area: ZipArea; counties: County[]; guideline: Guideline; foodBankProvince: string | null }
  | { type: "proceed" }
  | { type: "changeZip" }
  | { type: "countyChosen"; id: number | null }
  | { type: "provinceCountiesLoaded"; counties: County[] }
  | { type: "provinceCountiesFailed"; message: string }
  | { type: "otherCountyChosen"; id: number | null }
  | { type: "programToggled"; id: number; on: boolean }
  | { type: "householdSizeChosen"; size: number }
  | { type: "membersChosen"; group: AgeGroup; count: number }
  | { type: "emergencyTextChanged"; text: string }
  | { type: "signatureDrawn" }
  | { type: "signatureCleared" }
  | { type: "signatureAccepted"; svg: string }
  | { type: "typedNameChanged"; name: string }
  | { type: "termsChanged"; accepted: boolean }
  | { type: "submitted"; result: TefapResult }
  | { type: "submitFailed"; message: string };

// Spec §9.
export const HOUSEHOLD_SIZES = { min: 1, max: 20 };
export const MEMBER_COUNTS = { min: 0, max: 10 };
export const OTHER_COUNTY_ID = 0;
export const NONE_PROGRAM_ID = 0;
export const AGE_GROUPS: readonly AgeGroup[] = ["over65", "adults", "children"];

const IDLE: Lookup = { status: "idle" };
const LOADING: Lookup = { status: "loading" };

const EMPTY_ANSWERS: Answers = {
  isHomeless: false,
  residencyPostalCode: null,
  residencyCounty: null,
  selectedAssistanceProgramIDs: [],
  totalHouseholdSize: null,
  isBelowIncomeLimit: null,
  incomeLimit: null,
  canProveIncome: null,
  isEmergency: null,
  emergencyText: null,
  signature: null,
  typedName: null,
  isIdentificationAvailable: null,
  acceptedTerms: false,
  disqualified: false,
  addressID: null,
  householdMembersByAge: null,
  // The server decides it; never sent as anything else.
  eligibilityBasis: null,
};

const EMPTY_RESIDENCY: State["residency"] = {
  phase: "zipform",
  zip: "",
  error: "",
  notAvailable: false,
  province: null,
  counties: [],
  countyId: null,
  provinceCounties: null,
  provinceCountiesLookup: IDLE,
  otherCountyId: null,
  guideline: null,
};

export const INITIAL: State = {
  step: "intro",
  answers: EMPTY_ANSWERS,
  guideline: null,
  homeless: IDLE,
  residency: EMPTY_RESIDENCY,
  programs: [],
  householdSize: HOUSEHOLD_SIZES.min,
  members: { over65: 0, adults: 0, children: 0 },
  emergencyText: "",
  signature: { drawn: false, accepted: false, svg: "" },
  typedName: "",
  terms: false,
  submission: IDLE,
  result: null,
};

/** Spec §5's income maximum of the household size, as the server computed it for the guideline; null for a size it has none for. */
export function incomeMaximum(guideline: Guideline, householdSize: number): number | null {
  return guideline.incomeMaximums.find((m) => m.householdSize === householdSize)?.incomeInDollars ?? null;
}

/** Whole dollars with thousands separators ("$62,600"): no Intl needed. Empty for none. */
export function formatDollars(amount: number | null): string {
  if (amount === null) return "";
  return "$" + String(Math.round(amount)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/** Any selected program that is cross-eligible in the guideline's province. */
export function isCrossEligible(guideline: Guideline, selected: readonly number[]): boolean {
  return guideline.province.tefapProvinceAssistancePrograms.some((p) => p.isCrossEligible && selected.includes(p.assistanceProgramID));
}

/** Cross-eligibility check: asked only when accepted and the province has a cross-eligible program. */
function afterArea(guideline: Guideline): Step {
  const any = guideline.province.tefapProvinceAssistancePrograms.some((p) => p.isCrossEligible);
  return guideline.acceptsCrossEligibility && any ? "crossEligibility" : "householdSize";
}

/** Members still to count; negative when more than the household were given. */
export function membersRemaining(state: Pick<State, "householdSize" | "members">): number {
  return state.householdSize - AGE_GROUPS.reduce((n, g) => n + state.members[g], 0);
}

/** A county is required; Other requires a county of the province's full list. */
export function chosenCounty(r: State["residency"]): number | null {
  if (r.countyId === null) return null;
  if (r.countyId !== OTHER_COUNTY_ID) return r.countyId;
  return r.otherCountyId !== null && r.otherCountyId !== OTHER_COUNTY_ID ? r.otherCountyId : null;
}

/** Whether answering the current step with `yes` is possible now (the screens enable buttons by it). */
export function canAnswer(state: State, yes: boolean): boolean {
  if (!yes) {
    if (state.step === "homeless") return state.homeless.status !== "loading";
    // NO answers "Do you live in {province}?", asked with the county.
    if (state.step === "residency") return state.residency.phase === "countyform";
    return state.step !== "complete";
  }
  switch (state.step) {
    case "homeless":
      return state.homeless.status !== "loading";
    case "residency":
      return state.residency.phase === "countyform" && chosenCounty(state.residency) !== null && state.residency.guideline !== null;
    case "crossEligibility":
      return state.programs.length > 0;
    case "householdSize":
      return inRange(state.householdSize, HOUSEHOLD_SIZES) && AGE_GROUPS.every((g) => inRange(state.members[g], MEMBER_COUNTS)) && membersRemaining(state) === 0;
    case "attest":
      return state.signature.accepted && state.signature.svg !== "" && state.typedName.trim() !== "";
    case "confirmation":
      return state.terms;
    case "complete":
      return false;
    default:
      return true;
  }
}

const inRange = (n: number, r: { min: number; max: number }) => Number.isInteger(n) && n >= r.min && n <= r.max;

/** What the effects must fetch now, if anything. */
export type Pending =
  | { kind: "homelessGuideline" }
  | { kind: "residency"; zip: string }
  | { kind: "provinceCounties"; provinceId: number }
  | { kind: "submit" }
  | null;

export function pending(state: State): Pending {
  if (state.step === "homeless" && state.homeless.status === "loading") return { kind: "homelessGuideline" };
  if (state.step === "residency") {
    const r = state.residency;
    if (r.phase === "loading") return { kind: "residency", zip: r.zip };
    if (r.phase === "countyform" && r.provinceCountiesLookup.status === "loading" && r.province) {
      return { kind: "provinceCounties", provinceId: r.province.id };
    }
  }
  if (state.step === "complete" && state.submission.status === "loading") return { kind: "submit" };
  return null;
}

function go(state: State, step: Step): State {
  if (step === "disqualified") return { ...state, step, answers: { ...state.answers, disqualified: true } };
  if (step === "complete") return { ...state, step, submission: LOADING };
  return { ...state, step };
}

function answer(state: State, yes: boolean): State {
  if (!canAnswer(state, yes)) return state;
  const a = state.answers;
  const g = state.guideline;
  switch (state.step) {
    case "intro":
      return go(state, yes ? "homeless" : "disqualified");
    case "homeless":
      // YES waits for the guideline of the food bank's postal code (guidelineLoaded moves on).
      if (yes) return { ...state, answers: { ...a, isHomeless: true }, homeless: LOADING };
      return go({ ...state, answers: { ...a, isHomeless: false } }, "residency");
    case "residency": {
      if (!yes) return go(state, "disqualified");
      const r = state.residency;
      const next = { ...state, guideline: r.guideline, answers: { ...a, residencyPostalCode: r.zip, residencyCounty: chosenCounty(r) } };
      return go(next, afterArea(r.guideline!));
    }
    case "crossEligibility": {
      const answers = { ...a, selectedAssistanceProgramIDs: state.programs };
      const cross = yes && g !== null && isCrossEligible(g, state.programs);
      return go({ ...state, answers }, cross ? "attest" : "householdSize");
    }
    case "householdSize":
      if (!yes) return go(state, "disqualified");
      // The ages go with the size: the monthly TEFAP report counts people by age group.
      return go(
        {
          ...state,
          answers: {
            ...a,
            totalHouseholdSize: state.householdSize,
            householdMembersByAge: { children: state.members.children, adults: state.members.adults, seniors: state.members.over65 },
          },
        },
        "income",
      );
    case "income": {
      const answers = { ...a, isBelowIncomeLimit: yes, incomeLimit: g && incomeMaximum(g, state.householdSize) };
      if (yes) return go({ ...state, answers }, g?.requiresIncomeProof ? "proveIncome" : "attest");
      return go({ ...state, answers }, g?.acceptsEmergencySituation ? "emergencySituation" : "disqualified");
    }
    case "proveIncome":
      return go({ ...state, answers: { ...a, canProveIncome: yes } }, yes ? "attest" : "disqualified");
    case "emergencySituation": {
      const text = state.emergencyText.trim();
      const answers = { ...a, isEmergency: yes, emergencyText: yes && text ? text : null };
      return go({ ...state, answers }, yes ? "attest" : "disqualified");
    }
    case "attest":
      if (!yes) return go(state, "disqualified");
      return go(
        { ...state, answers: { ...a, signature: state.signature.svg, typedName: state.typedName.trim() } },
        g?.requiresIdentificationProof ? "idRequirement" : "confirmation",
      );
    case "idRequirement":
      return go({ ...state, answers: { ...a, isIdentificationAvailable: yes } }, yes ? "confirmation" : "disqualified");
    case "confirmation":
      return yes ? go({ ...state, answers: { ...a, acceptedTerms: true } }, "complete") : go(state, "disqualified");
    case "disqualified":
      return go(state, "complete");
    case "complete":
      return state;
  }
}

function residency(state: State, patch: Partial<State["residency"]>): State {
  return { ...state, residency: { ...state.residency, ...patch } };
}

export function reduce(state: State, action: Action): State {
  const r = state.residency;
  switch (action.type) {
    case "answer":
      return answer(state, action.yes);

    case "guidelineLoaded":
      if (state.step !== "homeless" || state.homeless.status !== "loading") return state;
      return go({ ...state, guideline: action.guideline, homeless: IDLE }, afterArea(action.guideline));

    case "lookupFailed":
      if (state.step === "homeless" && state.homeless.status === "loading") {
        return { ...state, homeless: { status: "error", message: action.message, notAvailable: !!action.notAvailable } };
      }
      if (state.step === "residency" && r.phase === "loading") {
        return residency(state, { phase: "error", error: action.message, notAvailable: !!action.notAvailable });
      }
      return state;

    case "retry":
      if (state.step === "homeless" && state.homeless.status === "error") return { ...state, homeless: LOADING };
      // Spec §4: the residency error's Retry goes back to the zip form.
      if (state.step === "residency" && r.phase === "error") return residency(state, { phase: "zipform", error: "", notAvailable: false });
      if (state.step === "residency" && r.provinceCountiesLookup.status === "error") return residency(state, { provinceCountiesLookup: LOADING });
      if (state.step === "complete" && state.submission.status === "error") return { ...state, submission: LOADING };
      return state;

    case "zipChanged":
      if (state.step !== "residency" || r.phase !== "zipform") return state;
      return residency(state, { zip: action.zip.replace(/\D+/g, "").slice(0, ZIP_LENGTH) });

    case "zipSubmitted":
      if (state.step !== "residency" || r.phase !== "zipform" || r.zip.length !== ZIP_LENGTH) return state;
      return residency(state, { ...EMPTY_RESIDENCY, zip: r.zip, phase: "loading" });

    case "residencyLoaded": {
      if (state.step !== "residency" || r.phase !== "loading" || action.area.postalCode.code !== r.zip) return state;
      const matched = action.counties.filter((c) => c.isMatch);
      const counties = matched.length ? matched : action.counties;
      const sameProvince = !action.foodBankProvince || sameText(action.foodBankProvince, action.area.province.abbreviation);
      return residency(state, {
        phase: sameProvince ? "countyform" : "differentprovince",
        province: action.area.province,
        counties,
        // The zip's own county is preselected when there is exactly one.
        countyId: counties.length === 1 ? counties[0].id : null,
        guideline: action.guideline,
      });
    }

    case "proceed":
      return state.step === "residency" && r.phase === "differentprovince" ? residency(state, { phase: "countyform" }) : state;

    case "changeZip":
      if (state.step !== "residency" || (r.phase !== "differentprovince" && r.phase !== "countyform")) return state;
      return residency(state, { ...EMPTY_RESIDENCY, zip: r.zip });

    case "countyChosen": {
      if (state.step !== "residency" || r.phase !== "countyform") return state;
      const other = action.id === OTHER_COUNTY_ID;
      const load = other && r.provinceCounties === null && r.provinceCountiesLookup.status !== "loading";
      return residency(state, {
        countyId: action.id,
        otherCountyId: other ? r.otherCountyId : null,
        provinceCountiesLookup: load ? LOADING : r.provinceCountiesLookup,
      });
    }

    case "provinceCountiesLoaded":
      if (r.provinceCountiesLookup.status !== "loading") return state;
      return residency(state, { provinceCounties: action.counties, provinceCountiesLookup: IDLE });

    case "provinceCountiesFailed":
      if (r.provinceCountiesLookup.status !== "loading") return state;
      return residency(state, { provinceCountiesLookup: { status: "error", message: action.message, notAvailable: false } });

    case "otherCountyChosen":
      return state.step === "residency" && r.countyId === OTHER_COUNTY_ID ? residency(state, { otherCountyId: action.id }) : state;

    case "programToggled": {
      if (state.step !== "crossEligibility") return state;
      // "None" excludes every program and the other way round.
      let programs = state.programs.filter((id) => id !== action.id);
      if (action.on) programs = action.id === NONE_PROGRAM_ID ? [NONE_PROGRAM_ID] : [...programs.filter((id) => id !== NONE_PROGRAM_ID), action.id];
      return { ...state, programs };
    }

    case "householdSizeChosen":
      return state.step === "householdSize" ? { ...state, householdSize: action.size } : state;

    case "membersChosen":
      return state.step === "householdSize" ? { ...state, members: { ...state.members, [action.group]: action.count } } : state;

    case "emergencyTextChanged":
      return state.step === "emergencySituation" ? { ...state, emergencyText: action.text } : state;

    case "signatureDrawn":
      // Drawing more after Accept needs a new Accept.
      return state.step === "attest" ? { ...state, signature: { drawn: true, accepted: false, svg: "" } } : state;

    case "signatureCleared":
      return state.step === "attest" ? { ...state, signature: { drawn: false, accepted: false, svg: "" } } : state;

    case "signatureAccepted":
      if (state.step !== "attest" || !state.signature.drawn || state.signature.accepted || !action.svg) return state;
      return { ...state, signature: { drawn: true, accepted: true, svg: action.svg } };

    case "typedNameChanged":
      return state.step === "attest" ? { ...state, typedName: action.name } : state;

    case "termsChanged":
      return state.step === "confirmation" ? { ...state, terms: action.accepted } : state;

    case "submitted":
      return state.step === "complete" && state.submission.status === "loading" ? { ...state, submission: IDLE, result: action.result } : state;

    case "submitFailed":
      if (state.step !== "complete" || state.submission.status !== "loading") return state;
      return { ...state, submission: { status: "error", message: action.message, notAvailable: false } };
  }
}

const sameText = (a: string, b: string) => a.trim().toUpperCase() === b.trim().toUpperCase();

/** The body of POST /tefapeligibility/responses: the answers plus the selected food bank. */
export function submission(state: State, foodBankId: number | null): Submission {
  return { ...state.answers, foodBankID: foodBankId };
}

/** Spec §8: {location} of the eligible message falls back county, food bank, postal code, province. */
export function eligibleLocation(result: TefapResult): string | null {
  const names = [result.county?.name, result.foodBank?.name, result.postalCode?.code, result.province?.name];
  return names.map((n) => n?.trim()).find((n) => !!n) ?? null;
}

/** A point of the signature pad, in the pad's CSS pixels. */
export type Point = readonly [number, number];

/** The server keeps at most 48,000 characters of signature; stay well under it. */
export const MAX_SIGNATURE_CHARS = 40_000;

/**
 * The drawn strokes as SVG (spec §3 "signature (SVG data)"): one path, whole pixels. Long
 * signatures drop every other point until they fit, so they are never cut off.
 */
export function signatureSvg(strokes: readonly (readonly Point[])[], width: number, height: number): string {
  const drawn = strokes.filter((s) => s.length > 0);
  if (!drawn.length) return "";
  const path = (step: number) =>
    drawn
      .map((s) => {
        const kept = s.filter((_, i) => i % step === 0 || i === s.length - 1);
        const pts = kept.map(([x, y]) => `${Math.round(x)} ${Math.round(y)}`);
        // A tap is a dot: a zero-length segment drawn with round caps.
        return `M${pts[0]}L${pts.length > 1 ? pts.slice(1).join(" ") : pts[0]}`;
      })
      .join("");
  const wrap = (d: string) =>
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${Math.round(width)} ${Math.round(height)}">` +
    `<path d="${d}" fill="none" stroke="#000" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"/></svg>`;
  let step = 1;
  let svg = wrap(path(step));
  while (svg.length > MAX_SIGNATURE_CHARS && step < 64) {
    step *= 2;
    svg = wrap(path(step));
  }
  return svg;
}

/** A typed signature's longest name; the attestation's typed name field allows the same. */
export const MAX_TYPED_SIGNATURE = 200;

/**
 * A name typed as the signature (for shoppers who cannot draw one: keyboard, switch or screen
 * reader users), as SVG like a drawn one: the name in a handwriting face, sized to its length.
 */
export function typedSignatureSvg(name: string): string {
  const text = name.trim().replace(/\s+/g, " ").slice(0, MAX_TYPED_SIGNATURE);
  if (!text) return "";
  const escaped = text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  // Roughly half an em per character, with a margin: the whole name fits the box.
  const width = Math.max(300, Math.ceil(text.length * 20) + 40);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} 150">` +
    `<text x="20" y="95" font-family="'Segoe Script','Brush Script MT',cursive" font-size="40" fill="#000">${escaped}</text></svg>`
  );
}
