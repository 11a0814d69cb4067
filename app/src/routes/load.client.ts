import type { RouteModule } from "../types";
import { assertRouteId } from "./ids";

/** Loads a route's own chunk: esbuild expands the template into a lazy table of every routes/<id>/route.tsx. */
export async function loadRoute(id: string): Promise<RouteModule> {
  assertRouteId(id);
  return import(`./${id}/route.tsx`);
}
