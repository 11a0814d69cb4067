// Apart from constants.ts: deriving it reads the generated form rules, which the shell (through
// constants.ts) would otherwise load on every page.
import { addressRules } from "./api/form-rules.gen";

/** Zip codes are exactly this many digits (the host's rule, documented as the zip fields' maxLength). */
export const ZIP_LENGTH: number = addressRules.postalCode.maxLength;
