// Password reset (host/api/account/password.rs): the mail, the link's check, the new password.
import type { components } from "./schema.gen";
import { request } from "./typed";

/** The reset link's parts, as its URL spells them. */
export interface ResetLink {
  token: string;
  code: string;
}

export const requestReset = (email: string) => request("post", "/user/reset", { body: { email } });

/** Resolves when the link may still set a password; refused once it is used or expired. */
export const checkResetLink = (link: ResetLink) => request("get", "/user/password/validate", { query: { ...link } });

export const resetPassword = (link: ResetLink, body: components["schemas"]["NewPasswordBody"]) =>
  request("post", "/user/password", { query: { ...link }, body });
