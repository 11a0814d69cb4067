import { useEffect, useState } from "react";

/** False until `ms` after mount. Server HTML and the hydration pass both see false, so markup matches. */
export function useDelay(ms: number): boolean {
  const [done, setDone] = useState(false);
  useEffect(() => {
    const id = setTimeout(() => setDone(true), ms);
    return () => clearTimeout(id);
  }, [ms]);
  return done;
}
