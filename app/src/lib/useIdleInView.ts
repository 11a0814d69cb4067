import { useEffect, useState, type RefObject } from "react";

/** How long the browser may stay busy before the wait for it to go idle ends anyway. */
const IDLE_TIMEOUT_MS = 2000;
/** Start a little before the element scrolls into view, so it is ready when it arrives. */
const VIEW_MARGIN = "200px";

/**
 * True once the element is in (or near) the viewport and the browser has been idle since the page
 * became interactive: a heavy part (the pantry map, issue 52) then loads after what the shopper came
 * for, and never while it is off screen on a metered connection.
 */
export function useIdleInView(ref: RefObject<Element | null>): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || ready) return;
    let idle = false;
    let seen = false;
    const settle = () => {
      if (idle && seen) setReady(true);
    };
    const onIdle = () => {
      idle = true;
      settle();
    };
    const idleHandle =
      typeof requestIdleCallback === "function" ? requestIdleCallback(onIdle, { timeout: IDLE_TIMEOUT_MS }) : setTimeout(onIdle, 1);
    const observer =
      typeof IntersectionObserver === "function"
        ? new IntersectionObserver(
            (entries) => {
              if (entries.some((e) => e.isIntersecting)) {
                seen = true;
                settle();
              }
            },
            { rootMargin: VIEW_MARGIN },
          )
        : null;
    if (observer) observer.observe(el);
    else seen = true;
    return () => {
      observer?.disconnect();
      if (typeof cancelIdleCallback === "function" && typeof requestIdleCallback === "function") cancelIdleCallback(idleHandle as number);
      else clearTimeout(idleHandle as ReturnType<typeof setTimeout>);
    };
  }, [ref, ready]);
  return ready;
}
