// build.mjs defines __ROUTE_IDS__ from the folders src/routes/<id>/route.tsx, so adding a route
// is adding a folder: the client chunk, the manifest entry and the server table all follow from it.
declare const __ROUTE_IDS__: readonly string[];

export const routeIds: readonly string[] = __ROUTE_IDS__;

export function assertRouteId(id: string): void {
  if (routeIds.indexOf(id) < 0) throw new Error(`unknown route id "${id}" (known: ${routeIds.join(", ")})`);
}
