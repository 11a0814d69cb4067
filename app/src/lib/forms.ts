// Small checks shared by the account and eligibility forms, and the one interpreter of the forms'
// field rules (spec §5), which are generated from the API document (api/form-rules.gen.ts): the
// server declares them once and stays the judge; this only spares a round trip.
import type { FieldRule } from "./api/form-rules.gen";
import { t, type MessageKey } from "../i18n/t";

/** Only same-site paths: an open redirect through returnTo would hand the session's trust elsewhere. */
export function safeReturnTo(returnTo: string | null | undefined): string {
  return returnTo && returnTo.startsWith("/") && !returnTo.startsWith("//") && !returnTo.startsWith("/\\") ? returnTo : "/";
}

/** A field error's code, from these rules or from the server's `value.errors[].code`. */
export type FieldCode = "required" | "email" | "phone" | "zip" | "tooLong" | "choice" | "weakPassword" | "outOfRange" | "wrongPassword" | "wrongCode";

const FIELD_ERROR_TEXT: Record<FieldCode, MessageKey> = {
  required: "account.error.required",
  email: "account.error.email",
  phone: "account.error.phone",
  zip: "account.error.zip",
  tooLong: "account.error.tooLong",
  choice: "account.error.choice",
  weakPassword: "account.error.weakPassword",
  outOfRange: "account.error.outOfRange",
  wrongPassword: "account.error.wrongPassword",
  wrongCode: "account.error.wrongCode",
};

/** The words for a field error's code (account.error.<code>); a code this build does not know reads as "verify". */
export function fieldErrorText(code: FieldCode): string {
  return t(FIELD_ERROR_TEXT[code] ?? "account.error.verify");
}

type Value = string | boolean | null | undefined;

/**
 * Each refused field's code, as the server would refuse it: a text is trimmed; empty, it is refused
 * only when required; present, it must match its pattern, then fit maxLength characters. A checkbox
 * that is required must be ticked.
 */
export function fieldProblems<F extends string>(rules: { readonly [K in F]: FieldRule }, values: NoInfer<{ readonly [K in F]?: Value }>): Partial<Record<F, FieldCode>> {
  const problems: Partial<Record<F, FieldCode>> = {};
  for (const field of Object.keys(rules) as F[]) {
    const rule = rules[field];
    const value = values[field] as Value;
    if (typeof value === "boolean") {
      if (rule.required && !value) problems[field] = "required";
      continue;
    }
    const text = (value ?? "").trim();
    if (!text) {
      if (rule.required) problems[field] = (rule.requiredCode ?? "required") as FieldCode;
    } else if (rule.pattern !== null && !new RegExp(rule.pattern).test(text)) {
      problems[field] = (rule.code ?? "choice") as FieldCode;
    } else if (rule.maxLength !== null && [...text].length > rule.maxLength) {
      problems[field] = "tooLong";
    }
  }
  return problems;
}

/** The server's field errors of a 400 (`value.errors`), by field; empty for any other failure. */
export function serverFieldErrors(value: unknown): Record<string, FieldCode> {
  const errors = (value as { errors?: unknown } | null)?.errors;
  const out: Record<string, FieldCode> = {};
  if (!Array.isArray(errors)) return out;
  for (const e of errors as { field?: unknown; code?: unknown }[]) {
    if (typeof e?.field === "string" && typeof e.code === "string" && !(e.field in out)) out[e.field] = e.code as FieldCode;
  }
  return out;
}
