/** A platform API call that failed; `kind` decides what the vendor is told. */
export class PlatformError extends Error {
  constructor(
    /**
     * `invalid`: the platform refused the values (its validation message, a 400 naming `param`);
     * `forbidden`: it refused the call for want of a permission (a scope the token lacks, or a role
     * on the account): the customer reconnects when the connection lacks a scope adlink asks for, else 502;
     * `terms`: the ad account has not accepted terms the call needs (a customer list's): 409, the
     * message says where they are accepted;
     * `rejected`: any other refusal or failure (502).
     */
    readonly kind:
      | 'invalid'
      | 'terms'
      | 'forbidden'
      | 'rejected'
      | 'unauthorized'
      | 'throttled'
      | 'timeout'
      | 'unreachable',
    message: string,
    readonly retryAfterSeconds?: number,
    /** The platform's HTTP status, when it answered. */
    readonly status?: number,
    /** The platform's own error code, when its answer had one (`{"error": {"code": …}}`). */
    readonly code?: string,
    /** The unified parameter the platform's validation message is about, when it named one. */
    readonly param?: string,
  ) {
    super(message);
  }
}

/** The input was valid for adlink but breaks one of the platform's own rules (a 400 naming `param`). */
export class PlatformInputError extends Error {
  constructor(
    readonly param: string,
    message: string,
  ) {
    super(message);
  }
}
