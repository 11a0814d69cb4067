// Profile form rules of spec §5 (registration, and the account's profile form): the phone and zip
// masks (the address form's zip too) and what a field must hold before submitting.
import type { Registration } from "../state/session";
import { ZIP_LENGTH } from "./constants";
import { digitsOnly } from "./format";
import { looksLikeEmail } from "./forms";

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

/** The registration form holds exactly what the API takes. */
export type RegisterForm = Registration;

export type FieldName = "firstName" | "lastName" | "eMailAddress" | "password" | "phoneNumber" | "postalCode" | "isEligible";
export type ErrorKind = "required" | "email" | "phone" | "zip";

/** Field errors of the trimmed form; empty when it may be sent. */
export function validate(f: RegisterForm): Partial<Record<FieldName, ErrorKind>> {
  const e: Partial<Record<FieldName, ErrorKind>> = {};
  if (!f.firstName.trim()) e.firstName = "required";
  if (!f.lastName.trim()) e.lastName = "required";
  if (!f.password.trim()) e.password = "required";
  if (!looksLikeEmail(f.eMailAddress)) e.eMailAddress = "email";
  if (f.phoneNumber.length !== PHONE_LENGTH) e.phoneNumber = "phone";
  if (f.postalCode && f.postalCode.length !== ZIP_LENGTH) e.postalCode = "zip";
  if (!f.isEligible) e.isEligible = "required";
  return e;
}
