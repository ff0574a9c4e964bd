import { createRemoteJWKSet, type JWTPayload, jwtVerify } from 'jose';

/** The claims of a verified session token (the `token` of a connect link). */
export interface SessionClaims extends JWTPayload {
  /** The customer id. */
  sub: string;
  /** The company id. */
  company: string;
  jti: string;
  iat: number;
  exp: number;
}

export type SessionTokenVerifier = (token: string) => Promise<SessionClaims>;

/**
 * Verifies session tokens offline against adlink's `/.well-known/jwks.json` (fetched once, refetched for
 * an unknown `kid` during a key rotation): EdDSA, `typ` `adlink-connect+jwt`, `aud` `adlink:connect` and
 * `iss` = the deployment's `PUBLIC_BASE_URL`. Offline verification cannot see a link that was used or
 * revoked: `POST /sessions/introspect` can.
 */
export function sessionTokenVerifier(baseUrl: string, issuer: string): SessionTokenVerifier {
  const keys = createRemoteJWKSet(new URL(`${baseUrl.replace(/\/+$/, '')}/.well-known/jwks.json`));
  return async (token) => {
    const { payload } = await jwtVerify(token, keys, {
      algorithms: ['EdDSA'],
      typ: 'adlink-connect+jwt',
      audience: 'adlink:connect',
      issuer,
      requiredClaims: ['sub', 'company', 'jti', 'iat', 'exp'],
    });
    if (typeof payload.company !== 'string') throw new TypeError('The session token names no company.');
    return payload as SessionClaims;
  };
}
