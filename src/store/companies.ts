import { createHash } from 'node:crypto';
import { remember } from '../bounded-map.js';
import type { AccessScope } from '../domain/access-scopes.js';
import { idOfTimeOrdered, monotonicTimestamp, newUuid, randomToken, timeOrdered } from '../ids.js';
import type { Keys } from './keys.js';
import type { Kv } from './kv.js';

export interface Company {
  id: string;
  name: string;
  created_at: string;
}

export interface CompanyToken {
  id: string;
  company: string;
  /** The first characters of the secret, enough to recognise it in a list. */
  prefix: string;
  created_at: string;
  revoked_at: string | null;
  last_used_at: string | null;
}

interface StoredToken extends Omit<CompanyToken, 'last_used_at'> {
  sha256: string;
}

/**
 * What a token's hash maps to: the company it acts for and the token's id; for an access token also
 * the one customer it acts for, its scope and when it expires. The only record authentication reads.
 */
export interface TokenOwner {
  company: string;
  token: string;
  customer?: string;
  scope?: AccessScope;
  expires_at?: string;
}

export const TOKEN_PREFIX = 'adl_live_';
/** `adl_live_` + 32 random bytes in base64url. */
export const TOKEN_FORMAT = /^adl_live_[A-Za-z0-9_-]{43}$/;
/** A company token or an access token (`adl_at_`, store/access-tokens.ts): what a Bearer header may hold. */
export const BEARER_TOKEN_FORMAT = /^adl_(live|at)_[A-Za-z0-9_-]{43}$/;
const LAST_USED_GRANULARITY_MS = 60_000;

/** Tokens are found by this hash of their secret. */
export const tokenHash = (secret: string) => createHash('sha256').update(secret).digest('hex');

/**
 * A new token secret: `prefix` + 32 random bytes (256 bits) in base64url, the hash it is stored under
 * and the first characters that recognise it in a list. The secret itself is kept nowhere.
 */
export function newTokenSecret(prefix: string) {
  const secret = `${prefix}${randomToken(32)}`;
  return { secret, sha256: tokenHash(secret), shown: secret.slice(0, prefix.length + 6) };
}

export class CompanyStore {
  /** Per-process throttle so last_used_at costs at most one write a minute per token. */
  private readonly lastTouched = new Map<string, number>();

  constructor(
    private readonly kv: Kv,
    private readonly k: Keys,
  ) {}

  async create(name: string): Promise<Company> {
    const company: Company = { id: newUuid(), name, created_at: monotonicTimestamp() };
    // The company record first, the global index second: an index entry never points at nothing.
    await this.kv.set(this.k.company(company.id), JSON.stringify(company));
    await this.kv.batch().zaddLex(this.k.companies(), timeOrdered(company.created_at, company.id)).exec();
    return company;
  }

  async get(id: string): Promise<Company | null> {
    const raw = await this.kv.get(this.k.company(id));
    return raw ? (JSON.parse(raw) as Company) : null;
  }

  /** Oldest first; a deployment has few companies, so one page of `limit` is enough for the CLI. */
  async list(limit = 1000): Promise<Company[]> {
    const members = await this.kv.zrangeLex(this.k.companies(), { limit });
    const raws = await this.kv.mget(members.map((m) => this.k.company(idOfTimeOrdered(m))));
    return raws.filter((r): r is string => r !== null).map((r) => JSON.parse(r) as Company);
  }

  async any(): Promise<boolean> {
    return (await this.kv.zcard(this.k.companies())) > 0;
  }

  /** Issues a new token; the secret is returned once and only its hash is kept. */
  async createToken(companyId: string): Promise<{ token: CompanyToken; secret: string }> {
    const { secret, sha256, shown } = newTokenSecret(TOKEN_PREFIX);
    const stored: StoredToken = {
      id: `tok_${randomToken(16)}`,
      company: companyId,
      prefix: shown,
      created_at: monotonicTimestamp(),
      revoked_at: null,
      sha256,
    };
    const owner: TokenOwner = { company: companyId, token: stored.id };
    await this.kv
      .batch()
      .set(this.k.token(companyId, stored.id), JSON.stringify(stored))
      .sadd(this.k.tokens(companyId), stored.id)
      .exec();
    await this.kv.set(this.k.tokenOwner(stored.id), companyId);
    // Written last: the secret works only once everything describing it exists.
    await this.kv.set(this.k.tokenByHash(stored.sha256), JSON.stringify(owner));
    return { token: publicToken(stored, null), secret };
  }

  /** The company and token a secret belongs to, or null when it is unknown or revoked. */
  async authenticate(secret: string): Promise<TokenOwner | null> {
    if (!TOKEN_FORMAT.test(secret)) return null;
    const raw = await this.kv.get(this.k.tokenByHash(tokenHash(secret)));
    return raw ? (JSON.parse(raw) as TokenOwner) : null;
  }

  /** Records when a token (company or access token) was last used; an access token's record expires with it. */
  async touch(owner: TokenOwner, now = Date.now()): Promise<void> {
    const last = this.lastTouched.get(owner.token);
    if (last !== undefined && now - last < LAST_USED_GRANULARITY_MS) return;
    remember(this.lastTouched, 10_000, owner.token, now);
    const left = owner.expires_at === undefined ? undefined : Date.parse(owner.expires_at) - now;
    if (left !== undefined && left <= 0) return;
    await this.kv.set(
      this.k.tokenLastUsed(owner.company, owner.token),
      new Date(now).toISOString(),
      left === undefined ? {} : { ttlMs: left },
    );
  }

  async listTokens(companyId: string): Promise<CompanyToken[]> {
    const ids = (await this.kv.smembers(this.k.tokens(companyId))).sort();
    const raws = await this.kv.mget(ids.map((id) => this.k.token(companyId, id)));
    const used = await this.kv.mget(ids.map((id) => this.k.tokenLastUsed(companyId, id)));
    return raws
      .map((raw, i) => (raw ? publicToken(JSON.parse(raw) as StoredToken, used[i] ?? null) : null))
      .filter((t): t is CompanyToken => t !== null)
      .sort((a, b) => a.created_at.localeCompare(b.created_at));
  }

  /**
   * Revokes a token. The hash lookup goes first, so the secret stops working before anything else
   * happens. Returns null for an unknown id, and when `companyId` is given and does not own it.
   */
  async revokeToken(tokenId: string, companyId?: string): Promise<CompanyToken | null> {
    const owner = await this.kv.get(this.k.tokenOwner(tokenId));
    if (!owner || (companyId !== undefined && owner !== companyId)) return null;
    const raw = await this.kv.get(this.k.token(owner, tokenId));
    if (!raw) return null;
    const stored = JSON.parse(raw) as StoredToken;
    await this.kv.del(this.k.tokenByHash(stored.sha256));
    if (!stored.revoked_at) {
      stored.revoked_at = new Date().toISOString();
      await this.kv.set(this.k.token(owner, tokenId), JSON.stringify(stored));
    }
    return publicToken(stored, await this.kv.get(this.k.tokenLastUsed(owner, tokenId)));
  }
}

function publicToken(stored: StoredToken, lastUsedAt: string | null): CompanyToken {
  const { sha256: _hash, ...token } = stored;
  return { ...token, last_used_at: lastUsedAt };
}
