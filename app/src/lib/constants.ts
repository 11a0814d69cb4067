// Business constants of spec §9 that the front end uses.

/** Zip codes are exactly this many digits. */
export const ZIP_LENGTH = 5;
/** Delay before call-to-action buttons (Get Started, Order Now) appear. */
export const CTA_DELAY_MS = 2000;
