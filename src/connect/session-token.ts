import { createPublicKey } from 'node:crypto';
import { errors, exportJWK, type JWK, jwtVerify, SignJWT } from 'jose';
import type { SigningKey } from '../crypto/keys.js';
import { randomToken } from '../ids.js';

export const SESSION_AUDIENCE = 'adlink:connect';
export const SESSION_TYPE = 'adlink-connect+jwt';
/** Links live at most an hour, so a token claiming to be older than that is refused whatever its exp says. */
const MAX_AGE_SECONDS = 3600;

export interface SessionClaims {
  jti: string;
  customer: string;
  company: string;
  exp: number;
  iat: number;
}

export class SessionTokenError extends Error {
  constructor(readonly reason: 'expired' | 'invalid') {
    super(`session token ${reason}`);
  }
}

/**
 * Connect-session tokens: EdDSA JWTs with `kid`, verified only against our own keys (embedded `jwk`,
 * `jku` or `x5u` headers are never looked at), with an algorithm allow-list of one.
 */
export class SessionTokens {
  private readonly publicKeys;
  private readonly publicJwks: Promise<JWK[]>;

  constructor(
    private readonly keys: SigningKey[],
    private readonly issuer: string,
  ) {
    if (keys.length === 0) throw new Error('no signing key');
    this.publicKeys = new Map(keys.map(({ kid, privateKey }) => [kid, createPublicKey(privateKey)]));
    this.publicJwks = Promise.all(
      [...this.publicKeys].map(async ([kid, key]) => ({
        ...(await exportJWK(key)),
        kid,
        alg: 'EdDSA',
        use: 'sig',
      })),
    );
  }

  async issue(
    company: string,
    customer: string,
    ttlSeconds: number,
  ): Promise<{ token: string; claims: SessionClaims }> {
    const signer = this.keys[0]!;
    const iat = Math.floor(Date.now() / 1000);
    const claims: SessionClaims = { jti: randomToken(16), customer, company, iat, exp: iat + ttlSeconds };
    const token = await new SignJWT({ company })
      .setProtectedHeader({ alg: 'EdDSA', kid: signer.kid, typ: SESSION_TYPE })
      .setIssuer(this.issuer)
      .setAudience(SESSION_AUDIENCE)
      .setSubject(customer)
      .setJti(claims.jti)
      .setIssuedAt(iat)
      .setExpirationTime(claims.exp)
      .sign(signer.privateKey);
    return { token, claims };
  }

  async verify(token: string): Promise<SessionClaims> {
    try {
      const { payload } = await jwtVerify(
        token,
        (header) => {
          const key = header.kid === undefined ? undefined : this.publicKeys.get(header.kid);
          if (!key) throw new SessionTokenError('invalid');
          return key;
        },
        {
          algorithms: ['EdDSA'],
          issuer: this.issuer,
          audience: SESSION_AUDIENCE,
          typ: SESSION_TYPE,
          maxTokenAge: MAX_AGE_SECONDS,
          requiredClaims: ['jti', 'sub', 'iat', 'exp'],
        },
      );
      const { company, jti, sub, iat, exp } = payload;
      if (typeof company !== 'string' || typeof jti !== 'string' || typeof sub !== 'string') {
        throw new SessionTokenError('invalid');
      }
      return { jti, customer: sub, company, iat: iat!, exp: exp! };
    } catch (err) {
      // Only a past `exp` is an expired link; an `iat` beyond the maximum age is a token we never issue.
      if (err instanceof errors.JWTExpired && err.claim === 'exp') throw new SessionTokenError('expired');
      throw new SessionTokenError('invalid');
    }
  }

  /** The public keys, newest first: all of them verify, the first signs. */
  async jwks(): Promise<{ keys: JWK[] }> {
    return { keys: await this.publicJwks };
  }
}
