// Business constants of spec §9 that the front end uses.

/** Zip codes are exactly this many digits. */
export const ZIP_LENGTH = 5;
/** Delay before call-to-action buttons (Get Started, Order Now) appear. */
export const CTA_DELAY_MS = 2000;
/** Offline banner hides this long after it appears (spec §4, §9); the offline flag itself stays set. */
export const OFFLINE_BANNER_MS = 5000;
/** "Checking..." shows this long after Check Again (spec §9); the check gives up at the same time. */
export const CHECKING_MS = 5000;
/** The cart counter pulses this long when the count changes to non-zero. */
export const CART_PULSE_MS = 1000;

/**
 * Hostnames the app used to be served from. Visitors there get the outdated-address banner, which
 * links to the same route on NEW_SITE_ORIGIN. Both empty: no banner anywhere.
 */
export const OUTDATED_HOSTS: readonly string[] = [];
/** Where the outdated-address banner sends people, e.g. "https://orderahead.example.org". */
export const NEW_SITE_ORIGIN = "";
