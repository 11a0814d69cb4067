// The guideline testing panel (spec §5): with the host's testing flag on, testers force the flags
// of the guideline the questionnaire loads, to walk paths their test zip codes do not offer.
import type { Guideline } from "./flow";

export const TESTING_FLAGS = ["acceptsCrossEligibility", "acceptsEmergencySituation", "requiresIncomeProof", "requiresIdentificationProof"] as const;
export type TestingFlag = (typeof TESTING_FLAGS)[number];

/** For this visit only: a reload goes back to the guidelines as configured. */
const forced: Partial<Record<TestingFlag, boolean>> = {};

export function forceFlag(flag: TestingFlag, value: boolean | null): void {
  if (value === null) delete forced[flag];
  else forced[flag] = value;
}

export function forcedFlag(flag: TestingFlag): boolean | null {
  return forced[flag] ?? null;
}

export function withForcedFlags(guideline: Guideline): Guideline {
  return { ...guideline, ...forced };
}
