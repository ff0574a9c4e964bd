import express, { type Request, type Response, Router } from 'express';
import type { EmulatorOptions } from '../toolkit/emulator.js';
import { type AuthorizeRequest, authorizeRoutes, type OAuthServer } from '../toolkit/oauth.js';
import { jsonTokenErrors, rfc6749TokenRoute } from '../toolkit/token-route.js';

export const ADWORDS_SCOPE = 'https://www.googleapis.com/auth/adwords';

/** Google's OAuth 2.0 server as the Ads API uses it: consent with PKCE, token, revoke. */
export function googleOAuthRoutes(oauth: OAuthServer, options: EmulatorOptions): Router {
  const router = Router();
  // Google names itself on every authorization response (RFC 9207); in its place, the emulator does.
  const iss = new URL(options.baseUrl).origin;

  router.use(
    authorizeRoutes('/o/oauth2/v2/auth', oauth, 'Google Ads', {
      parse(query): AuthorizeRequest | string {
        if (query.response_type !== 'code') return 'Missing or unsupported response_type (expected "code")';
        if (!query.client_id) return 'Missing required parameter: client_id';
        if (!query.redirect_uri) return 'Missing required parameter: redirect_uri';
        if (!query.scope) return 'Missing required parameter: scope';
        const challenge = query.code_challenge ?? null;
        if (challenge !== null && query.code_challenge_method !== 'S256') {
          return 'The emulator takes PKCE with code_challenge_method=S256 only';
        }
        return {
          clientId: query.client_id,
          redirectUri: query.redirect_uri,
          state: query.state ?? '',
          scope: query.scope.split(' ').filter(Boolean),
          challenge,
        };
      },
      approved: (code, request) => ({
        ...(request.state ? { state: request.state } : {}),
        iss,
        code,
        scope: request.scope.join(' '),
        authuser: '0',
        prompt: 'consent',
      }),
      denied: (request) => ({
        error: 'access_denied',
        ...(request.state ? { state: request.state } : {}),
        iss,
      }),
    }),
  );

  router.use(
    rfc6749TokenRoute('/token', oauth, {
      clientAuth: 'either',
      // Google wants redirect_uri on the exchange, and checks it against the authorize request's.
      required: ['redirect_uri'],
      answer: (res, tokens, grantType) =>
        res.json({
          access_token: tokens.access_token,
          expires_in: tokens.expires_in,
          // Google sends the refresh token on the code exchange only.
          ...(grantType === 'authorization_code' && tokens.refresh_token
            ? { refresh_token: tokens.refresh_token }
            : {}),
          scope: tokens.scope.join(' '),
          token_type: 'Bearer',
        }),
      error: jsonTokenErrors({
        invalid_client: { status: 401, description: 'Unauthorized' },
        invalid_grant: { status: 400, description: 'Bad Request' },
        invalid_request: { status: 400, description: 'Missing required parameter: redirect_uri' },
        unsupported_grant_type: { status: 400, description: 'Invalid grant_type' },
      }),
    }),
  );

  const form = express.urlencoded({ extended: false, limit: '20kb' });
  router.post('/revoke', form, (req: Request, res: Response) => {
    const token =
      ((req.body ?? {}) as Record<string, string>).token ?? (req.query.token as string | undefined);
    if (!token) return res.status(400).json({ error: 'invalid_request', error_description: 'Missing token' });
    // Either token revokes the whole grant; one Google no longer knows is a 400.
    if (!oauth.revokeGrant(token)) {
      return res.status(400).json({ error: 'invalid_token', error_description: 'Token expired or revoked' });
    }
    res.json({});
  });
  return router;
}
