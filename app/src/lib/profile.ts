// Input masks of the profile forms (registration, and the account's profile form; the address
// form's zip too): they shape what is typed; what a field must hold is the generated rules'
// (lib/forms.ts fieldProblems).
import type { Registration } from "../state/session";
import { ZIP_LENGTH } from "./zip";
import { digitsOnly } from "./format";

/** Applies the (###) ###-#### mask to whatever was typed or pasted. */
export function maskPhone(raw: string): string {
  // Autofill of a "tel" field may bring the country code (+1 614 555 0100). No US area code starts
  // with 1, so eleven digits that start with 1 are the country code and the number.
  const all = digitsOnly(raw, 11);
  const d = (all.length === 11 && all.startsWith("1") ? all.slice(1) : all).slice(0, 10);
  if (d.length === 0) return "";
  if (d.length <= 3) return `(${d}`;
  if (d.length <= 6) return `(${d.slice(0, 3)}) ${d.slice(3)}`;
  return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
}

/** Digits only, at most a zip's five. */
export const maskZip = (raw: string) => digitsOnly(raw, ZIP_LENGTH);

/** The registration form holds exactly what the API takes. */
export type RegisterForm = Registration;
