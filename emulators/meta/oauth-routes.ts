import { type Request, type Response, Router } from 'express';
import type { IssuedTokens, OAuthServer, TokenError } from '../toolkit/oauth.js';
import { authorizeRoutes } from '../toolkit/oauth.js';
import { accessTokenOf } from './access.js';
import { GraphError, noSuchObject, sendGraphError } from './graph-error.js';

/** A long-lived user token lasts about 60 days. */
export const LONG_LIVED_TTL = 5_184_000;

/**
 * The Login dialog (`/{version}/dialog/oauth`, also served without a version as facebook.com does):
 * consent redirects with `code`, `state` and the `#_=_` fragment Meta appends; a denial with Meta's
 * `error_code`/`error_reason` extras.
 */
export function dialogRoutes(oauth: OAuthServer): Router {
  return authorizeRoutes('/dialog/oauth', oauth, 'Meta', {
    parse(query) {
      if (!query.client_id) return 'client_id is missing';
      if (!query.redirect_uri) return 'redirect_uri is missing';
      if ((query.response_type ?? 'code') !== 'code') return 'only response_type=code is emulated';
      return {
        clientId: query.client_id,
        redirectUri: query.redirect_uri,
        state: query.state ?? '',
        scope: (query.scope ?? '').split(',').filter(Boolean),
        challenge: null,
      };
    },
    approved: (code, request) => ({ code, state: request.state }),
    denied: (request) => ({
      error: 'access_denied',
      error_code: '200',
      error_description: 'Permissions error',
      error_reason: 'user_denied',
      state: request.state,
    }),
    fragment: '#_=_',
  });
}

const TOKEN_ERRORS: Record<TokenError, GraphError> = {
  invalid_client: new GraphError('Error validating client secret.', 1),
  invalid_grant: new GraphError('This authorization code has been used.', 100, { subcode: 36009 }),
  invalid_request: new GraphError('Missing redirect_uri parameter.', 191),
};

const BAD_EXCHANGE_TOKEN = new GraphError('Invalid OAuth access token - Cannot parse access token', 190);

/**
 * `GET /{version}/oauth/access_token`: the code exchange (client_id, client_secret, redirect_uri,
 * code) and `grant_type=fb_exchange_token`, which trades a token for a long-lived one.
 */
export function tokenRoute(oauth: OAuthServer): Router {
  const router = Router();
  router.get('/oauth/access_token', (req: Request, res: Response) => {
    const q = req.query as Record<string, string | undefined>;
    let issued: IssuedTokens | TokenError;
    if (q.grant_type === 'fb_exchange_token') {
      issued = !oauth.clientMatches(q.client_id, q.client_secret)
        ? 'invalid_client'
        : oauth.exchange(q.fb_exchange_token ?? '', LONG_LIVED_TTL);
    } else if (!q.redirect_uri) {
      issued = 'invalid_request';
    } else {
      issued = oauth.redeemCode({
        code: q.code,
        clientId: q.client_id,
        clientSecret: q.client_secret,
        redirectUri: q.redirect_uri,
        verifier: undefined,
      });
    }
    if (typeof issued === 'string') {
      const exchanging = q.grant_type === 'fb_exchange_token' && issued === 'invalid_grant';
      return sendGraphError(res, exchanging ? BAD_EXCHANGE_TOKEN : TOKEN_ERRORS[issued]);
    }
    res.json({ access_token: issued.access_token, token_type: 'bearer', expires_in: issued.expires_in });
  });
  return router;
}

/**
 * `DELETE /{version}/{user-id}/permissions` (or `/me/permissions`), after graphAccess checked the token:
 * the user de-authorizes the app, and every token of the grant stops working (User permissions
 * reference; the SDK's User.deletePermissions). Answers `{"success": true}`.
 */
export function permissionsRoute(oauth: OAuthServer): Router {
  const router = Router();
  router.delete('/:user/permissions', (req: Request, res: Response) => {
    const { user } = req.params;
    if (user !== 'me' && user !== res.locals.user) throw noSuchObject(user as string, 'DELETE');
    oauth.revokeGrant(accessTokenOf(req.query, req.body, req.get('authorization'))!);
    res.json({ success: true });
  });
  return router;
}
