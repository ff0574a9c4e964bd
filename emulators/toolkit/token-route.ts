import express, { type Request, type Response, Router } from 'express';
import type { IssuedTokens, OAuthServer, TokenError } from './oauth.js';

/** Why a token request is refused: the grant's answer, or a grant type other than the two emulated. */
export type TokenRefusal = TokenError | 'unsupported_grant_type';
export type TokenGrantType = 'authorization_code' | 'refresh_token';

export interface TokenRouteOptions {
  /** Where the client authenticates (RFC 6749 §2.3.1); with `either`, body parameters win. */
  clientAuth: 'body' | 'basic' | 'either';
  /** Parameters the code exchange must carry; one missing or empty is `invalid_request`. */
  required?: string[];
  /** Parameters the refresh must carry, likewise. */
  requiredOnRefresh?: string[];
  /** A body the platform's description refuses (a required field missing, a value outside an enum): `invalid_request`. */
  refusesBody?: (grantType: TokenGrantType, body: Record<string, string | undefined>) => boolean;
  /** A refresh token the platform refuses before looking at it (`invalid_grant`). */
  refusesRefresh?: (refreshToken: string | undefined) => boolean;
  /** The platform's answer with the tokens (sent `Cache-Control: no-store`). */
  answer(res: Response, tokens: IssuedTokens, grantType: TokenGrantType): void;
  /** The platform's answer to a refused request (`missing`: the required parameter it lacks). */
  error(res: Response, refusal: TokenRefusal, missing?: string): void;
}

type Client = { clientId: string | undefined; clientSecret: string | undefined };

/** HTTP Basic client credentials, each part form-encoded (RFC 6749 §2.3.1). */
function basicClient(req: Request): Client {
  const none = { clientId: undefined, clientSecret: undefined };
  const encoded = /^Basic (\S+)$/i.exec(req.get('authorization') ?? '')?.[1];
  if (!encoded) return none;
  const pair = Buffer.from(encoded, 'base64').toString();
  const colon = pair.indexOf(':');
  if (colon < 0) return none;
  try {
    return {
      clientId: decodeURIComponent(pair.slice(0, colon)),
      clientSecret: decodeURIComponent(pair.slice(colon + 1)),
    };
  } catch {
    return none;
  }
}

function client(
  req: Request,
  body: Record<string, string | undefined>,
  auth: TokenRouteOptions['clientAuth'],
) {
  if (auth === 'basic') return basicClient(req);
  const fromBody = { clientId: body.client_id, clientSecret: body.client_secret };
  if (auth === 'body') return fromBody;
  const basic = basicClient(req);
  return {
    clientId: fromBody.clientId ?? basic.clientId,
    clientSecret: fromBody.clientSecret ?? basic.clientSecret,
  };
}

/**
 * An RFC 6749 token endpoint at `path`: a form POST with `grant_type` `authorization_code` (code,
 * redirect URI, PKCE verifier) or `refresh_token`, answered in the platform's own shapes.
 */
export function rfc6749TokenRoute(path: string, oauth: OAuthServer, options: TokenRouteOptions): Router {
  const router = Router();
  router.post(path, express.urlencoded({ extended: false, limit: '20kb' }), (req: Request, res: Response) => {
    const body = (req.body ?? {}) as Record<string, string | undefined>;
    const grantType = body.grant_type;
    let issued: IssuedTokens | TokenError;
    const required = grantType === 'refresh_token' ? options.requiredOnRefresh : options.required;
    const missing = (required ?? []).find((name) => !body[name]);
    if (missing && (grantType === 'authorization_code' || grantType === 'refresh_token')) {
      return options.error(res, 'invalid_request', missing);
    }
    if (
      (grantType === 'authorization_code' || grantType === 'refresh_token') &&
      options.refusesBody?.(grantType, body)
    ) {
      issued = 'invalid_request';
    } else if (grantType === 'authorization_code') {
      issued = oauth.redeemCode({
        ...client(req, body, options.clientAuth),
        code: body.code,
        redirectUri: body.redirect_uri,
        verifier: body.code_verifier,
      });
    } else if (grantType === 'refresh_token') {
      issued = options.refusesRefresh?.(body.refresh_token)
        ? 'invalid_grant'
        : oauth.refreshGrant({ ...client(req, body, options.clientAuth), refreshToken: body.refresh_token });
    } else {
      return options.error(res, 'unsupported_grant_type');
    }
    if (typeof issued === 'string') return options.error(res, issued);
    res.set('Cache-Control', 'no-store');
    options.answer(res, issued, grantType);
  });
  return router;
}

/** An `error` answering RFC 6749's JSON error (§5.2), with the `error` renamed where the platform does. */
export const jsonTokenErrors =
  (table: Record<TokenRefusal, { status: number; description: string; error?: string }>) =>
  (res: Response, refusal: TokenRefusal) => {
    const { status, description, error = refusal } = table[refusal];
    res.status(status).json({ error, error_description: description });
  };
