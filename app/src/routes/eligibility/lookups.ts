// The calls of the questionnaire (spec §7 TEFAP calls) and the messages of their failures (§8).
import { t, type MessageKey } from "../../i18n/t";
import { loadFoodBank } from "../../lib/api/foodbanks";
import { loadCountiesOfProvince, loadCountiesOfZip } from "../../lib/api/geography";
import { loadGuideline, loadZipArea, submitTefapAnswers } from "../../lib/api/tefap";
import { selectionStore } from "../../state/selection";
import type { County, Guideline, Submission, TefapResult, ZipArea } from "./flow";
import { withForcedFlags } from "./testing";
import { refusalText } from "../../lib/refusal";

/** A failed lookup with the text to show; `notAvailable` adds the not-available option. */
export class LookupError extends Error {
  constructor(
    message: string,
    readonly notAvailable = false,
  ) {
    super(message);
  }
}

/** The server's failureReason, else the screen's own text (spec §8 "message or ..."). */
export function failureText(err: unknown, fallback: MessageKey): string {
  return refusalText(err) || t(fallback);
}

const failWith =
  (fallback: MessageKey, notAvailable = false) =>
  (err: unknown): never => {
    throw new LookupError(failureText(err, fallback), notAvailable);
  };

/** The guideline of a zip code's state; failure offers the not-available option. */
export async function guidelineOf(zip: string): Promise<Guideline> {
  const g = await loadGuideline(zip).catch(failWith("eligibility.error.guideline", true));
  return withForcedFlags(g.tefapGuideline);
}

/** Residency "loading": where the zip lies, its counties and its guideline. */
export async function residencyOf(zip: string): Promise<{ area: ZipArea; counties: County[]; guideline: Guideline }> {
  const area = await loadZipArea(zip).catch(failWith("eligibility.error.data"));
  const [counties, guideline] = await Promise.all([
    loadCountiesOfZip(zip).catch(failWith("eligibility.error.counties")),
    guidelineOf(zip),
  ]);
  return { area, counties, guideline };
}

export async function provinceCountiesOf(provinceId: number): Promise<County[]> {
  return loadCountiesOfProvince(provinceId).catch(failWith("eligibility.error.counties"));
}

export async function submitAnswers(body: Submission): Promise<TefapResult> {
  return submitTefapAnswers(body).catch(failWith("eligibility.error.submit"));
}

/** The food bank of the selection (spec §4): the chosen one, else the pantry's or the delivery window's. */
export function selectedFoodBankId(): number | null {
  const s = selectionStore.get();
  return s.foodBank?.id ?? s.pantry?.foodBankID ?? s.deliveryTime?.foodBankID ?? null;
}

interface FoodBankAddress {
  province?: string;
  postalCode?: string;
}

let cached: { id: number; address: FoodBankAddress } | null = null;

/**
 * The selected food bank's province and postal code: from the stored food bank when it carries its
 * address, else GET /foodbanks/{id} (the selection may hold only the id). Null without a selection.
 */
export async function selectedFoodBankAddress(): Promise<FoodBankAddress | null> {
  const id = selectedFoodBankId();
  if (id === null) return null;
  const stored = selectionStore.get().foodBank;
  const own = stored?.id === id ? (stored.address as FoodBankAddress | undefined) : undefined;
  if (own?.province && own.postalCode) return own;
  if (cached?.id === id) return cached.address;
  const fb = await loadFoodBank(id);
  cached = { id, address: fb.address };
  return cached.address;
}
