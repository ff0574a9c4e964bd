import type { Logger } from 'pino';
import { randomToken } from '../../ids.js';
import type { Kv } from '../../store/kv.js';
import { OAuthError } from '../errors.js';
import { type SandboxKeys, sha256 } from '../keys.js';
import { verifierMatches } from './pkce.js';

const CODE_LIFETIME_MS = 60_000;
/** How long a used code is remembered, so that replaying it revokes what it was exchanged for. */
const CODE_REPLAY_WINDOW_MS = 10 * 60_000;
/** A grant (and so its refresh tokens) lives 30 days from the user's consent; refreshing does not extend it. */
const GRANT_LIFETIME_MS = 30 * 24 * 3_600_000;
const REVOKED = 'revoked';
export const ACCESS_TOKEN = /^sbx_at_[A-Za-z0-9_-]{43}$/;

/** What the user consented to: the record every token of one authorization points at. */
export interface Grant {
  id: string;
  client: string;
  login: string;
  accounts: string[];
  scope: string[];
}

export type CodeRequest = Omit<Grant, 'id'> & { redirectUri: string; challenge: string };

interface CodeRecord extends CodeRequest {
  grant: string;
  expiresAt: number;
}

interface AccessRecord {
  grant: string;
  client: string;
  scope: string[];
  expiresAt: number;
}

interface RefreshRecord {
  grant: string;
  client: string;
}

export interface TokenResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  refresh_token: string;
  scope: string;
}

export interface AccessContext {
  grant: Grant;
  scope: string[];
  tokenHash: string;
}

const invalidGrant = (description: string) => new OAuthError('invalid_grant', description);

/**
 * Codes, grants and tokens. Codes and tokens are kept only as SHA-256 hashes; each token points at
 * its grant, and a token works only while the grant exists, so revoking a grant (overwriting it with
 * a tombstone) ends every token issued under it at once.
 */
export class GrantStore {
  constructor(
    private readonly kv: Kv,
    private readonly k: SandboxKeys,
    private readonly options: { accessTokenTtlSeconds: number; now: () => number; log: Logger },
  ) {}

  async issueCode(request: CodeRequest): Promise<string> {
    const code = randomToken(32);
    const hash = sha256(code);
    const record: CodeRecord = {
      ...request,
      grant: `grt_${randomToken(16)}`,
      expiresAt: this.options.now() + CODE_LIFETIME_MS,
    };
    // The replay marker first: whenever a code exists, so does the way to revoke its grant.
    await this.kv.set(this.k.codeGrant(hash), record.grant, { ttlMs: CODE_REPLAY_WINDOW_MS });
    await this.kv.set(this.k.code(hash), JSON.stringify(record), { ttlMs: CODE_LIFETIME_MS });
    return code;
  }

  /** RFC 6749 §4.1.3 with RFC 7636 §4.6; a replayed code revokes the grant it was exchanged for. */
  async redeemCode(
    code: string,
    client: string,
    redirectUri: string,
    verifier: string,
  ): Promise<TokenResponse> {
    const hash = sha256(code);
    const raw = await this.kv.getdel(this.k.code(hash));
    if (!raw) {
      const grant = await this.kv.get(this.k.codeGrant(hash));
      if (grant) {
        await this.revokeGrant(grant);
        this.options.log.warn({ grant }, 'sandbox: authorization code replayed, grant revoked');
      }
      throw invalidGrant('The authorization code is invalid, expired or already used.');
    }
    const record = JSON.parse(raw) as CodeRecord;
    if (record.client !== client) throw invalidGrant('The authorization code was issued to another client.');
    if (record.expiresAt <= this.options.now()) throw invalidGrant('The authorization code has expired.');
    if (record.redirectUri !== redirectUri) {
      throw invalidGrant('redirect_uri differs from the one of the authorization request.');
    }
    if (!verifierMatches(verifier, record.challenge)) {
      throw invalidGrant('code_verifier does not match the code challenge.');
    }
    const { grant: id, redirectUri: _uri, challenge: _challenge, expiresAt: _expiry, ...consent } = record;
    const grant: Grant = { id, ...consent };
    // NX: a replay racing this exchange may already have left the tombstone; these tokens then never work.
    await this.kv.set(this.k.grant(id), JSON.stringify(grant), { ttlMs: GRANT_LIFETIME_MS, nx: true });
    return this.issueTokens(grant, grant.scope);
  }

