// What screens take from the API's plumbing: the failure every call throws and where a 401 sends
// the shopper. The calls themselves are one typed function each, in the module of their API area
// (account.ts, orders.ts, referrals.ts, ...), named after the host's handler modules (host/api/).
export { ApiFailure, loginUrl, type ApiRequest } from "./http";
