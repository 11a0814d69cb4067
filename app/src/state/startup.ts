import { restoreCart } from "./cart";
import { watchConnectivity } from "./connectivity";
import { restoreSession } from "./session";

let started = false;

/**
 * Spec §4 Startup, the parts that exist so far: restore the stored credentials and cart, follow
 * connectivity. Runs once, after hydration, so the first client render matches the server HTML.
 */
export function startClient(): void {
  if (started) return;
  started = true;
  restoreSession();
  restoreCart();
  watchConnectivity();
}
