import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import express, { type Request, type Response, Router } from 'express';
import { consentPage } from './consent-page.js';

/**
 * The authorization-server half every emulator shares: one registered client, one-time codes bound
 * to client, redirect URI and PKCE challenge, access tokens that expire, refresh tokens, revocation.
 * Each emulator wires its own endpoints (paths, parameter names, request and answer shapes) to it.
 */

export interface OAuthOptions {
  clientId: string;
  clientSecret: string;
  /** Access token lifetime in seconds. */
  accessTokenTtl: number;
  /** Whether the token endpoint issues refresh tokens. */
  refreshTokens: boolean;
  /** Whether every refresh answers a new refresh token; the earlier ones keep working (Microsoft). */
  rotateRefreshTokens?: boolean;
}

export interface Grant {
  /** The emulated user whose ad accounts the tokens reach. */
  user: string;
  scope: string[];
}

interface Code extends Grant {
  clientId: string;
  redirectUri: string;
  challenge: string | null;
  expiresAt: number;
}

/** A grant as issued: the tokens of one consent share its id, so revoking one revokes them all. */
interface IssuedGrant extends Grant {
  id: number;
}

interface AccessToken extends IssuedGrant {
  expiresAt: number;
  refreshToken: string | null;
}

export type TokenError = 'invalid_client' | 'invalid_grant' | 'invalid_request';

export interface IssuedTokens {
  access_token: string;
  refresh_token: string | null;
  expires_in: number;
  scope: string[];
}

/** Why an access token does not work: the platforms answer these differently. */
export type AccessRefusal = 'missing' | 'unknown' | 'expired';

const CODE_TTL_MS = 10 * 60_000;
const token = (prefix: string) => `${prefix}${randomBytes(24).toString('base64url')}`;

const equal = (a: string, b: string) => {
  const [x, y] = [Buffer.from(a), Buffer.from(b)];
  return x.length === y.length && timingSafeEqual(x, y);
};

export class OAuthServer {
  private readonly codes = new Map<string, Code>();
  private readonly access = new Map<string, AccessToken>();
  private readonly refresh = new Map<string, IssuedGrant>();
  private grants = 0;
  /** The tokens issued last (code, refresh or exchange), for tests that follow them. */
  lastIssued: IssuedTokens | undefined;

  constructor(readonly options: OAuthOptions) {}

  clientMatches(clientId: string | undefined, clientSecret: string | undefined): boolean {
    return (
      clientId !== undefined &&
      clientSecret !== undefined &&
      equal(clientId, this.options.clientId) &&
      equal(clientSecret, this.options.clientSecret)
    );
  }

  issueCode(grant: Grant & { clientId: string; redirectUri: string; challenge: string | null }): string {
    const code = token('code-');
    this.codes.set(code, { ...grant, expiresAt: Date.now() + CODE_TTL_MS });
    return code;
  }

  /** Redeems a code once: the client, its secret, the redirect URI and the PKCE verifier must match. */
  redeemCode(request: {
    code: string | undefined;
    clientId: string | undefined;
    clientSecret: string | undefined;
    redirectUri: string | undefined;
    verifier: string | undefined;
  }): IssuedTokens | TokenError {
    if (!this.clientMatches(request.clientId, request.clientSecret)) return 'invalid_client';
    const code = request.code ? this.codes.get(request.code) : undefined;
    if (!code) return 'invalid_grant';
    this.codes.delete(request.code!);
    if (code.expiresAt < Date.now() || code.clientId !== request.clientId) return 'invalid_grant';
    if (request.redirectUri !== undefined && request.redirectUri !== code.redirectUri) return 'invalid_grant';
    if (code.challenge !== null) {
      const computed = request.verifier
        ? createHash('sha256').update(request.verifier).digest('base64url')
        : '';
      if (!equal(computed, code.challenge)) return 'invalid_grant';
    }
    return this.issueTokens({ id: ++this.grants, user: code.user, scope: code.scope });
  }

  /** A refresh grant; the refresh token stays valid, rotated or not. */
  refreshGrant(request: {
    refreshToken: string | undefined;
    clientId: string | undefined;
    clientSecret: string | undefined;
  }): IssuedTokens | TokenError {
    if (!this.clientMatches(request.clientId, request.clientSecret)) return 'invalid_client';
    const grant = request.refreshToken ? this.refresh.get(request.refreshToken) : undefined;
    if (!grant) return 'invalid_grant';
    return this.issueTokens(grant, request.refreshToken!);
  }

  /** A new access token for the grant an existing one has (Meta's long-lived token exchange). */
  exchange(accessToken: string, ttl: number): IssuedTokens | TokenError {
    const current = this.access.get(accessToken);
    if (!current || current.expiresAt < Date.now()) return 'invalid_grant';
    const issued = token('at-');
    this.access.set(issued, { ...current, expiresAt: Date.now() + ttl * 1000 });
    this.lastIssued = { access_token: issued, refresh_token: null, expires_in: ttl, scope: current.scope };
    return this.lastIssued;
  }

