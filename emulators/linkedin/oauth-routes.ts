import express, { type Response, Router } from 'express';
import { authorizeRoutes, type IssuedTokens, type OAuthServer, type TokenError } from '../toolkit/oauth.js';

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
      parse(query) {
        if (query.response_type !== 'code') return 'response_type must be code';
        if (!query.client_id || !query.redirect_uri) return 'client_id and redirect_uri are required';
        // LinkedIn's docs separate scopes with spaces, its official client with commas: both work.
        const scope = (query.scope ?? '').split(/[\s,]+/).filter(Boolean);
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
      denied: (request) => ({
        error: 'user_cancelled_authorize',
        error_description: 'The user cancelled the authorization',
        ...(request.state ? { state: request.state } : {}),
      }),
    }),
  );

  const grantedAt = new Map<string, number>();
  const answer = (res: Response, issued: IssuedTokens | TokenError) => {
    if (issued === 'invalid_client') {
      return res
        .status(401)
        .json({ error: 'invalid_client', error_description: 'Client authentication failed' });
    }
    if (typeof issued === 'string') {
      return res.status(400).json({
        error: 'invalid_request',
        error_description:
          'Unable to retrieve access token: appid/redirect uri/code verifier does not match authorization code. Or authorization code expired.',
      });
    }
    const refresh = issued.refresh_token;
    if (refresh && !grantedAt.has(refresh)) grantedAt.set(refresh, Date.now());
    const refreshLeft = refresh
      ? REFRESH_TOKEN_TTL - Math.floor((Date.now() - grantedAt.get(refresh)!) / 1000)
      : 0;
    res.set('Cache-Control', 'no-store').json({
      access_token: issued.access_token,
      expires_in: issued.expires_in,
      ...(refresh ? { refresh_token: refresh, refresh_token_expires_in: refreshLeft } : {}),
      scope: issued.scope.join(','),
    });
  };

  router.post('/oauth/v2/accessToken', express.urlencoded({ extended: false, limit: '10kb' }), (req, res) => {
    const body = (req.body ?? {}) as Record<string, string | undefined>;
    const client = { clientId: body.client_id, clientSecret: body.client_secret };
    if (body.grant_type === 'authorization_code') {
      return answer(
        res,
        oauth.redeemCode({ ...client, code: body.code, redirectUri: body.redirect_uri, verifier: undefined }),
      );
    }
    if (body.grant_type === 'refresh_token') {
      return answer(res, oauth.refreshGrant({ ...client, refreshToken: body.refresh_token }));
    }
    res.status(400).json({
      error: 'unsupported_grant_type',
      error_description: 'grant_type must be authorization_code or refresh_token',
    });
  });
  return router;
}
