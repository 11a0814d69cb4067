// What the device keeps of a TEFAP questionnaire (spec §3 local storage): that it was answered,
// the areas the shopper qualified in, and, while signed out, the response id that the next sign-in
// assigns to the account (session.ts).
import type { TefapEligibility } from "../entities";
import { read, write } from "./storage";

/** The parts of POST /tefapeligibility/responses' answer kept on the device. */
export interface TefapResponse {
  isEligible: boolean;
  uniqueID: string;
  county?: { id: number } | null;
  foodBank?: { id: number } | null;
  postalCode?: { code: string } | null;
  province?: { abbreviation: string } | null;
}

/** Spec §3 "TEFAP eligibility (stored)": only the fields present in the response. */
function eligibilityOf(r: TefapResponse): TefapEligibility {
  const e: TefapEligibility = {};
  if (r.province?.abbreviation) e.province = { abbreviation: r.province.abbreviation };
  if (r.foodBank) e.foodBank = { id: r.foodBank.id };
  if (r.county) e.county = { id: r.county.id };
  if (r.postalCode?.code) e.postalCode = { code: r.postalCode.code };
  return e;
}

function storedTefapEligibilities(): TefapEligibility[] {
  return read("tefapEligibilities") ?? [];
}

/**
 * Records a submitted questionnaire: always answered (the shop stops offering it); an eligible
 * result adds its area (once); a signed-out shopper keeps the id for the next sign-in.
 */
export function recordTefapResponse(r: TefapResponse, signedIn: boolean): void {
  write("tefapAnswered", true);
  write("tefapAnsweredAt", Date.now());
  if (r.isEligible) {
    const e = eligibilityOf(r);
    const list = storedTefapEligibilities();
    const key = JSON.stringify(e);
    if (!list.some((x) => JSON.stringify(x) === key)) write("tefapEligibilities", [...list, e]);
  }
  if (!signedIn && r.uniqueID) write("tefapUniqueId", r.uniqueID);
}
