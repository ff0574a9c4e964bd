import { Router } from 'express';
import { authorizeRoutes, type OAuthServer, readAuthorizeQuery } from '../toolkit/oauth.js';
import { jsonTokenErrors, rfc6749TokenRoute } from '../toolkit/token-route.js';

/** The Marketing API's scope; the others Snap lists (Conversions, Profile) are accepted and kept. */
export const MARKETING_SCOPE = 'snapchat-marketing-api';
const SCOPES = new Set([MARKETING_SCOPE, 'snapchat-offline-conversions-api', 'snapchat-profile-api']);

/**
 * Snap's authorization server at accounts.snapchat.com: `/login/oauth2/authorize` (consent, then the
 * redirect with `code` and `state`) and `/login/oauth2/access_token` (form POST with the client
 * credentials in the body; code exchange and refresh, the refresh token kept).
 */
export function oauthRoutes(oauth: OAuthServer): Router {
  const router = Router();
  router.use(
    authorizeRoutes('/login/oauth2/authorize', oauth, 'Snapchat', {
      parse: (query) =>
        readAuthorizeQuery(query, { separator: ' ', known: SCOPES, required: MARKETING_SCOPE }),
      approved: (code, request) => ({ code, state: request.state }),
      denied: (request) => ({ error: 'access_denied', state: request.state }),
    }),
  );

  router.use(
    rfc6749TokenRoute('/login/oauth2/access_token', oauth, {
      clientAuth: 'body',
      answer: (res, tokens) =>
        res.json({
          access_token: tokens.access_token,
          token_type: 'Bearer',
          expires_in: tokens.expires_in,
          refresh_token: tokens.refresh_token,
          scope: tokens.scope.join(' '),
        }),
      error: jsonTokenErrors({
        invalid_client: { status: 401, description: 'Client authentication failed' },
        invalid_grant: { status: 400, description: 'Invalid authorization code or refresh token' },
        invalid_request: {
          status: 400,
          description: 'grant_type must be authorization_code or refresh_token',
        },
        unsupported_grant_type: {
          status: 400,
          error: 'invalid_request',
          description: 'grant_type must be authorization_code or refresh_token',
        },
      }),
    }),
  );
  return router;
}
