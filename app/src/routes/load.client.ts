import type { RouteModule } from "../types";

/**
 * Loads a route's own chunk: esbuild expands the template into a lazy table of every
 * routes/<id>/route.tsx, which rejects an id it does not hold. The id comes from the server's
 * document; the list of ids is not shipped to phones (the server checks them, load.server.ts).
 */
export async function loadRoute(id: string): Promise<RouteModule> {
  return import(`./${id}/route.tsx`);
}
