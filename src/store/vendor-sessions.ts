import { createHash } from 'node:crypto';
import { randomToken } from '../ids.js';
import type { Keys } from './keys.js';
import type { Kv } from './kv.js';

export const LOGIN_LINK_TTL_MS = 10 * 60 * 1000;
/** Idle timeout: every request moves it forward. */
export const VENDOR_SESSION_IDLE_MS = 8 * 60 * 60 * 1000;
/** Absolute lifetime: however busy, a session ends this long after sign-in. */
export const VENDOR_SESSION_MAX_MS = 24 * 60 * 60 * 1000;

export interface VendorSession {
  company: string;
  /** The synchronizer token every form of this session carries. */
  csrf: string;
  created_at: string;
}

const sha256 = (secret: string) => createHash('sha256').update(secret).digest('hex');
const LOGIN_FORMAT = /^adl_login_[A-Za-z0-9_-]{43}$/;
const SESSION_FORMAT = /^[A-Za-z0-9_-]{43}$/;

/**
 * Sign-in links and sessions of the vendor's integrations pages. Both are kept under the hash of their
 * secret, so what is in Redis cannot be replayed as a cookie or a link.
 */
export class VendorSessionStore {
  constructor(
    private readonly kv: Kv,
    private readonly k: Keys,
  ) {}

  async createLoginLink(company: string): Promise<string> {
    const secret = `adl_login_${randomToken(32)}`;
    await this.kv.set(this.k.loginLink(sha256(secret)), company, { ttlMs: LOGIN_LINK_TTL_MS });
    return secret;
  }

  /** The company of a sign-in link that is still unused, without using it. */
  async peekLoginLink(secret: string): Promise<string | null> {
    return LOGIN_FORMAT.test(secret) ? this.kv.get(this.k.loginLink(sha256(secret))) : null;
  }

  /** Uses the link: exactly one caller gets its company. */
  async redeemLoginLink(secret: string): Promise<string | null> {
    return LOGIN_FORMAT.test(secret) ? this.kv.getdel(this.k.loginLink(sha256(secret))) : null;
  }

  async createSession(company: string): Promise<{ id: string; session: VendorSession }> {
    const id = randomToken(32);
    const session: VendorSession = { company, csrf: randomToken(32), created_at: new Date().toISOString() };
    const index = this.k.vendorSessions(company);
    await this.kv.set(this.k.vendorSession(sha256(id)), JSON.stringify(session), {
      ttlMs: VENDOR_SESSION_IDLE_MS,
    });
    await this.kv.batch().sadd(index, sha256(id)).pexpire(index, VENDOR_SESSION_IDLE_MS).exec();
    return { id, session };
  }

  /**
   * The session behind a cookie, its idle timeout moved forward; null when signed out, idle too long or
   * older than the absolute lifetime.
   */
  async useSession(id: string): Promise<VendorSession | null> {
    if (!SESSION_FORMAT.test(id)) return null;
    const key = this.k.vendorSession(sha256(id));
    const raw = await this.kv.get(key);
    if (!raw) return null;
    const session = JSON.parse(raw) as VendorSession;
    if (Date.parse(session.created_at) + VENDOR_SESSION_MAX_MS <= Date.now()) {
      await this.kv.del(key);
      return null;
    }
    // Two keys of two hash slots (the session is found by its hash alone): two commands, not one batch.
    await Promise.all([
      this.kv.batch().pexpire(key, VENDOR_SESSION_IDLE_MS).exec(),
      this.kv.batch().pexpire(this.k.vendorSessions(session.company), VENDOR_SESSION_IDLE_MS).exec(),
    ]);
    return session;
  }

  async endSession(id: string): Promise<void> {
    if (SESSION_FORMAT.test(id)) await this.kv.del(this.k.vendorSession(sha256(id)));
  }

  /** Signs every session of a company out. Returns how many were open. */
  async endAllSessions(company: string): Promise<number> {
    const index = this.k.vendorSessions(company);
    const hashes = await this.kv.smembers(index);
    // One DEL per session: they live in different hash slots.
    const deleted = await Promise.all(hashes.map((h) => this.kv.del(this.k.vendorSession(h))));
    const open = deleted.reduce((sum, n) => sum + n, 0);
    await this.kv.del(index);
    return open;
  }
}
