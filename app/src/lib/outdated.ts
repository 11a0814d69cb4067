/** The same route on the new site when `hostname` is an old address of the app, else null. */
export function newSiteUrl(hostname: string, route: string, oldHosts: readonly string[], newOrigin: string): string | null {
  if (!newOrigin || oldHosts.indexOf(hostname.toLowerCase()) < 0) return null;
  return newOrigin.replace(/\/+$/, "") + (route.startsWith("/") ? route : "/" + route);
}
