import express, { type Request, type Response, Router } from 'express';
import { authorizeRoutes, type IssuedTokens, type OAuthServer, type TokenError } from '../toolkit/oauth.js';
import { authenticationFailed, badRequest, sendError } from './errors.js';
import { API_VERSION } from './model.js';

/**
 * Continuous refresh tokens: 60 days, renewed by every refresh (the token endpoint's description;
 * apps created from 25 September 2025 get them, older ones ask with `continuous_refresh=true`).
 */
export const REFRESH_TOKEN_TTL = 60 * 24 * 3600;
const SCOPES = new Set([
  'ads:read',
  'ads:write',
  'billing:read',
  'billing:write',
  'biz_access:read',
  'biz_access:write',
  'boards:read',
  'boards:read_secret',
  'boards:write',
  'boards:write_secret',
  'catalogs:read',
  'catalogs:write',
  'pins:read',
  'pins:read_secret',
  'pins:write',
  'pins:write_secret',
  'user_accounts:read',
  'user_accounts:write',
]);

/** HTTP Basic client credentials (RFC 6749 §2.3.1: each part form-encoded). */
function basicClient(req: Request): { clientId: string | undefined; clientSecret: string | undefined } {
  const none = { clientId: undefined, clientSecret: undefined };
  const encoded = /^Basic (\S+)$/i.exec(req.get('authorization') ?? '')?.[1];
  if (!encoded) return none;
  const pair = Buffer.from(encoded, 'base64').toString();
  const colon = pair.indexOf(':');
  if (colon < 0) return none;
  try {
    return {
      clientId: decodeURIComponent(pair.slice(0, colon)),
      clientSecret: decodeURIComponent(pair.slice(colon + 1)),
    };
  } catch {
    return none;
  }
}

/** `GET/POST /oauth/` (consent) and `POST /v5/oauth/token`, with Pinterest's answer and error shapes. */
export function oauthRoutes(oauth: OAuthServer): Router {
  const router = Router();
  router.use(
    authorizeRoutes('/oauth/', oauth, 'Pinterest', {
      parse(query) {
        if (query.response_type !== 'code') return 'response_type must be code';
        if (!query.client_id || !query.redirect_uri) return 'client_id and redirect_uri are required';
        const scope = (query.scope ?? '').split(',').filter(Boolean);
        if (scope.length === 0) return 'scope is required';
        const unknown = scope.find((s) => !SCOPES.has(s));
        if (unknown) return `unknown scope ${unknown}`;
        return {
          clientId: query.client_id,
          redirectUri: query.redirect_uri,
          state: query.state ?? '',
          scope,
          challenge: null,
        };
      },
      approved: (code, request) => ({ code, ...(request.state ? { state: request.state } : {}) }),
      denied: (request) => ({ error: 'access_denied', ...(request.state ? { state: request.state } : {}) }),
    }),
  );

  const refreshExpiry = new Map<string, number>();
  const answer = (res: Response, issued: IssuedTokens | TokenError, responseType: string) => {
    if (issued === 'invalid_client') return sendError(res, authenticationFailed());
    if (typeof issued === 'string') {
      return sendError(res, badRequest('Invalid request: the code or refresh token is invalid or expired.'));
    }
    const now = Math.floor(Date.now() / 1000);
    const refreshExpiresAt = now + REFRESH_TOKEN_TTL;
    refreshExpiry.set(issued.refresh_token!, refreshExpiresAt);
    res.set('Cache-Control', 'no-store').json({
      access_token: issued.access_token,
      token_type: 'bearer',
      expires_in: issued.expires_in,
      scope: issued.scope.join(','),
      refresh_token: issued.refresh_token,
      refresh_token_expires_in: REFRESH_TOKEN_TTL,
      refresh_token_expires_at: refreshExpiresAt,
      response_type: responseType,
    });
  };

  router.post(
    `/${API_VERSION}/oauth/token`,
    express.urlencoded({ extended: false, limit: '10kb' }),
    (req, res) => {
      const body = (req.body ?? {}) as Record<string, string | undefined>;
      const client = basicClient(req);
      if (body.grant_type === 'authorization_code') {
        if (!body.code || !body.redirect_uri) {
          return sendError(res, badRequest('Invalid request: code and redirect_uri are required.'));
        }
        const issued = oauth.redeemCode({
          ...client,
          code: body.code,
          redirectUri: body.redirect_uri,
          verifier: undefined,
        });
        return answer(res, issued, 'authorization_code');
      }
      if (body.grant_type === 'refresh_token') {
        const expiresAt = body.refresh_token ? refreshExpiry.get(body.refresh_token) : undefined;
        if (expiresAt !== undefined && expiresAt <= Date.now() / 1000) {
          return answer(res, 'invalid_grant', 'refresh_token');
        }
        return answer(
          res,
          oauth.refreshGrant({ ...client, refreshToken: body.refresh_token }),
          'refresh_token',
        );
      }
      sendError(res, badRequest('Invalid request: grant_type must be authorization_code or refresh_token.'));
    },
  );
  return router;
}
