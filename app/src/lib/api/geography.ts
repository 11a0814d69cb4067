// Counties (host/api/geography.rs).
import { request } from "./typed";

/** The counties of a ZIP code's state, its own marked `isMatch`. */
export const loadCountiesOfZip = (postalCode: string) => request("get", "/counties/postalcode/{postalCode}", { path: { postalCode } });

export const loadCountiesOfProvince = (provinceId: number) => request("get", "/provinces/{provinceId}/counties", { path: { provinceId } });
