import { useEffect, useState } from "react";

/**
 * False in the server render and the first client render, true once hydrated. For controls that
 * JavaScript may hold back (a disabled button) but that must still work in the server's HTML,
 * where the browser's own form validation guards them.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
