import type { Profile } from "../entities";
import { t } from "../i18n/t";
import { loadProfile, logIn, logOut, register as signUp, setLanguage } from "../lib/api/account";
import { loadFavorite } from "../lib/api/favorites";
import { claimReferralCodes } from "../lib/api/referrals";
import { assignTefapResponse } from "../lib/api/tefap";
import { connectSession } from "../lib/api/credentials";
import { lang } from "../i18n/lang";
import { setAppFlag } from "./app";
import { clearCart } from "./cart";
import { clearSelection } from "./selection";
import { clearAllButFavorite, read, remove, write } from "./storage";
import { createStore, useStore } from "./store";

// The server cannot see localStorage: the stored token and profile apply after hydration
// (restoreSession from startClient). Login and registration also set an HttpOnly session cookie
// with the same token, which only page loads read (the shopper's orders, account and messages
// render on the server); the API takes the bearer header alone. Signing out drops both.
interface SessionState {
  token: string | null;
  profile: Profile | null;
}

export const sessionStore = createStore<SessionState>({ token: null, profile: null });

connectSession({ token: () => sessionStore.get().token, refused: () => sessionRefused() });

export function restoreSession(): void {
  takeHandoff();
  sessionStore.set({ token: read("token"), profile: read("profile") });
  void keepLanguageOnAccount();
}

/**
 * A form sent before the app ran signed in or out on the server (host/http/forms.rs), which
 * leaves this short-lived cookie: the app takes the session over from it (or forgets its own), once.
 */
function takeHandoff(): void {
  const taken = /(?:^|; )oa_handoff=([^;]*)/.exec(document.cookie)?.[1];
  if (!taken) return;
  document.cookie = "oa_handoff=; Path=/; Max-Age=0";
  // Signed out as Log Out signs out (spec §4): all but the favourite goes.
  if (taken === "out") clearAllButFavorite();
  // A session token (base64url and dots); whose it is comes with the next profile load.
  else write("token", taken), write("profile", null);
}

/**
 * The language of this page goes on the signed-in shopper's account (issue 13: e-mails follow
 * it), when the cached profile says it differs; best effort, the device keeps its own choice.
 */
async function keepLanguageOnAccount(): Promise<void> {
  const { token, profile } = sessionStore.get();
  if (!token || !profile || profile.language === lang()) return;
  try {
    await setLanguage(lang());
    setProfile({ ...profile, language: lang() });
  } catch {
    // tried again on the next page load
  }
}

export function setToken(token: string | null): void {
  sessionStore.set({ ...sessionStore.get(), token });
  write("token", token);
}

function setProfile(profile: Profile | null): void {
  sessionStore.set({ ...sessionStore.get(), profile });
  write("profile", profile);
}

/** The stored profile's e-mail: the expired-session login shows whose session it was. */
export function rememberedEmail(): string | null {
  const email = read("profile")?.eMailAddress;
  return typeof email === "string" && email ? email : null;
}

/** Change Account: forget whose session expired so the login form starts blank. */
export function forgetProfile(): void {
  setProfile(null);
}

/** Loads the signed-in shopper's profile into the cache (spec §4 startup, login). */
export async function refreshProfile(): Promise<Profile> {
  const profile = await loadProfile();
  setProfile(profile);
  return profile;
}

/** Spec §4 login success, the parts before the remember-me prompt. Throws ApiFailure. */
async function signedIn(token: string): Promise<void> {
  setToken(token);
  await refreshProfile().catch(() => undefined); // the profile is a cache: the session works without it
  await restoreFavorite();
  await keepLanguageOnAccount();
  const tefap = read("tefapUniqueId");
  if (tefap) {
    // Kept on failure, so the next sign-in tries again; the shopper is told (spec §8).
    await assignTefapResponse(tefap).then(
      () => remove("tefapUniqueId"),
      () => setAppFlag("notice", t("shell.tefapAssignError")),
    );
  }
}

