import { authenticateClient } from '../connections/oauth-client.js';
import type { PlatformId } from '../domain/platform-ids.js';
import { appSecretProof } from '../platforms/meta/app-secret-proof.js';
import { platformFetch } from '../platforms/platform-fetch.js';
import type { PlatformApp } from '../ports/platform-call.js';
import type { OAuthSpec, RevocationSpec } from '../ports/platform-entry.js';
import { PlatformError } from '../ports/platform-error.js';
import type { Platforms } from '../ports/platforms.js';

/** Why a grant was not revoked at the platform: what `connection.revoked` and the attempt log say. */
export const REVOCATION_FAILURES = [
  'not_supported',
  'credentials_unavailable',
  'platform_error',
  'timeout',
  'unreachable',
] as const;
export type RevocationFailure = (typeof REVOCATION_FAILURES)[number];

export type RevocationOutcome =
  | { platform_revoked: true }
  | { platform_revoked: false; reason: RevocationFailure };

export const notRevoked = (reason: RevocationFailure): RevocationOutcome => ({
  platform_revoked: false,
  reason,
});

export interface GrantTokens {
  access_token: string;
  refresh_token: string | null;
}

/** The revocation call in the platform's style (see RevocationSpec); the token is never in the URL's path. */
function revocationRequest(oauth: OAuthSpec, spec: RevocationSpec, app: PlatformApp, tokens: GrantTokens) {
  const useRefresh = spec.token === 'refresh' && tokens.refresh_token !== null;
  const token = useRefresh ? tokens.refresh_token! : tokens.access_token;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (spec.request === 'bearer') {
    const url = new URL(spec.url);
    if (spec.appSecretProof) url.searchParams.set('appsecret_proof', appSecretProof(token, app.clientSecret));
    headers.Authorization = `Bearer ${token}`;
    return { url: url.href, init: { method: spec.method, headers } };
  }
  const params: Record<string, string> = { [spec.tokenParam ?? 'token']: token };
  if (spec.typeHint) params.token_type_hint = useRefresh ? 'refresh_token' : 'access_token';
  if (spec.clientAuth) authenticateClient(oauth, app, params, headers);
  const body = spec.request === 'json' ? JSON.stringify(params) : new URLSearchParams(params).toString();
  headers['Content-Type'] =
    spec.request === 'json' ? 'application/json' : 'application/x-www-form-urlencoded';
  return { url: spec.url, init: { method: spec.method, headers, body } };
}

/**
 * Revokes a grant at the platform, where it documents a way: one attempt, within the platform timeout,
 * reported like adapter calls (path only, never a token). Never throws: the outcome says what happened.
 */
export async function revokeGrant(
  platforms: Platforms,
  platform: PlatformId,
  app: PlatformApp,
  tokens: GrantTokens,
): Promise<RevocationOutcome> {
  const { oauth } = platforms.entry(platform);
  if (!oauth.revocation) return notRevoked('not_supported');
  const { url, init } = revocationRequest(oauth, oauth.revocation, app, tokens);
  try {
    await platformFetch(url, init, {
      ...platforms.callOptions(platform, 'revokeGrant'),
      throttleRetries: 0,
      // An envelope platform (TikTok) refuses with HTTP 200 and a non-zero `code`.
      classify: ({ body }) =>
        oauth.tokenEnvelope === 'data' && (body as { code?: unknown } | undefined)?.code !== 0
          ? new PlatformError('rejected', 'the platform refused the revocation')
          : undefined,
    });
    return { platform_revoked: true };
  } catch (err) {
    const kind = err instanceof PlatformError ? err.kind : undefined;
    return notRevoked(kind === 'timeout' || kind === 'unreachable' ? kind : 'platform_error');
  }
}
