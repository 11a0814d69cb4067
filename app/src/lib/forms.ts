// Small checks shared by the account and eligibility forms.

/** Only same-site paths: an open redirect through returnTo would hand the session's trust elsewhere. */
export function safeReturnTo(returnTo: string | null | undefined): string {
  return returnTo && returnTo.startsWith("/") && !returnTo.startsWith("//") && !returnTo.startsWith("/\\") ? returnTo : "/";
}

/** Deliberately loose: the server has the final word; this catches typos like a missing @ or dot. */
export const looksLikeEmail = (email: string): boolean => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim());
