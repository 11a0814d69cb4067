// Referral codes (host/api/referrals.rs).
import { request } from "./typed";

/** A code's public data: the pantries and delivery it unlocks. */
export const loadReferralCode = (code: string) => request("get", "/referralcodes/{code}", { path: { code } });

/**
 * Claims the codes for the signed-in account; one result per code, in order (`isAppliedSuccessfully`
 * false for a code that does not exist).
 */
export const claimReferralCodes = (codes: readonly string[]) => request("post", "/referralcodes/claims", { body: [...codes] });
