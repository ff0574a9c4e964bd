import express, { type Request, type Response, Router } from 'express';
import type { EmulatorOptions } from '../toolkit/emulator.js';
import {
  type AuthorizeRequest,
  authorizeRoutes,
  type OAuthServer,
  type TokenError,
} from '../toolkit/oauth.js';

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

  const form = express.urlencoded({ extended: false, limit: '20kb' });
  router.post('/token', form, (req: Request, res: Response) => {
    const body = (req.body ?? {}) as Record<string, string | undefined>;
    const [basicId, basicSecret] = basicCredentials(req.headers.authorization);
    const client = { clientId: body.client_id ?? basicId, clientSecret: body.client_secret ?? basicSecret };
    let answer: ReturnType<OAuthServer['refreshGrant']>;
    if (body.grant_type === 'authorization_code') {
      // Google wants redirect_uri on the exchange, and checks it against the authorize request's.
      answer =
        body.redirect_uri === undefined
          ? 'invalid_request'
          : oauth.redeemCode({
              ...client,
              code: body.code,
              redirectUri: body.redirect_uri,
              verifier: body.code_verifier,
            });
    } else if (body.grant_type === 'refresh_token') {
      answer = oauth.refreshGrant({ ...client, refreshToken: body.refresh_token });
    } else {
      return res
        .status(400)
        .json({ error: 'unsupported_grant_type', error_description: 'Invalid grant_type' });
    }
    if (typeof answer === 'string') return tokenError(res, answer);
    res.set('Cache-Control', 'no-store').json({
      access_token: answer.access_token,
      expires_in: answer.expires_in,
      // Google sends the refresh token on the code exchange only.
      ...(body.grant_type === 'authorization_code' && answer.refresh_token
        ? { refresh_token: answer.refresh_token }
        : {}),
      scope: answer.scope.join(' '),
      token_type: 'Bearer',
    });
  });

  router.post('/revoke', form, (req: Request, res: Response) => {
    const token =
      ((req.body ?? {}) as Record<string, string>).token ?? (req.query.token as string | undefined);
    if (!token) return res.status(400).json({ error: 'invalid_request', error_description: 'Missing token' });
    oauth.revoke(token);
    res.json({});
  });
  return router;
}

function basicCredentials(header: string | undefined): [string | undefined, string | undefined] {
  if (!header?.startsWith('Basic ')) return [undefined, undefined];
  const decoded = Buffer.from(header.slice(6), 'base64').toString();
  const colon = decoded.indexOf(':');
  return colon < 0
    ? [undefined, undefined]
    : [decodeURIComponent(decoded.slice(0, colon)), decodeURIComponent(decoded.slice(colon + 1))];
}

const TOKEN_ERRORS: Record<TokenError, [number, string]> = {
  invalid_client: [401, 'Unauthorized'],
  invalid_grant: [400, 'Bad Request'],
  invalid_request: [400, 'Missing required parameter: redirect_uri'],
};

function tokenError(res: Response, error: TokenError) {
  const [status, description] = TOKEN_ERRORS[error];
  res.status(status).json({ error, error_description: description });
}
