import express, { type Response, Router } from 'express';
import { authorizeRoutes, type IssuedTokens, type OAuthServer, type TokenError } from '../toolkit/oauth.js';

/** The Marketing API's scope; the others Snap lists (Conversions, Profile) are accepted and kept. */
export const MARKETING_SCOPE = 'snapchat-marketing-api';
const SCOPES = new Set([MARKETING_SCOPE, 'snapchat-offline-conversions-api', 'snapchat-profile-api']);

const TOKEN_ERRORS: Record<TokenError, [number, string]> = {
  invalid_client: [401, 'Client authentication failed'],
  invalid_grant: [400, 'Invalid authorization code or refresh token'],
  invalid_request: [400, 'grant_type must be authorization_code or refresh_token'],
};

/**
 * Snap's authorization server at accounts.snapchat.com: `/login/oauth2/authorize` (consent, then the
 * redirect with `code` and `state`) and `/login/oauth2/access_token` (form POST with the client
 * credentials in the body; code exchange and refresh, the refresh token kept).
 */
export function oauthRoutes(oauth: OAuthServer): Router {
  const router = Router();
  router.use(
    authorizeRoutes('/login/oauth2/authorize', oauth, 'Snapchat', {
      parse(query) {
        if (query.response_type !== 'code') return 'response_type must be code';
        if (!query.client_id || !query.redirect_uri) return 'client_id and redirect_uri are required';
        const scope = (query.scope ?? '').split(' ').filter(Boolean);
        if (!scope.includes(MARKETING_SCOPE)) return `scope must include ${MARKETING_SCOPE}`;
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
      approved: (code, request) => ({ code, state: request.state }),
      denied: (request) => ({ error: 'access_denied', state: request.state }),
    }),
  );

  const answer = (res: Response, issued: IssuedTokens | TokenError) => {
    if (typeof issued === 'string') {
      const [status, description] = TOKEN_ERRORS[issued];
      return res.status(status).json({ error: issued, error_description: description });
    }
    res.set('Cache-Control', 'no-store').json({
      access_token: issued.access_token,
      token_type: 'Bearer',
      expires_in: issued.expires_in,
      refresh_token: issued.refresh_token,
      scope: issued.scope.join(' '),
    });
  };

  router.post(
    '/login/oauth2/access_token',
    express.urlencoded({ extended: false, limit: '10kb' }),
    (req, res) => {
      const body = (req.body ?? {}) as Record<string, string | undefined>;
      const client = { clientId: body.client_id, clientSecret: body.client_secret };
      if (body.grant_type === 'authorization_code') {
        return answer(
          res,
          oauth.redeemCode({
            ...client,
            code: body.code,
            redirectUri: body.redirect_uri,
            verifier: undefined,
          }),
        );
      }
      if (body.grant_type === 'refresh_token') {
        return answer(res, oauth.refreshGrant({ ...client, refreshToken: body.refresh_token }));
      }
      answer(res, 'invalid_request');
    },
  );
  return router;
}
