import type { RouteModule } from "../types";
import { assertRouteId } from "./ids";

declare function require(path: string): unknown;

/**
 * Server side: rendering is synchronous (renderToString inside QuickJS, no job queue), so routes are
 * bundled in and looked up synchronously; esbuild expands the template into a table of every route.
 */
export function requireRoute(id: string): RouteModule {
  assertRouteId(id);
  return require(`./${id}/route.tsx`) as RouteModule;
}
