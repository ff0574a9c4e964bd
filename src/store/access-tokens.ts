import type { AccessScope } from '../domain/access-scopes.js';
import { idOfTimeOrdered, monotonicTimestamp, randomToken, timeOrdered } from '../ids.js';
import { newTokenSecret, type TokenOwner } from './companies.js';
import type { Keys } from './keys.js';
import type { Kv } from './kv.js';
import type { Ledger } from './ledger.js';

export const ACCESS_TOKEN_PREFIX = 'adl_at_';
/** `atok_` + 16 random bytes in base64url. */
export const ACCESS_TOKEN_ID = /^atok_[A-Za-z0-9_-]{22}$/;
/** The longest an access token may live; the ledger of live tokens keeps no entry longer. */
export const MAX_ACCESS_TOKEN_LIFETIME_MS = 365 * 86_400_000;
/** Index entries read at once while revoking all of a customer's tokens. */
const CHUNK = 500;

/** A token that acts for one customer of a company, with a scope, until it expires. */
export interface AccessToken {
  id: string;
  customer: string;
  scope: AccessScope;
  /** The first characters of the secret, enough to recognise it in a list. */
  prefix: string;
  created_at: string;
  expires_at: string;
  last_used_at: string | null;
}

/** An access token as issued: without what its use adds. */
export type AccessTokenRecord = Omit<AccessToken, 'last_used_at'>;

interface StoredAccessToken extends AccessTokenRecord {
  company: string;
  sha256: string;
}

export interface AccessTokenPage {
  data: AccessToken[];
  /** The index position of the page's last token, when more follow. */
  next?: string;
}

const recordView = ({ company: _company, sha256: _hash, ...token }: StoredAccessToken): AccessTokenRecord =>
  token;

/**
 * Access tokens, on the company tokens' machinery: a random secret stored only as its SHA-256, whose
 * hash maps to a `TokenOwner` (here naming the customer, scope and expiry) that authentication reads.
 * Every key of a token expires with it; a revoked token's keys are deleted, its hash lookup first.
 * Live tokens are counted in the company's ledger (its quota), listed from the customer's index.
 */
export class AccessTokenStore {
  constructor(
    private readonly kv: Kv,
    private readonly k: Keys,
    private readonly ledger: Ledger,
  ) {}

  /** How many of the company's access tokens are live (neither expired nor revoked). */
  live(company: string): Promise<number> {
    return this.ledger.live({ company }, 'access_tokens');
  }

  /**
   * Issues a token for the customer; the secret is returned once. The hash lookup is written last, so
   * the secret works only once everything describing it exists. Null when the customer was deleted
   * meanwhile: what was written is taken back (the deletion revoked only what the index held before).
   */
  async create(
    company: string,
    customer: string,
    scope: AccessScope,
    lifetimeMs: number,
    quota: number,
  ): Promise<{ token: AccessTokenRecord; secret: string } | null> {
    const { secret, sha256, shown } = newTokenSecret(ACCESS_TOKEN_PREFIX);
    const expiresAtMs = Date.now() + lifetimeMs;
    const stored: StoredAccessToken = {
      id: `atok_${randomToken(16)}`,
      customer,
      scope,
      prefix: shown,
      created_at: monotonicTimestamp(),
      expires_at: new Date(expiresAtMs).toISOString(),
      company,
      sha256,
    };
    const owner: TokenOwner = { company, token: stored.id, customer, scope, expires_at: stored.expires_at };
    const batch = this.kv
      .batch()
      .set(this.k.accessToken(company, stored.id), JSON.stringify(stored), { ttlMs: lifetimeMs })
      .zaddLex(this.k.accessTokens(company, customer), timeOrdered(stored.created_at, stored.id));
    await this.ledger
      .entry(batch, { company }, 'access_tokens', stored.id, expiresAtMs, quota, MAX_ACCESS_TOKEN_LIFETIME_MS)
      .exec();
    await this.kv.set(this.k.tokenByHash(sha256), JSON.stringify(owner), {
      ttlMs: Math.max(1, expiresAtMs - Date.now()),
    });
    if ((await this.kv.get(this.k.customer(company, customer))) === null) {
      await this.remove(company, [stored]);
      return null;
    }
    return { token: recordView(stored), secret };
  }

