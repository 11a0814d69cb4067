// Profile form rules of spec §5 (registration mode, and the account's profile form): what a field
// must hold before submitting.
import type { Registration } from "../state/session";
import { ZIP_LENGTH } from "./constants";
import { looksLikeEmail, PHONE_LENGTH } from "./forms";

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
