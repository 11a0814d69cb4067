// The TEFAP questionnaire's calls (host/api/tefap.rs).
import type { components } from "./schema.gen";
import { request } from "./typed";

/** Where a ZIP code lies: its state and county. */
export const loadZipArea = (code: string) => request("get", "/tefapeligibility/postalcodes/{code}", { path: { code } });

/** The guideline of a ZIP code's state, with the income maximum of each household size. */
export const loadGuideline = (postalCode: string) => request("get", "/tefapeligibility/guidelines/{postalCode}", { path: { postalCode } });

/** The server replays the answers and answers the verdict. */
export const submitTefapAnswers = (body: components["schemas"]["TefapAnswersBody"]) => request("post", "/tefapeligibility/responses", { body });

/** Puts a response answered while signed out on the account. */
export const assignTefapResponse = (uniqueId: string) => request("post", "/tefapeligibility/responses/{uniqueId}", { path: { uniqueId } });
