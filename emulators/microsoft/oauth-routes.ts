import { randomUUID } from 'node:crypto';
import { type Response, Router } from 'express';
import { type AuthorizeRequest, authorizeRoutes, type OAuthServer } from '../toolkit/oauth.js';
import { rfc6749TokenRoute, type TokenRefusal } from '../toolkit/token-route.js';

const BASE = '/common/oauth2/v2.0';

/** An AADSTS error: code and the start of its description, as the Microsoft identity platform words them. */
type Aadsts = [number, string];

const TOKEN_ERRORS: Record<TokenRefusal, { status: number; aadsts: Aadsts }> = {
  invalid_client: { status: 401, aadsts: [7000215, 'Invalid client secret provided.'] },
  invalid_grant: { status: 400, aadsts: [70000, 'The provided value for the input parameter is not valid.'] },
  invalid_request: { status: 400, aadsts: [900144, 'The request body must contain the following parameter'] },
  unsupported_grant_type: { status: 400, aadsts: [70003, 'The app requested an unsupported grant type.'] },
};

/** The Microsoft identity platform's error body: `error`, an AADSTS description, `error_codes` and ids. */
function identityError(res: Response, status: number, error: string, [code, text]: Aadsts) {
  const traceId = randomUUID();
  const correlationId = randomUUID();
  const timestamp = new Date()
    .toISOString()
    .replace('T', ' ')
    .replace(/\.\d+Z$/, 'Z');
  res.status(status).json({
    error,
    error_description: `AADSTS${code}: ${text} Trace ID: ${traceId} Correlation ID: ${correlationId} Timestamp: ${timestamp}`,
    error_codes: [code],
    timestamp,
    trace_id: traceId,
    correlation_id: correlationId,
    error_uri: `https://login.microsoftonline.com/error?code=${code}`,
  });
}

/**
 * The Microsoft identity platform (v2.0 endpoints, `common` tenant) as Microsoft Advertising uses it:
 * consent with PKCE and a token endpoint taking form posts. A refresh answers a new refresh token
 * every time, and the earlier ones keep working until the grant is revoked, as Microsoft documents
 * (the emulator definition's `rotateRefreshTokens`).
 */
export function microsoftOAuthRoutes(oauth: OAuthServer): Router {
  const router = Router();
  router.use(
    authorizeRoutes(`${BASE}/authorize`, oauth, 'Microsoft Advertising', {
      parse(query): AuthorizeRequest | string {
        if (query.response_type !== 'code')
          return "AADSTS900144: The request must contain response_type 'code'.";
        if (!query.client_id)
          return "AADSTS900144: The request body must contain the following parameter: 'client_id'.";
        if (!query.redirect_uri)
          return "AADSTS900144: The request body must contain the following parameter: 'redirect_uri'.";
        if (!query.scope)
          return "AADSTS900144: The request body must contain the following parameter: 'scope'.";
        if ((query.response_mode ?? 'query') !== 'query')
          return 'The emulator answers with response_mode=query only.';
        const challenge = query.code_challenge ?? null;
        if (challenge !== null && query.code_challenge_method !== 'S256') {
          return 'The emulator takes PKCE with code_challenge_method=S256 only.';
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
        code,
        ...(request.state ? { state: request.state } : {}),
        session_state: randomUUID(),
      }),
      denied: (request) => ({
        error: 'access_denied',
        error_description: 'AADSTS65004: User declined to consent to access the app.',
        ...(request.state ? { state: request.state } : {}),
      }),
    }),
  );

  router.use(
    rfc6749TokenRoute(`${BASE}/token`, oauth, {
      clientAuth: 'body',
      // `scope` on both grants: "Required" on the authentication-oauth-get-tokens page, and the BingAds
      // SDKs always send it (UriOAuthService: `'scope' => …['Scope']`).
      required: ['redirect_uri', 'scope'],
      requiredOnRefresh: ['scope'],
      answer: (res, tokens) =>
        res.json({
          token_type: 'Bearer',
          // offline_access is not a resource scope: Microsoft does not list it in `scope`.
          scope: tokens.scope.filter((s) => s !== 'offline_access').join(' '),
          expires_in: tokens.expires_in,
          ext_expires_in: tokens.expires_in,
          access_token: tokens.access_token,
          ...(tokens.refresh_token && tokens.scope.includes('offline_access')
            ? { refresh_token: tokens.refresh_token }
            : {}),
        }),
      error: (res, refusal, missing) => {
        const { status, aadsts } = TOKEN_ERRORS[refusal];
        const [code, text] = aadsts;
        identityError(res, status, refusal, [code, missing ? `${text}: '${missing}'.` : text]);
      },
    }),
  );
  return router;
}
