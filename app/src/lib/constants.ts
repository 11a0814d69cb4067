// Business constants of spec §9 that the front end uses.
/** Delay before call-to-action buttons (Get Started, Order Now) appear. */
export const CTA_DELAY_MS = 2000;
/** The shop offers the TEFAP sign-up this long after it opens (spec §9 "sign-up offer delay"). */
export const SIGN_UP_OFFER_DELAY_MS = 2000;
/** Offline banner hides this long after it appears (spec §4, §9); the offline flag itself stays set. */
export const OFFLINE_BANNER_MS = 5000;
/** "Checking..." shows this long after Check Again (spec §9); the check gives up at the same time. */
export const CHECKING_MS = 5000;
/** The cart counter pulses this long when the count changes to non-zero. */
export const CART_PULSE_MS = 1000;

/** Pantry map (spec §9): below this zoom moves do not reload pantries ("Zoom in to load pantries"). */
export const MAP_LOAD_MIN_ZOOM = 11;
export const MAP_INITIAL_ZOOM = 12;
/** Fitting the map to the pantries never zooms in closer than this. */
export const MAP_MAX_FIT_ZOOM = 16;
/** The first view shows a circle of this fraction of the search radius around the searched point. */
export const MAP_VIEWPORT_RADIUS_FRACTION = 0.6;
/** Map moves are acted on once they have stopped for this long. */
export const MAP_MOVE_DEBOUNCE_MS = 1000;
/** Moves within this long of the map loading or being re-centred are the app's own, not the shopper's. */
export const MAP_LOADED_DELAY_MS = 200;
