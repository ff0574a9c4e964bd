import { createPublicKey, type KeyObject, sign, verify } from 'node:crypto';
import { promisify } from 'node:util';
import { exportJWK, type JWK } from 'jose';
import type { SigningKey } from '../crypto/keys.js';
import { randomToken } from '../ids.js';

export const SESSION_AUDIENCE = 'adlink:connect';
export const SESSION_TYPE = 'adlink-connect+jwt';
/** Links live at most an hour, so a token claiming to be older than that is refused whatever its exp says. */
const MAX_AGE_SECONDS = 3600;
const SEGMENT = /^[A-Za-z0-9_-]+$/;
const ED25519_SIGNATURE_BYTES = 64;
/** With a callback, node:crypto verifies in the thread pool. */
const verifyInPool = promisify(verify);

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

const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A JOSE header or claims set: a JSON object, nothing else. */
function decodeObject(segment: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
  } catch {
    throw new SessionTokenError('invalid');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new SessionTokenError('invalid');
  return value as Record<string, unknown>;
}

/** Ids we issue (`randomToken(16)`): anything else named as a jti is not looked up. */
const JTI = /^[A-Za-z0-9_-]{22}$/;

/**
 * The `jti` a token claims, unverified: only to read its session ahead (with the request's
 * authentication); the token is verified before what was read is used.
 */
export function claimedJti(token: string): string | undefined {
  const payload = token.split('.', 3)[1];
  if (payload === undefined || !SEGMENT.test(payload)) return undefined;
  try {
    const { jti } = decodeObject(payload);
    return typeof jti === 'string' && JTI.test(jti) ? jti : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Connect-session tokens: compact EdDSA (Ed25519) JWS with `kid`, verified only against our own keys
 * (embedded `jwk`, `jku` or `x5u` headers are never looked at), with an algorithm allow-list of one.
 *
 * Signed and verified with node:crypto's one-shot Ed25519, which costs less than WebCrypto (what jose
 * uses): signing in the request's own thread (28 µs; WebCrypto's hand-off to the thread pool alone
 * costs more), verifying in the thread pool (its 55 µs there, not on the event loop). The tokens are
 * standard JWTs, byte for byte what jose would sign (Ed25519 is deterministic); verification is as
 * strict as jose's `jwtVerify` with our options, and stricter where we never issue a variant (an `aud`
 * array, a `typ` spelled otherwise, any `crit`).
 */
export class SessionTokens {
  private readonly publicKeys: Map<string, KeyObject>;
  private readonly publicJwks: Promise<JWK[]>;
  /** The signing key's encoded protected header, the same for every token. */
  private readonly header: string;

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
    this.header = encode({ alg: 'EdDSA', kid: keys[0]!.kid, typ: SESSION_TYPE });
  }

  issue(company: string, customer: string, ttlSeconds: number): { token: string; claims: SessionClaims } {
    const iat = Math.floor(Date.now() / 1000);
    const claims: SessionClaims = { jti: randomToken(16), customer, company, iat, exp: iat + ttlSeconds };
    const input = `${this.header}.${encode({
      company,
      iss: this.issuer,
      aud: SESSION_AUDIENCE,
      sub: customer,
      jti: claims.jti,
      iat,
      exp: claims.exp,
    })}`;
    const signature = sign(null, Buffer.from(input), this.keys[0]!.privateKey).toString('base64url');
    return { token: `${input}.${signature}`, claims };
  }

  async verify(token: string): Promise<SessionClaims> {
    const segments = token.split('.');
    if (segments.length !== 3 || !segments.every((segment) => SEGMENT.test(segment))) {
      throw new SessionTokenError('invalid');
    }
    const [encodedHeader, encodedPayload, encodedSignature] = segments as [string, string, string];
    const header = decodeObject(encodedHeader);
    const key = typeof header.kid === 'string' ? this.publicKeys.get(header.kid) : undefined;
    if (header.alg !== 'EdDSA' || header.typ !== SESSION_TYPE || 'crit' in header || !key) {
      throw new SessionTokenError('invalid');
    }
    const signature = Buffer.from(encodedSignature, 'base64url');
    if (
      signature.length !== ED25519_SIGNATURE_BYTES ||
      !(await verifyInPool(null, Buffer.from(`${encodedHeader}.${encodedPayload}`), key, signature))
    ) {
      throw new SessionTokenError('invalid');
    }
    return this.checkClaims(decodeObject(encodedPayload));
  }

  /** In jose's order: what the claims are, then `nbf`, then `exp` (the one expiry), then `iat`. */
  private checkClaims(payload: Record<string, unknown>): SessionClaims {
    const { company, jti, sub, iat, exp, nbf, iss, aud } = payload;
    if (
      iss !== this.issuer ||
      aud !== SESSION_AUDIENCE ||
      typeof company !== 'string' ||
      typeof jti !== 'string' ||
      typeof sub !== 'string' ||
      typeof iat !== 'number' ||
      typeof exp !== 'number' ||
      (nbf !== undefined && typeof nbf !== 'number')
    ) {
      throw new SessionTokenError('invalid');
    }
    const now = Math.floor(Date.now() / 1000);
    if (nbf !== undefined && nbf > now) throw new SessionTokenError('invalid');
    if (exp <= now) throw new SessionTokenError('expired');
    // An `iat` beyond the maximum age or in the future is a token we never issue, not an expired link.
    if (now - iat > MAX_AGE_SECONDS || iat > now) throw new SessionTokenError('invalid');
    return { jti, customer: sub, company, iat, exp };
  }

  /** The public keys, newest first: all of them verify, the first signs. */
  async jwks(): Promise<{ keys: JWK[] }> {
    return { keys: await this.publicJwks };
  }
}
