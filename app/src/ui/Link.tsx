import { createContext, useContext, type AnchorHTMLAttributes, type MouseEvent } from "react";
import type { NavigateFunction } from "../lib/router";

/**
 * The router's navigate, given once by the app's root: a link reads one context instead of the
 * router's own `Link`, which runs eight hooks and resolves its path on every render. The shop
 * page has a link per product; the router's took a quarter of its server render (V8 profile).
 * Null only outside the app (a test rendering a part alone).
 */
export const NavigateContext = createContext<NavigateFunction | null>(null);

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> {
  /** An absolute path with its query (`/products/3?pantry=19`): every link of the app has one. */
  to: string;
}

/** A plain click on it (no modifier key, no other target) is handled by the router, as the router's `Link` does. */
function followed(e: MouseEvent<HTMLAnchorElement>, target: string | undefined): boolean {
  return !e.defaultPrevented && e.button === 0 && (!target || target === "_self") && !(e.metaKey || e.altKey || e.ctrlKey || e.shiftKey);
}

/** An in-app link: an `<a href>` that works before JavaScript, followed by the router once hydrated. */
export function Link(props: LinkProps) {
  const navigate = useContext(NavigateContext);
  const { to, onClick, target } = props;
  // One spread with `to` unset, not a rest pattern (JavaScriptCore's object rest is slow) nor a
  // second copy: the shop has a link per product (React leaves an undefined attribute out). The
  // server's markup carries no handler, so it makes none.
  return (
    <a
      {...props}
      // @ts-expect-error `to` is the link's own prop, not an attribute: unset, React leaves it out.
      to={undefined}
      href={to}
      onClick={
        typeof document === "undefined"
          ? undefined
          : (e) => {
              onClick?.(e);
              if (!navigate || !followed(e, target)) return;
              e.preventDefault();
              // The same address again replaces its history entry rather than adding one (as the router's Link).
              navigate(to, { replace: window.location.pathname + window.location.search === to });
            }
      }
    />
  );
}
