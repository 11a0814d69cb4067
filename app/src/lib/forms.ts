// Small checks and input masks shared by the account, registration, checkout and eligibility forms.
import { ZIP_LENGTH } from "./constants";
import { digitsOnly } from "./format";

/** Only same-site paths: an open redirect through returnTo would hand the session's trust elsewhere. */
export function safeReturnTo(returnTo: string | null | undefined): string {
  return returnTo && returnTo.startsWith("/") && !returnTo.startsWith("//") && !returnTo.startsWith("/\\") ? returnTo : "/";
}

/** Deliberately loose: the server has the final word; this catches typos like a missing @ or dot. */
export const looksLikeEmail = (email: string): boolean => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim());

/** The masked phone "(###) ###-####" is exactly this long. */
export const PHONE_LENGTH = 14;

/** Applies the (###) ###-#### mask to whatever was typed or pasted. */
export function maskPhone(raw: string): string {
  const d = digitsOnly(raw, 10);
  if (d.length === 0) return "";
  if (d.length <= 3) return `(${d}`;
  if (d.length <= 6) return `(${d.slice(0, 3)}) ${d.slice(3)}`;
  return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
}

/** Digits only, at most a zip's five. */
export const maskZip = (raw: string) => digitsOnly(raw, ZIP_LENGTH);
