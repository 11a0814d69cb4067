// The app's router: where the page is, and moving it. The app loads its pages itself (each route's
// payload and chunk, shell/page-data.tsx), so all it needs of a router is the location, navigate
// (push, replace, back) and the browser's back and forward. React Router did the same in 13 KB gzip
// on every page's first load; this does it in well under one (issue 52).
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from "react";

export interface Location {
  pathname: string;
  search: string;
  hash: string;
  /** Tells two visits of the same address apart (a new entry each push). */
  key: string;
}

export interface NavigateOptions {
  /** Replace the current history entry rather than add one. */
  replace?: boolean;
}

export interface NavigateFunction {
  (to: string, options?: NavigateOptions): void;
  /** Moves through history: -1 is Back. */
  (delta: number): void;
}

const LocationContext = createContext<Location | null>(null);
const NavigateContext = createContext<NavigateFunction | null>(null);

function locationOf(href: string, key: string): Location {
  const url = new URL(href, "http://localhost");
  return { pathname: url.pathname, search: url.search, hash: url.hash, key };
}

/** The page's location; every component under a router has one. */
export function useLocation(): Location {
  const location = useContext(LocationContext);
  if (!location) throw new Error("useLocation outside a router");
  return location;
}

/** The same function for the router's whole life. */
export function useNavigate(): NavigateFunction {
  const navigate = useContext(NavigateContext);
  if (!navigate) throw new Error("useNavigate outside a router");
  return navigate;
}

/** The server's router: the requested address, which nothing rendered there can move. */
export function StaticRouter({ location, children }: { location: string; children: ReactNode }) {
  const value = useMemo(() => locationOf(location, "default"), [location]);
  return (
    <NavigateContext.Provider value={refuseOnServer}>
      <LocationContext.Provider value={value}>{children}</LocationContext.Provider>
    </NavigateContext.Provider>
  );
}

function refuseOnServer(): void {
  throw new Error("navigate is for the browser: the server renders one address");
}

/** A history entry's key, kept in its state so Back and Forward find it again. */
const keyOf = (state: unknown): string =>
  state && typeof state === "object" && typeof (state as { key?: unknown }).key === "string" ? (state as { key: string }).key : "default";

let keys = 0;
const newKey = () => `${Date.now().toString(36)}-${(keys++).toString(36)}`;

/** The browser's router: the address bar, pushState and popstate. */
export function BrowserRouter({ children }: { children: ReactNode }) {
  const [location, setLocation] = useState(() => locationOf(window.location.href, keyOf(window.history.state)));
  useEffect(() => {
    const follow = () => setLocation(locationOf(window.location.href, keyOf(window.history.state)));
    window.addEventListener("popstate", follow);
    return () => window.removeEventListener("popstate", follow);
  }, []);
  const navigate = useMemo<NavigateFunction>(
    () =>
      ((to: string | number, options?: NavigateOptions) => {
        if (typeof to === "number") {
          window.history.go(to);
          return;
        }
        const key = newKey();
        // Other state a page keeps in its entry (replaceState elsewhere) stays with it.
        const state = { ...(window.history.state ?? {}), key };
        if (options?.replace) window.history.replaceState(state, "", to);
        else window.history.pushState({ key }, "", to);
        setLocation(locationOf(window.location.href, key));
      }) as NavigateFunction,
    [],
  );
  return (
    <NavigateContext.Provider value={navigate}>
      <LocationContext.Provider value={location}>{children}</LocationContext.Provider>
    </NavigateContext.Provider>
  );
}
