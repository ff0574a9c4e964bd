/**
 * The generic OAuth client's token endpoint, each platform's style read from its catalog entry: the
 * code exchange, refreshes, Meta's long-lived exchange, and the client authentication revocations use.
 */
import type { OAuthSpec } from '../ports/platform-entry.js';

export interface OAuthApp {
  clientId: string;
  clientSecret: string;
}

export interface TokenSet {
  access_token: string;
  refresh_token: string | null;
  expires_in: number | null;
  scope: string[] | null;
}

/** The platform refused (its `error`), could not be reached, or answered something we cannot read. */
export class OAuthError extends Error {
  constructor(
    readonly kind: 'rejected' | 'unreachable' | 'malformed',
    readonly error: string,
    description?: string,
  ) {
    super(description ? `${error}: ${description}` : error);
  }
}

const TIMEOUT_MS = 10_000;

/** client_secret_basic (RFC 6749 §2.3.1: each part form-encoded) or client_secret_post. */
export function authenticateClient(
  spec: OAuthSpec,
  app: OAuthApp,
  params: Record<string, string>,
  headers: Record<string, string>,
): void {
  if (spec.clientAuth === 'basic') {
    const pair = `${encodeURIComponent(app.clientId)}:${encodeURIComponent(app.clientSecret)}`;
    headers.Authorization = `Basic ${Buffer.from(pair).toString('base64')}`;
  } else {
    params[spec.names.clientId] = app.clientId;
    params[spec.names.clientSecret] = app.clientSecret;
  }
}

/** Calls the token endpoint in the platform's style: form POST, JSON POST or GET with a query. */
async function tokenRequest(
  spec: OAuthSpec,
  app: OAuthApp,
  grant: Record<string, string>,
): Promise<TokenSet> {
  const params: Record<string, string> = { ...grant };
  const headers: Record<string, string> = { Accept: 'application/json' };
  authenticateClient(spec, app, params, headers);
  let url = spec.tokenUrl;
  const init: RequestInit = {
    method: 'POST',
    headers,
    signal: AbortSignal.timeout(TIMEOUT_MS),
    redirect: 'error',
  };
  if (spec.tokenRequest === 'query') {
    const withQuery = new URL(url);
    for (const [k, v] of Object.entries(params)) withQuery.searchParams.set(k, v);
    url = withQuery.href;
    init.method = 'GET';
  } else if (spec.tokenRequest === 'json') {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(params);
  } else {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    init.body = new URLSearchParams(params).toString();
  }

  let response: Response;
  let body: unknown;
  try {
    response = await fetch(url, init);
    body = await response.json().catch(() => undefined);
  } catch (err) {
    throw new OAuthError(
      'unreachable',
      'token_endpoint_unreachable',
      err instanceof Error ? err.message : undefined,
    );
  }
  return readTokenResponse(spec, response.status, body);
}

function readTokenResponse(spec: OAuthSpec, status: number, body: unknown): TokenSet {
  if (typeof body !== 'object' || body === null) {
    throw new OAuthError('malformed', 'invalid_token_response', `HTTP ${status} without a JSON body`);
  }
  let fields = body as Record<string, unknown>;
  if (spec.tokenEnvelope === 'data') {
    if (fields.code !== 0)
      throw new OAuthError('rejected', String(fields.code), String(fields.message ?? ''));
    fields = (fields.data ?? {}) as Record<string, unknown>;
  }
  if (status >= 400 || typeof fields.error === 'string' || typeof fields.error === 'object') {
    const error = typeof fields.error === 'string' ? fields.error : `http_${status}`;
    throw new OAuthError(
      'rejected',
      error,
      typeof fields.error_description === 'string' ? fields.error_description : undefined,
    );
  }
  if (typeof fields.access_token !== 'string' || fields.access_token === '') {
    throw new OAuthError('malformed', 'invalid_token_response', 'no access_token');
  }
  const expiresIn = Number(fields.expires_in);
  return {
    access_token: fields.access_token,
    refresh_token: typeof fields.refresh_token === 'string' ? fields.refresh_token : null,
    expires_in: Number.isFinite(expiresIn) && expiresIn > 0 ? expiresIn : null,
    scope: typeof fields.scope === 'string' ? fields.scope.split(/[ ,]+/).filter(Boolean) : null,
  };
}

/** `scope` for a token request, where the platform wants it there as on the authorize URL. */
const tokenScope = (spec: OAuthSpec): Record<string, string> =>
  spec.scopeOnTokenRequests ? { scope: spec.scopes.join(spec.scopeSeparator) } : {};

/** The code exchange, followed by the long-lived token exchange where the platform has one. */
export async function exchangeCode(
  spec: OAuthSpec,
  app: OAuthApp,
  request: { code: string; redirectUri: string; codeVerifier: string | null },
): Promise<TokenSet> {
  const grant = spec.codeOnlyExchange
    ? { [spec.names.code]: request.code }
    : {
        grant_type: 'authorization_code',
        [spec.names.code]: request.code,
        redirect_uri: request.redirectUri,
        ...(request.codeVerifier ? { code_verifier: request.codeVerifier } : {}),
        ...tokenScope(spec),
      };
  const tokens = await tokenRequest(spec, app, { ...spec.extraTokenParams, ...grant });
  if (!spec.longLivedExchange) return tokens;
  const exchanged = await exchangeLongLived(spec, app, tokens.access_token);
  return { ...exchanged, scope: exchanged.scope ?? tokens.scope };
}

/** Trades a still-valid access token for a long-lived one (Meta's `fb_exchange_token`). */
export function exchangeLongLived(spec: OAuthSpec, app: OAuthApp, accessToken: string): Promise<TokenSet> {
  const grant = spec.longLivedExchange!;
  return tokenRequest(spec, app, { grant_type: grant.grantType, [grant.tokenParam]: accessToken });
}

export function refreshTokens(spec: OAuthSpec, app: OAuthApp, refreshToken: string): Promise<TokenSet> {
  return tokenRequest(spec, app, {
    grant_type: 'refresh_token',
    refresh_token: refreshToken,
    ...tokenScope(spec),
  });
}
