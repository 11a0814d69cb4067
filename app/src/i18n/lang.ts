// The language of the page being rendered: set from the host's payload before any render (server
// and client), so every formatter and message lookup of one render agrees.
export const LANGUAGES = ["en", "es"] as const;
export type Lang = (typeof LANGUAGES)[number];

let current: Lang = "en";

export function setLang(next: Lang): void {
  current = next;
}

export function lang(): Lang {
  return current;
}
