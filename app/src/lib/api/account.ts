// The account's session and profile (host/api/account/session.rs, profile.rs).
import type { components, paths } from "./schema.gen";
import type { Lang } from "../../i18n/lang";
import { request } from "./typed";

type Schemas = components["schemas"];

/** Signs up; resolves to the new session's token, or null when the e-mail has an account (its owner was mailed). */
export const register = (body: Schemas["RegistrationBody"]) => request("post", "/account", { body }).then((r) => r.jwt ?? null);

/** Signs in; resolves to the session's token. */
export const logIn = (body: Schemas["LoginBody"]) => request("post", "/account/login", { body });

/**
 * Ends the session of the HttpOnly cookie, which scripts cannot touch, so pages stop rendering as
 * this shopper. A plain fetch, not the envelope's: it must not turn a 401 into another sign-out.
 */
export const logOut = () => fetch("/api/v1/account/logout", { method: "POST", credentials: "same-origin", headers: { Accept: "application/json" } });

export const loadProfile = () => request("get", "/account/profile", {});

export const updateProfile = (body: Schemas["ProfileUpdateBody"]) => request("put", "/account/profile", { body });

/** Keeps the page's language on the account (e-mails follow it). */
export const setLanguage = (language: Lang) =>
  // A registry code (lang()), which is what the parameter's enum lists: both are languages.json.
  request("put", "/account/language/{language}", { path: { language: language as ApiLanguage } });

type ApiLanguage = NonNullable<paths["/account/language/{language}"]["put"]["parameters"]["path"]>["language"];
