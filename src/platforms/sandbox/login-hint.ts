import { createHmac } from 'node:crypto';

/** The OAuth client that signs a hint, as the sandbox has it registered. */
export interface HintClient {
  id: string;
  secret: string;
}

/** A signed hint's MAC: base64url HMAC-SHA256, keyed with the client's secret. */
export const loginHintMac = (client: HintClient, subject: string, challenge: string): string =>
  createHmac('sha256', client.secret).update(`${client.id}\n${subject}\n${challenge}`).digest('base64url');

/**
 * A `login_hint` the client vouches for: `signed:<subject>.<mac>`, the MAC keyed with the client's
 * secret over the client, the subject and this request's PKCE challenge. A browser can neither forge
 * one nor move one to another authorization request (whose code would need another verifier). The
 * sandbox verifies it (src/sandbox/oauth/login-hint.ts).
 */
export function signedLoginHint(client: HintClient, subject: string, challenge: string) {
  return `signed:${subject}.${loginHintMac(client, subject, challenge)}`;
}