/** Spec §4 login: the account's favourite pantry comes back to this device (kept if the call fails). */
async function restoreFavorite(): Promise<void> {
  try {
    const favorite = await loadFavorite();
    if (favorite) write("favoritePantry", favorite);
  } catch {
    // the device's own favourite stays
  }
}

export async function login(email: string, password: string): Promise<void> {
  const token = await logIn({ Username: email.trim(), Password: password });
  await signedIn(token);
}

export interface Registration {
  firstName: string;
  lastName: string;
  eMailAddress: string;
  password: string;
  phoneNumber: string;
  postalCode: string;
  isEmailNotificationEnabled: boolean;
  isTextMessageNotificationEnabled: boolean;
  isPhoneCallNotificationEnabled: boolean;
  isEligible: boolean;
}

/**
 * Signs up and in; false when the e-mail already has an account: the server mailed its owner
 * instead, and says no more (as a password reset does).
 */
export async function register(form: Registration): Promise<boolean> {
  // The form is sent only with the box ticked (the generated rules require it); the API takes
  // nothing but `true` there.
  const token = await signUp({ ...form, isEligible: form.isEligible || null });
  if (token === null) return false;
  await signedIn(token);
  return true;
}

/**
 * Remember Me: hands the credentials to the browser's password manager where the Credential
 * Management API exists; elsewhere the browser's own save-password prompt already covered it.
 */
export async function rememberCredentials(email: string, password: string): Promise<void> {
  const Cred = (window as unknown as { PasswordCredential?: new (d: { id: string; password: string }) => Credential })
    .PasswordCredential;
  if (!Cred || !navigator.credentials) return;
  try {
    await navigator.credentials.store(new Cred({ id: email.trim(), password }));
  } catch {
    // declined or unsupported: nothing to remember
  }
}

/** After the prompt (spec §4): claims the referral codes entered while signed out. */
export async function claimStoredReferralCodes(): Promise<void> {
  const codes = read("referralCodes");
  if (!codes?.length) return;
  try {
    await claimReferralCodes(codes);
  } catch {
    // Error claiming referral codes: the codes stay stored and are claimed at the next sign-in
  }
}

/**
 * Asks the server to drop the HttpOnly session cookie, which scripts cannot touch, so pages stop
 * rendering as this shopper. Never fails: offline, the cookie simply lives until it expires.
 */
export async function dropSessionCookie(): Promise<void> {
  try {
    await logOut();
  } catch {
    // offline: nothing more to do
  }
}

/** The server refused the token (401): forget it, here and in the session cookie. */
export async function sessionRefused(): Promise<void> {
  setToken(null);
  await dropSessionCookie();
}

/**
 * Sign-out (spec §4): token, profile, TEFAP state, cart and selection go; the favourite stays. The
 * returned promise settles once the session cookie is dropped too.
 */
export function logout(): Promise<void> {
  clearAllButFavorite();
  sessionStore.set({ token: null, profile: null });
  clearCart();
  clearSelection();
  // A staff member's copy of a pantry's day (issue 50) leaves the device with them. Loaded when
  // used: no page's first load carries the door's code.
  const door = import("../lib/door/forget").then((m) => m.forgetDoor()).catch(() => undefined);
  return Promise.all([door, dropSessionCookie()]).then(() => undefined);
}

/**
 * Spec §4: the TEFAP survey was answered or dismissed, on this device or on the signed-in account.
 * Once the account's last decision has lapsed (the server says since when), only an answer or a
 * dismissal on this device since then counts (issue 49: recertification).
 */
export function tefapAnswered(): boolean {
  const profile = sessionStore.get().profile;
  const due = profile?.tefapRecertificationDueAt;
  if (due) return (read("tefapAnsweredAt") ?? 0) >= Date.parse(due);
  return read("tefapAnswered") === true || profile?.isTefapSurveyAnswered === true;
}

export function markTefapAnswered(): void {
  write("tefapAnswered", true);
  write("tefapAnsweredAt", Date.now());
}

export const useLoggedIn = () => useStore(sessionStore, (s) => s.token !== null);
export const useProfile = () => useStore(sessionStore, (s) => s.profile);
