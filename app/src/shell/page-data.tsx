import { createContext, useContext, useEffect, useLayoutEffect, useRef, useState } from "react";
import { useLocation } from "../lib/router";
import { takePayloadTexts } from "../i18n/t";
import type { ClientConfig, LoadRoute, Meta, Page, Payload } from "../types";

const ConfigContext = createContext<ClientConfig>({ tileUrl: "", oldHosts: [], newOrigin: "", tefapTesting: false });

export const ConfigProvider = ConfigContext.Provider;

/** Host-provided settings (map tiles, ...), the same on server and client. */
export function useConfig(): ClientConfig {
  return useContext(ConfigContext);
}

export function locationKey(loc: { pathname: string; search: string }): string {
  return loc.pathname + loc.search;
}

/** The host's payload for a path+query, as GET /_data answers it; throws unless it is a payload. */
export async function fetchPayload(key: string, signal?: AbortSignal): Promise<Payload> {
  const res = await fetch(`/_data?url=${encodeURIComponent(key)}`, {
    headers: { accept: "application/json" },
    credentials: "same-origin",
    signal,
  });
  // A 404 page is still a page: only a body that is not a payload counts as failure.
  if (!(res.headers.get("content-type") || "").includes("json")) throw new Error(`/_data answered ${res.status}`);
  const payload = (await res.json()) as Payload;
  takePayloadTexts(payload);
  return payload;
}

async function fetchPage(key: string, loadRoute: LoadRoute, signal: AbortSignal): Promise<Page> {
  const payload = await fetchPayload(key, signal);
  const mod = await loadRoute(payload.route);
  return { payload, mod, key };
}

function applyMeta({ title, description }: Meta): void {
  document.title = title;
  document.querySelector('meta[name="description"]')?.setAttribute("content", description);
}

/**
 * Holds the page on screen and follows the router: when the location moves to a path+query other
 * than the shown one, fetches its payload and route chunk, and swaps both in one update so the
 * previous page stays visible (and interactive) meanwhile. `pending` is true during that wait.
 */
export function usePageNavigation(initial: Page, loadRoute: LoadRoute): { page: Page; pending: boolean } {
  const location = useLocation();
  const key = locationKey(location);
  const [page, setPage] = useState(initial);
  const first = useRef(true);

  useEffect(() => {
    if (key === page.key) return;
    const ctrl = new AbortController();
    fetchPage(key, loadRoute, ctrl.signal).then(
      (next) => {
        if (!ctrl.signal.aborted) setPage(next);
      },
      () => {
        // Offline or a broken response: let the server answer a full page load instead.
        if (!ctrl.signal.aborted) window.location.assign(key);
      },
    );
    return () => ctrl.abort();
  }, [key, page.key, loadRoute]);

  useLayoutEffect(() => {
    // After SSR the head already matches; without SSR (ssr:false) the host had no meta to give.
    applyMeta(page.mod.meta(page.payload.data));
    if (first.current) {
      first.current = false;
      return;
    }
    window.scrollTo(0, 0);
    // Move focus to the new content so keyboard and screen-reader users start at the new page.
    document.getElementById("main")?.focus({ preventScroll: true });
  }, [page]);

  return { page, pending: key !== page.key };
}
