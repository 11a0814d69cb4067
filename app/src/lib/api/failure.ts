// An API call's refusal or failure, as every caller catches it (its own module: the data hook
// and the envelope both need it, and neither may import the other).
export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** A refusal's value when the server sends one (e.g. the order-limit check's next date). */
    readonly value: unknown = null,
    /** The refusal's stable code (`failureCode`), which the catalog words as `refusal.<code>`; see refusalText. */
    readonly code: string | null = null,
    /** The values the refusal's text fills in (`failureData`), e.g. `{ limit: 5 }`. */
    readonly data: Record<string, string | number> | null = null,
  ) {
    super(message);
    this.name = "ApiFailure";
  }
}
