import express, { Router } from 'express';
import { authorizeRoutes, type OAuthServer, readAuthorizeQuery } from '../toolkit/oauth.js';
import { jsonTokenErrors, rfc6749TokenRoute } from '../toolkit/token-route.js';

/** Refresh tokens (Marketing Developer Platform partners only) live 365 days from the grant, not sliding. */
export const REFRESH_TOKEN_TTL = 365 * 24 * 3600;
const SCOPES = new Set([
  'r_ads',
  'rw_ads',
  'r_ads_reporting',
  'r_organization_social',
  'openid',
  'profile',
  'email',
]);

/** `/oauth/v2/authorization` and `/oauth/v2/accessToken`, with LinkedIn's parameters and error shape. */
export function oauthRoutes(oauth: OAuthServer): Router {
  const router = Router();
  router.use(
    authorizeRoutes('/oauth/v2/authorization', oauth, 'LinkedIn', {
      // LinkedIn's docs separate scopes with spaces, its official client with commas: both work.
      parse: (query) => readAuthorizeQuery(query, { separator: /[\s,]+/, known: SCOPES }),
      approved: (code, request) => ({ code, ...(request.state ? { state: request.state } : {}) }),
      denied: (request) => ({
        error: 'user_cancelled_authorize',
        error_description: 'The user cancelled the authorization',
        ...(request.state ? { state: request.state } : {}),
      }),
    }),
  );

  const grantedAt = new Map<string, number>();
  const mismatch =
    'Unable to retrieve access token: appid/redirect uri/code verifier does not match authorization code. Or authorization code expired.';
  router.use(
    rfc6749TokenRoute('/oauth/v2/accessToken', oauth, {
      clientAuth: 'body',
      // Required on the code exchange by LinkedIn's "Authorization Code Flow" page (step 3).
      required: ['code', 'redirect_uri'],
      answer(res, tokens) {
        const refresh = tokens.refresh_token;
        if (refresh && !grantedAt.has(refresh)) grantedAt.set(refresh, Date.now());
        const refreshLeft = refresh
          ? REFRESH_TOKEN_TTL - Math.floor((Date.now() - grantedAt.get(refresh)!) / 1000)
          : 0;
        res.json({
          access_token: tokens.access_token,
          expires_in: tokens.expires_in,
          ...(refresh ? { refresh_token: refresh, refresh_token_expires_in: refreshLeft } : {}),
          scope: tokens.scope.join(','),
        });
      },
      // LinkedIn calls every bad code or refresh token invalid_request.
      error: jsonTokenErrors({
        invalid_client: { status: 401, description: 'Client authentication failed' },
        invalid_grant: { status: 400, error: 'invalid_request', description: mismatch },
        invalid_request: { status: 400, description: mismatch },
        unsupported_grant_type: {
          status: 400,
          description: 'grant_type must be authorization_code or refresh_token',
        },
      }),
    }),
  );

  // Token revocation: a form of `client_id`, `client_secret` and the access `token`; the member's
  // authorization of the app ends (its refresh token with it). An unknown token is no error (RFC 7009).
  router.post('/oauth/v2/revoke', express.urlencoded({ extended: false, limit: '20kb' }), (req, res) => {
    const body = (req.body ?? {}) as Record<string, string | undefined>;
    if (!oauth.clientMatches(body.client_id, body.client_secret)) {
      return res
        .status(401)
        .json({ error: 'invalid_client', error_description: 'Client authentication failed' });
    }
    if (!body.token) {
      return res.status(400).json({ error: 'invalid_request', error_description: 'token is required' });
    }
    oauth.revokeGrant(body.token);
    res.status(200).end();
  });
  return router;
}
