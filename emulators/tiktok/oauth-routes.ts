import { Router } from 'express';
import { authorizeRoutes, type OAuthServer } from '../toolkit/oauth.js';
import { handle } from './access.js';
import { answer, CODES, TikTokRefusal } from './envelope.js';
import { requiredString } from './query.js';
import type { TikTokState } from './state.js';

/** Permission scope ids TikTok lists in a token answer (Ad Account Management, Ads Management, Reporting). */
const GRANTED_SCOPES = [1, 2, 4];

/**
 * The advertiser authorization page at /portal/auth: its query names the app `app_id`, and the scopes
 * are the app's (chosen in its settings), not the URL's.
 */
export function consentRoutes(oauth: OAuthServer): Router {
  return authorizeRoutes('/portal/auth', oauth, 'TikTok', {
    parse: (query) =>
      query.app_id && query.redirect_uri && query.state
        ? {
            clientId: query.app_id,
            redirectUri: query.redirect_uri,
            state: query.state,
            scope: [],
            challenge: null,
          }
        : 'app_id, redirect_uri and state are required',
    // The Marketing API's Authentication docs show the code twice: `auth_code` (the name the token
    // exchange takes, Oauth2AccessTokenBody) and `code` with the same value. adlink reads `auth_code`.
    approved: (code, request) => ({ auth_code: code, code, state: request.state }),
    denied: (request) => ({ error: 'access_denied', state: request.state }),
  });
}

/** `POST /oauth2/access_token/`: JSON `{app_id, secret, auth_code}` (the SDK's Oauth2AccessTokenBody). */
export function tokenRoutes(state: TikTokState, oauth: OAuthServer): Router {
  const router = Router();
  router.post(
    '/oauth2/access_token/',
    handle((req, res) => {
      const body = (req.body ?? {}) as Record<string, unknown>;
      const [appId, secret, authCode] = ['app_id', 'secret', 'auth_code'].map((name) =>
        requiredString(body, name),
      );
      const issued = oauth.redeemCode({
        code: authCode,
        clientId: appId,
        clientSecret: secret,
        redirectUri: undefined,
        verifier: undefined,
      });
      if (issued === 'invalid_client') throw new TikTokRefusal(CODES.invalidApp, 'Invalid app_id or secret.');
      if (typeof issued === 'string') {
        throw new TikTokRefusal(CODES.invalidAuthCode, 'The auth_code is invalid or has expired.');
      }
      // Advertiser tokens are long-term: no expiry and no refresh token in the answer.
      answer(res, {
        access_token: issued.access_token,
        advertiser_ids: [...state.advertisers.keys()],
        scope: GRANTED_SCOPES,
      });
    }),
  );
  // Not in the SDK: the Marketing API's Authentication docs. JSON `{app_id, secret, access_token}`;
  // the advertiser's authorization of the app ends, and the token stops working.
  router.post(
    '/oauth2/revoke_token/',
    handle((req, res) => {
      const body = (req.body ?? {}) as Record<string, unknown>;
      const [appId, secret, accessToken] = ['app_id', 'secret', 'access_token'].map((name) =>
        requiredString(body, name),
      );
      if (!oauth.clientMatches(appId, secret))
        throw new TikTokRefusal(CODES.invalidApp, 'Invalid app_id or secret.');
      if (!oauth.revokeGrant(accessToken!)) {
        throw new TikTokRefusal(CODES.accessTokenInvalid, 'Access token is incorrect or has been revoked.');
      }
      answer(res, {});
    }),
  );
  return router;
}
