// The words for a refused API call come from the catalog, keyed by the refusal's stable code
// (`refusal.<code>`, filled with the refusal's data), so they follow the page's language whatever
// the server's. A failure without a code, or with one this build does not know, keeps the server's
// failureReason; a network failure has neither, and the screen shows its own text.
import { addMessages, fetchTexts, t, type MessageKey } from "../i18n/t";
import { ApiFailure } from "./api";
import messages from "messages:refusal";

addMessages(messages);
// A page whose own code shows refusals (a form's) carries these texts; one that only loads this
// with a lazy chunk (a modal claiming a code) does not, and they are fetched as the chunk loads.
fetchTexts("refusal");

/** A refusal's text from the catalog; the server's failureReason when it has no code we know; "" otherwise. */
export function refusalText(err: unknown): string {
  if (!(err instanceof ApiFailure)) return "";
  if (err.code) {
    const key = `refusal.${err.code}` as MessageKey;
    const text = t(key, words(err.data));
    if (text !== key) return text;
  }
  return err.message;
}

/** Data values that are catalog words (a unit such as "days") in the page's language; numbers and names as they are. */
function words(data: Record<string, string | number> | null): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(data ?? {})) {
    const key = `refusal.word.${value}` as MessageKey;
    const word = typeof value === "string" ? t(key) : key;
    out[name] = word !== key ? word : value;
  }
  return out;
}
