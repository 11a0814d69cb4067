// The calls of the questionnaire (spec §7 TEFAP calls) and the messages of their failures (§8).
import type { FoodBank } from "../../entities";
import { t, type MessageKey } from "../../i18n/t";
import { api } from "../../lib/api";
import { selectionStore } from "../../state/selection";
import type { County, Guideline, TefapResult, ZipArea } from "./flow";
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

interface GuidelineAnswer {
  tefapGuideline: Guideline;
}

/** The guideline of a zip code's state; failure offers the not-available option. */
export async function guidelineOf(zip: string): Promise<Guideline> {
  const g = await api<GuidelineAnswer>("GET", `/tefapeligibility/guidelines/${encodeURIComponent(zip)}`).catch(
    failWith("eligibility.error.guideline", true),
  );
  return withForcedFlags(g.tefapGuideline);
}

/** Residency "loading": where the zip lies, its counties and its guideline. */
export async function residencyOf(zip: string): Promise<{ area: ZipArea; counties: County[]; guideline: Guideline }> {
  const code = encodeURIComponent(zip);
  const area = await api<ZipArea>("GET", `/tefapeligibility/postalcodes/${code}`).catch(failWith("eligibility.error.data"));
  const [counties, guideline] = await Promise.all([
    api<County[]>("GET", `/counties/postalcode/${code}`).catch(failWith("eligibility.error.counties")),
    guidelineOf(zip),
  ]);
  return { area, counties, guideline };
}

export async function provinceCountiesOf(provinceId: number): Promise<County[]> {
  return api<County[]>("GET", `/provinces/${provinceId}/counties`).catch(failWith("eligibility.error.counties"));
}

export async function submitAnswers(body: unknown): Promise<TefapResult> {
  return api<TefapResult>("POST", "/tefapeligibility/responses", body).catch(failWith("eligibility.error.submit"));
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
  const fb = await api<FoodBank & { address?: FoodBankAddress }>("GET", `/foodbanks/${id}`);
  cached = { id, address: fb.address ?? {} };
  return cached.address;
}
