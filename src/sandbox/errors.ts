import type { MessageKey } from '../locales/en.js';

/** An ads API refusal, sent as `{"error":{"code","message","param"?}}`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly param?: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unsupported_grant_type'
  | 'invalid_scope';

/** A token or revocation endpoint refusal (RFC 6749 §5.2). */
export class OAuthError extends Error {
  constructor(
    readonly error: OAuthErrorCode,
    readonly description: string,
  ) {
    super(description);
  }
}

/** An authorization request refused on a page: never redirected, the redirect URI is not trusted. */
export class PageError extends Error {
  constructor(readonly messageKey: MessageKey) {
    super(messageKey);
  }
}

/** An authorization request refused back to the client at its registered redirect URI (RFC 6749 §4.1.2.1). */
export class AuthorizationError extends Error {
  constructor(
    readonly error: 'invalid_request' | 'unsupported_response_type' | 'invalid_scope',
    readonly description: string,
    readonly redirectUri: string,
    readonly state: string | undefined,
  ) {
    super(description);
  }
}

/** The body error (see errors.ts, bodyErrorType), including a body whose Content-Encoding does not decompress. */
export { bodyErrorType as bodyParserError } from '../errors.js';
