import { Router } from 'express';
import { authorizeRoutes, type OAuthServer, readAuthorizeQuery } from '../toolkit/oauth.js';
import { rfc6749TokenRoute, type TokenRefusal } from '../toolkit/token-route.js';
import { authenticationFailed, badRequest, sendError } from './errors.js';
import { API_VERSION } from './model.js';
import { officialBody } from './official-schemas.js';

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

/** What the token endpoint's 400s say; a client that fails authentication gets the 401 of the API. */
const BAD_TOKEN_REQUESTS: Record<Exclude<TokenRefusal, 'invalid_client'>, string> = {
  invalid_grant: 'Invalid request: the code or refresh token is invalid or expired.',
  invalid_request:
    'Invalid request: grant_type and code and redirect_uri (authorization_code) or refresh_token (refresh_token) are required.',
  unsupported_grant_type: 'Invalid request: grant_type must be authorization_code or refresh_token.',
};

/** `GET/POST /oauth/` (consent) and `POST /v5/oauth/token`, with Pinterest's answer and error shapes. */
export function oauthRoutes(oauth: OAuthServer): Router {
  const router = Router();
  router.use(
    authorizeRoutes('/oauth/', oauth, 'Pinterest', {
      parse: (query) => readAuthorizeQuery(query, { separator: ',', known: SCOPES }),
      approved: (code, request) => ({ code, ...(request.state ? { state: request.state } : {}) }),
      denied: (request) => ({ error: 'access_denied', ...(request.state ? { state: request.state } : {}) }),
    }),
  );

  const refreshExpiry = new Map<string, number>();
  router.use(
    rfc6749TokenRoute(`/${API_VERSION}/oauth/token`, oauth, {
      clientAuth: 'basic',
      refusesBody: (grantType, body) =>
        (grantType === 'authorization_code' ? officialBody.tokenFromCode : officialBody.tokenFromRefresh)(
          body,
        ).length > 0,
      refusesRefresh(refreshToken) {
        const expiresAt = refreshToken ? refreshExpiry.get(refreshToken) : undefined;
        return expiresAt !== undefined && expiresAt <= Date.now() / 1000;
      },
      answer(res, tokens, grantType) {
        const refreshExpiresAt = Math.floor(Date.now() / 1000) + REFRESH_TOKEN_TTL;
        refreshExpiry.set(tokens.refresh_token!, refreshExpiresAt);
        res.json({
          access_token: tokens.access_token,
          token_type: 'bearer',
          expires_in: tokens.expires_in,
          scope: tokens.scope.join(','),
          refresh_token: tokens.refresh_token,
          refresh_token_expires_in: REFRESH_TOKEN_TTL,
          refresh_token_expires_at: refreshExpiresAt,
          response_type: grantType,
        });
      },
      error: (res, refusal) =>
        sendError(
          res,
          refusal === 'invalid_client' ? authenticationFailed() : badRequest(BAD_TOKEN_REQUESTS[refusal]),
        ),
    }),
  );
  return router;
}
