/**
 * The hosted flow's authorization request (RFC 6749 §4.1): the platform's authorize URL the customer is
 * sent to, its PKCE pair, and the code read from the redirect back.
 */
import { createHash } from 'node:crypto';
import type { OAuthApp } from '../connections/oauth-client.js';
import { randomToken } from '../ids.js';
import type { OAuthSpec } from '../ports/platform-entry.js';

/** PKCE (RFC 7636): a 43-character verifier from 32 random bytes and its S256 challenge. */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomToken(32);
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** The authorization code of the platform's redirect back: its first code parameter present. */
export function redirectCode(spec: OAuthSpec, query: Record<string, string | undefined>): string | undefined {
  return spec.codeParams.map((name) => query[name]).find(Boolean);
}

export function authorizeUrl(
  spec: OAuthSpec,
  app: OAuthApp,
  request: {
    state: string;
    redirectUri: string;
    codeChallenge: string | null;
    loginHint?: string;
    /** The customer's name, shown by the platform's consent page where it takes one (the sandbox). */
    loginName?: string | undefined;
    /** The language of the page the customer comes from (OpenID Connect `ui_locales`). */
    uiLocales?: string;
  },
): string {
  const url = new URL(spec.authorizeUrl);
  const params: Record<string, string> = {
    response_type: 'code',
    [spec.names.clientId]: app.clientId,
    redirect_uri: request.redirectUri,
    state: request.state,
    ...spec.extraAuthorizeParams,
  };
  if (spec.scopes.length > 0) params.scope = spec.scopes.join(spec.scopeSeparator);
  if (request.codeChallenge)
    Object.assign(params, { code_challenge: request.codeChallenge, code_challenge_method: 'S256' });
  if (spec.loginHint && request.loginHint) params.login_hint = request.loginHint;
  if (spec.loginHint && request.loginName) params.login_name = request.loginName;
  if (spec.uiLocales && request.uiLocales) params.ui_locales = request.uiLocales;
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return url.href;
}