  private issueTokens(grant: IssuedGrant, existingRefresh?: string): IssuedTokens {
    const kept = this.options.rotateRefreshTokens ? undefined : existingRefresh;
    const refreshToken = this.options.refreshTokens ? (kept ?? token('rt-')) : null;
    if (refreshToken) this.refresh.set(refreshToken, grant);
    const accessToken = token('at-');
    const ttl = this.options.accessTokenTtl;
    this.access.set(accessToken, { ...grant, expiresAt: Date.now() + ttl * 1000, refreshToken });
    this.lastIssued = {
      access_token: accessToken,
      refresh_token: refreshToken,
      expires_in: ttl,
      scope: grant.scope,
    };
    return this.lastIssued;
  }

  /** The grant behind an access token, or why there is none. */
  verify(accessToken: string | undefined): Grant | AccessRefusal {
    if (!accessToken) return 'missing';
    const found = this.access.get(accessToken);
    if (!found) return 'unknown';
    if (found.expiresAt <= Date.now()) return 'expired';
    return { user: found.user, scope: found.scope };
  }

  /**
   * Revokes the whole grant of a token, access or refresh: every token of that consent stops working
   * (those of other consents keep working). False when the token is unknown (or already revoked).
   */
  revokeGrant(tokenValue: string): boolean {
    const id = (this.access.get(tokenValue) ?? this.refresh.get(tokenValue))?.id;
    if (id === undefined) return false;
    for (const [value, t] of this.access) if (t.id === id) this.access.delete(value);
    for (const [value, g] of this.refresh) if (g.id === id) this.refresh.delete(value);
    return true;
  }

  /** Test control: every access token issued so far has expired (refresh tokens still work). */
  expireAccessTokens(): void {
    for (const t of this.access.values()) t.expiresAt = 0;
  }

  /** Test control: the user revoked the app: every token, access and refresh, stops working. */
  revokeAll(): void {
    this.access.clear();
    this.refresh.clear();
  }
}

/** What an emulator's authorize endpoint reads from the query, in the platform's parameter names. */
export interface AuthorizeRequest {
  clientId: string;
  redirectUri: string;
  state: string;
  scope: string[];
  challenge: string | null;
}

/**
 * An authorize query in RFC 6749's own parameter names, without PKCE: `response_type=code`,
 * `client_id`, `redirect_uri` and scopes the platform knows (`required` among them, where it names one).
 */
export function readAuthorizeQuery(
  query: Record<string, string>,
  scopes: { separator: string | RegExp; known: ReadonlySet<string>; required?: string },
): AuthorizeRequest | string {
  if (query.response_type !== 'code') return 'response_type must be code';
  if (!query.client_id || !query.redirect_uri) return 'client_id and redirect_uri are required';
  const scope = (query.scope ?? '').split(scopes.separator).filter(Boolean);
  if (scopes.required && !scope.includes(scopes.required)) return `scope must include ${scopes.required}`;
  if (scope.length === 0) return 'scope is required';
  const unknown = scope.find((s) => !scopes.known.has(s));
  if (unknown) return `unknown scope ${unknown}`;
  return {
    clientId: query.client_id,
    redirectUri: query.redirect_uri,
    state: query.state ?? '',
    scope,
    challenge: null,
  };
}

export interface AuthorizeEndpoint {
  /** Reads the platform's authorize query; a string is the reason it is refused (a 400 page). */
  parse(query: Record<string, string>): AuthorizeRequest | string;
  /** The parameters the platform appends to the redirect on consent (code, state and its extras). */
  approved(code: string, request: AuthorizeRequest): Record<string, string>;
  /** The parameters the platform appends when the user declines. */
  denied(request: AuthorizeRequest): Record<string, string>;
  /** A fragment the platform appends to its redirect (Meta: `#_=_`). */
  fragment?: string;
}

/**
 * The authorize endpoint at `path`: GET shows a consent page for the one emulated user, its form
 * POSTs back here, and the browser is sent to the client's redirect URI.
 */
export function authorizeRoutes(
  path: string,
  oauth: OAuthServer,
  platformName: string,
  endpoint: AuthorizeEndpoint,
): Router {
  const router = Router();
  const parse = (source: Record<string, unknown>) => {
    const query = Object.fromEntries(
      Object.entries(source).filter((e): e is [string, string] => typeof e[1] === 'string'),
    );
    const request = endpoint.parse(query);
    if (typeof request === 'string') return request;
    if (request.clientId !== oauth.options.clientId) return 'unknown client id';
    return request;
  };
  const refuse = (res: Response, reason: string) =>
    res.status(400).type('text/plain').send(`${platformName} emulator: ${reason}`);

  router.get(path, (req: Request, res: Response) => {
    const request = parse(req.query as Record<string, unknown>);
    if (typeof request === 'string') return refuse(res, request);
    res.type('html').send(consentPage(platformName, path, req.query as Record<string, string>));
  });

  router.post(path, express.urlencoded({ extended: false, limit: '20kb' }), (req: Request, res: Response) => {
    const { decision, ...query } = (req.body ?? {}) as Record<string, string>;
    const request = parse(query);
    if (typeof request === 'string') return refuse(res, request);
    const params =
      decision === 'allow'
        ? endpoint.approved(
            oauth.issueCode({
              user: 'emulated-user',
              scope: request.scope,
              clientId: request.clientId,
              redirectUri: request.redirectUri,
              challenge: request.challenge,
            }),
            request,
          )
        : endpoint.denied(request);
    const target = new URL(request.redirectUri);
    for (const [name, value] of Object.entries(params)) target.searchParams.set(name, value);
    res.redirect(303, `${target.href}${endpoint.fragment ?? ''}`);
  });
  return router;
}
