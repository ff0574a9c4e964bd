import type { OAuthSpec } from '../ports/platform-entry.js';
import type { Credentials } from '../store/connections.js';

/** Platforms drop grants left unused: every renewable connection is renewed at least once a day. */
export const MAX_RENEWAL_INTERVAL_SECONDS = 24 * 3600;

/**
 * When the token keeper should next renew these credentials (epoch seconds; it starts its configured
 * window before), or null when they cannot be renewed (no refresh token, no long-lived exchange: the
 * connection lives until the platform revokes it).
 */
export function renewalTime(credentials: Credentials, spec: OAuthSpec): number | null {
  const renewable = credentials.refresh_token !== null || spec.longLivedExchange !== undefined;
  if (!renewable) return null;
  const daily = credentials.obtained_at + MAX_RENEWAL_INTERVAL_SECONDS;
  return credentials.expires_at === null ? daily : Math.min(credentials.expires_at, daily);
}
