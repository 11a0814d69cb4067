// The language of the page being rendered: set from the host's payload before any render (server
// and client), so every formatter and message lookup of one render agrees. The languages
// themselves are the registry's (languages.json), which the host reads too.
import REGISTRY from "./languages.json";

export interface Language {
  /** BCP 47 tag as `?lang=`, `<html lang>` and `hreflang` write it: "en", "zh-Hans". */
  code: string;
  /** The language's name in itself. */
  name: string;
  dir: "ltr" | "rtl";
  /** Whether the staff side is written in it (else staff pages are in English). */
  staff: boolean;
}

export const LANGUAGE_LIST = REGISTRY as Language[];
export const LANGUAGES = LANGUAGE_LIST.map((l) => l.code);
/** A registry code; English and Spanish have their own formatting code, the rest follow their catalog. */
export type Lang = string;

let current: Lang = "en";

export function setLang(next: Lang): void {
  current = next;
}

export function lang(): Lang {
  return current;
}

/** The registry line of `code` (English for an unknown one). */
export function language(code: Lang = current): Language {
  return LANGUAGE_LIST.find((l) => l.code === code) ?? LANGUAGE_LIST[0];
}