  /**
   * Rotating refresh tokens (RFC 9700 §4.14.2): each one works once. Presenting a used one means two
   * parties hold it, so the whole grant is revoked.
   */
  async refresh(token: string, client: string, scope: string[] | undefined): Promise<TokenResponse> {
    const hash = sha256(token);
    const raw = await this.kv.get(this.k.refreshToken(hash));
    const record = raw ? (JSON.parse(raw) as RefreshRecord) : null;
    const grant = record ? await this.liveGrant(record.grant) : null;
    if (!grant || grant.client !== client)
      throw invalidGrant('The refresh token is invalid, expired or revoked.');
    if (scope && !scope.every((s) => grant.scope.includes(s))) {
      throw new OAuthError('invalid_scope', 'The requested scope exceeds the scope of the grant.');
    }
    const firstUse = await this.kv.set(this.k.refreshTokenUsed(hash), '1', {
      nx: true,
      ttlMs: GRANT_LIFETIME_MS,
    });
    if (!firstUse) {
      await this.revokeGrant(grant.id);
      this.options.log.warn({ grant: grant.id }, 'sandbox: refresh token reused, grant revoked');
      throw invalidGrant('The refresh token was already used; the grant is revoked.');
    }
    return this.issueTokens(grant, scope ?? grant.scope);
  }

  /** RFC 7009: a refresh token revokes its grant, an access token only itself; others' tokens are left alone. */
  async revoke(token: string, client: string, hint: string | undefined): Promise<void> {
    const hash = sha256(token);
    const order =
      hint === 'refresh_token' ? (['refresh', 'access'] as const) : (['access', 'refresh'] as const);
    for (const kind of order) {
      const key = kind === 'access' ? this.k.accessToken(hash) : this.k.refreshToken(hash);
      const raw = await this.kv.get(key);
      if (!raw) continue;
      const record = JSON.parse(raw) as AccessRecord | RefreshRecord;
      if (record.client !== client) return;
      if (kind === 'access') await this.kv.del(key);
      else await this.revokeGrant(record.grant);
      return;
    }
  }

  /** The grant and scope behind a live access token, or null. */
  async verifyAccessToken(token: string): Promise<AccessContext | null> {
    if (!ACCESS_TOKEN.test(token)) return null;
    const tokenHash = sha256(token);
    const raw = await this.kv.get(this.k.accessToken(tokenHash));
    if (!raw) return null;
    const record = JSON.parse(raw) as AccessRecord;
    if (record.expiresAt <= this.options.now()) return null;
    const grant = await this.liveGrant(record.grant);
    return grant ? { grant, scope: record.scope, tokenHash } : null;
  }

  private async liveGrant(id: string): Promise<Grant | null> {
    const raw = await this.kv.get(this.k.grant(id));
    return raw && raw !== REVOKED ? (JSON.parse(raw) as Grant) : null;
  }

  private async revokeGrant(id: string): Promise<void> {
    await this.kv.set(this.k.grant(id), REVOKED, { ttlMs: GRANT_LIFETIME_MS });
  }

  private async issueTokens(grant: Grant, scope: string[]): Promise<TokenResponse> {
    const access = `sbx_at_${randomToken(32)}`;
    const refresh = `sbx_rt_${randomToken(32)}`;
    const ttlMs = this.options.accessTokenTtlSeconds * 1000;
    const accessRecord: AccessRecord = {
      grant: grant.id,
      client: grant.client,
      scope,
      expiresAt: this.options.now() + ttlMs,
    };
    const refreshRecord: RefreshRecord = { grant: grant.id, client: grant.client };
    await Promise.all([
      this.kv.set(this.k.accessToken(sha256(access)), JSON.stringify(accessRecord), { ttlMs }),
      this.kv.set(this.k.refreshToken(sha256(refresh)), JSON.stringify(refreshRecord), {
        ttlMs: GRANT_LIFETIME_MS,
      }),
    ]);
    return {
      access_token: access,
      token_type: 'Bearer',
      expires_in: this.options.accessTokenTtlSeconds,
      refresh_token: refresh,
      scope: scope.join(' '),
    };
  }
}