  /** The customer's live tokens, newest first: `limit` of them after the index position `after`. */
  async list(company: string, customer: string, limit: number, after?: string): Promise<AccessTokenPage> {
    const index = this.k.accessTokens(company, customer);
    const found: StoredAccessToken[] = [];
    const expired: string[] = [];
    let from = after;
    for (;;) {
      const wanted = limit + 1 - found.length;
      const members = await this.kv.zrangeLex(index, {
        reverse: true,
        limit: wanted,
        ...(from === undefined ? {} : { after: from }),
      });
      const raws = await this.kv.mget(members.map((m) => this.k.accessToken(company, idOfTimeOrdered(m))));
      members.forEach((member, i) => {
        const raw = raws[i];
        if (raw) found.push(JSON.parse(raw) as StoredAccessToken);
        else expired.push(member);
      });
      if (members.length < wanted || found.length > limit) break;
      from = members.at(-1);
    }
    // An expired token's record is gone by itself; its index entry goes when a list comes across it.
    if (expired.length > 0) {
      const prune = this.kv.batch();
      for (const member of expired) prune.zrem(index, member);
      await prune.exec();
    }
    const page = found.slice(0, limit);
    const used = await this.kv.mget(page.map((t) => this.k.tokenLastUsed(company, t.id)));
    const last = page.at(-1);
    return {
      data: page.map((t, i) => ({ ...recordView(t), last_used_at: used[i] ?? null })),
      ...(found.length > limit && last ? { next: timeOrdered(last.created_at, last.id) } : {}),
    };
  }

  /** The customer's live token `id`, or null. */
  async get(company: string, customer: string, id: string): Promise<AccessToken | null> {
    const [raw, used] = await this.kv.mget([
      this.k.accessToken(company, id),
      this.k.tokenLastUsed(company, id),
    ]);
    const stored = raw ? (JSON.parse(raw) as StoredAccessToken) : null;
    return stored?.customer === customer ? { ...recordView(stored), last_used_at: used ?? null } : null;
  }

  /** Revokes the customer's token `id`; null when it has no such live token. */
  async revoke(company: string, customer: string, id: string): Promise<AccessTokenRecord | null> {
    const raw = await this.kv.get(this.k.accessToken(company, id));
    const stored = raw ? (JSON.parse(raw) as StoredAccessToken) : null;
    if (stored?.customer !== customer) return null;
    await this.remove(company, [stored]);
    return recordView(stored);
  }

  /** Revokes every token of the customer (it is being deleted) and drops its index. */
  async revokeAll(company: string, customer: string): Promise<AccessTokenRecord[]> {
    const index = this.k.accessTokens(company, customer);
    const revoked: AccessTokenRecord[] = [];
    for (;;) {
      const members = await this.kv.zrangeLex(index, { limit: CHUNK });
      if (members.length === 0) return revoked;
      const raws = await this.kv.mget(members.map((m) => this.k.accessToken(company, idOfTimeOrdered(m))));
      const tokens = raws.flatMap((raw) => (raw ? [JSON.parse(raw) as StoredAccessToken] : []));
      await this.remove(company, tokens);
      const prune = this.kv.batch();
      for (const member of members) prune.zrem(index, member);
      await prune.exec();
      revoked.push(...tokens.map(recordView));
    }
  }

  /** Ends tokens: their hash lookups first, so the secrets stop working before anything else changes. */
  private async remove(company: string, tokens: StoredAccessToken[]): Promise<void> {
    if (tokens.length === 0) return;
    await this.kv.del(...tokens.map((t) => this.k.tokenByHash(t.sha256)));
    const batch = this.kv.batch();
    for (const t of tokens) {
      batch
        .del(this.k.accessToken(company, t.id), this.k.tokenLastUsed(company, t.id))
        .zrem(this.k.accessTokens(company, t.customer), timeOrdered(t.created_at, t.id));
      this.ledger.removal(batch, { company }, 'access_tokens', t.id, Date.parse(t.expires_at));
    }
    await batch.exec();
  }
}
