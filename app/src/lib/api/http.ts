// The envelope of every /api/v1 call: every answer is {successful, value, failureReason}; this
// unwraps it, adds the bearer token, and turns an expired session into a trip to sign-in. Only the
// typed calls of this folder use it (typed.ts; the build refuses an import from elsewhere): screens
// call the function of their API area (lib/api/<area>.ts).
import { refuseSession, sessionToken } from "./credentials";
import { ApiFailure } from "./failure";

export { ApiFailure };

interface Envelope<T> {
  successful?: boolean;
  value?: T;
  failureReason?: string | null;
  failureCode?: string | null;
  failureData?: Record<string, string | number> | null;
}

const BASE = "/api/v1";

/** Where a 401 sends the shopper: sign-in, then back to the current page (spec §4). */
export function loginUrl(returnTo: string, expired = false): string {
  const q = `returnTo=${encodeURIComponent(returnTo)}`;
  return `/account/login?${expired ? "expired=true&" : ""}${q}`;
}

function currentPath(): string {
  return typeof location === "undefined" ? "/" : location.pathname + location.search;
}

/** A request as api() sends it, and as the offline order queue keeps it (sw/outbox.ts). */
export interface ApiRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
}

/** The request api() sends: the JSON body, the caller's headers and the bearer token. */
export function apiRequest(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): ApiRequest {
  const token = sessionToken();
  const h: Record<string, string> = { Accept: "application/json", ...headers };
  if (body !== undefined) h["Content-Type"] = "application/json";
  if (token) h.Authorization = `Bearer ${token}`;
  return { url: BASE + path, method, headers: h, body: body === undefined ? undefined : JSON.stringify(body) };
}

/**
 * Calls the API and returns `value`; throws ApiFailure with the server's failureReason (or an
 * empty message: screens then show their own generic text). `headers` adds e.g. Idempotency-Key.
 */
export async function api<T>(
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const req = apiRequest(method, path, body, headers);
  const token = req.headers.Authorization;
  let res: Response;
  try {
    res = await fetch(req.url, req);
  } catch {
    throw new ApiFailure(0, ""); // network down: status 0 tells callers it was not the server
  }
  if (res.status === 401 && token) {
    // The token is no longer valid: drop it (and the cookie carrying it) and ask for a new sign-in;
    // nothing else is stored. The cookie goes first, so the login page does not render as the shopper.
    await refuseSession();
    if (!location.pathname.startsWith("/account/login")) location.assign(loginUrl(currentPath(), true));
    throw new ApiFailure(401, "");
  }
  let env: Envelope<T> | null = null;
  try {
    env = (await res.json()) as Envelope<T>;
  } catch {
    env = null;
  }
  if (!res.ok || !env || env.successful === false) {
    throw new ApiFailure(res.status, env?.failureReason ?? "", env?.value ?? null, env?.failureCode ?? null, env?.failureData ?? null);
  }
  return env.value as T;
}

// The data hook lives in useData.ts. Importing it here keeps it in the entry's chunks with api()
// (every page has them) rather than in one more shared chunk that many routes would preload.
export { useData } from "../useData";
