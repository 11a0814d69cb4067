import { restoreCart } from "./cart";
import { watchConnectivity } from "./connectivity";
import { restoreSelection } from "./selection";
import { restoreSession } from "./session";

let started = false;

/**
 * Spec §4 Startup, the parts that exist so far: restore the stored credentials, cart and selection,
 * follow connectivity. Runs once, after hydration, so the first client render matches the server HTML.
 */
export function startClient(): void {
  if (started) return;
  started = true;
  restoreSession();
  restoreCart();
  restoreSelection();
  watchConnectivity();
}
