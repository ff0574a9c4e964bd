import type { EncryptionKey } from '../crypto/keys.js';
import { open, reseal, seal } from '../crypto/sealed.js';
import type { PlatformId } from '../domain/platform-ids.js';
import type { Keys } from './keys.js';
import type { Kv } from './kv.js';
import { updateRecord } from './update-record.js';

export interface AdAccount {
  id: string;
  name: string;
  currency?: string;
  /** The manager account this one is reached through (Google Ads' `login-customer-id` on its calls). */
  manager_id?: string;
}

/**
 * The accounts a reconnect keeps: those of the earlier choice the new grant still reaches, or every
 * account it reaches when none of them is left (or there was no earlier connection).
 */
export function keptChoice(previous: AdAccount[] | undefined, reachable: AdAccount[]): AdAccount[] {
  const kept = reachable.filter((a) => previous?.some((p) => p.id === a.id));
  return kept.length > 0 ? kept : reachable;
}

/** What the vendor and the hosted page may see of a connection: never its tokens. */
export interface Connection {
  platform: PlatformId;
  status: 'connected' | 'needs_reauth';
  ad_accounts: AdAccount[];
  scopes: string[];
  connected_at: string;
  updated_at: string;
  /**
   * When the authorization lapses for good: set only when it cannot be renewed (no refresh token, as
   * Meta's long-lived tokens), so the vendor can send a reconnect link in time.
   */
  expires_at: string | null;
  /** Why the connection needs reauthorization (see docs/connect.md, Keeping connections alive); null otherwise. */
  reauth_reason: ReauthReason | null;
}

/**
 * Why a connection was marked needs_reauth. `scope_missing`: the platform refused a call for want of a
 * permission the connection was never granted (it was made before adlink asked for that scope).
 */
export const REAUTH_REASONS = [
  'grant_refused',
  'token_rejected',
  'token_expired',
  'app_changed',
  'credentials_unreadable',
  'scope_missing',
] as const;
export type ReauthReason = (typeof REAUTH_REASONS)[number];

/** The lapse time a connection shows for these credentials (see Connection.expires_at). */
export const lapsesAt = (credentials: Credentials): string | null =>
  credentials.refresh_token === null && credentials.expires_at !== null
    ? new Date(credentials.expires_at * 1000).toISOString()
    : null;

/** Records stored before `expires_at` existed read as renewable. */
const visible = ({ credentials: _sealed, ...connection }: StoredConnection): Connection => ({
  ...connection,
  expires_at: connection.expires_at ?? null,
  reauth_reason: connection.reauth_reason ?? null,
});

export interface Credentials {
  access_token: string;
  refresh_token: string | null;
  /** Epoch seconds, when the platform said. */
  expires_at: number | null;
  /** Epoch seconds when adlink obtained the access token; with expires_at, its lifetime. */
  obtained_at: number;
  /** The OAuth app that obtained them; refreshes must use the same one. */
  client_id: string;
}

interface StoredConnection extends Connection {
  credentials: string;
}

export class ConnectionStore {
  constructor(
    private readonly kv: Kv,
    private readonly k: Keys,
    private readonly encryption: EncryptionKey[],
  ) {}

  /** Ciphertexts are bound to their record: one copied to another customer or platform fails to open. */
  private aad(company: string, customer: string, platform: PlatformId) {
    return `connection:${company}:${customer}:${platform}`;
  }

  /**
   * Creates or replaces (reconnect) the connection and lists the platform on the customer, atomically,
   * and only while the customer exists. Returns false when it was deleted.
   */
  async save(
    company: string,
    customer: string,
    connection: Connection,
    credentials: Credentials,
  ): Promise<boolean> {
    const stored: StoredConnection = {
      ...connection,
      credentials: seal(
        this.encryption,
        JSON.stringify(credentials),
        this.aad(company, customer, connection.platform),
      ),
    };
    return this.kv.setIfExists(
      this.k.customer(company, customer),
      this.k.connection(company, customer, connection.platform),
      JSON.stringify(stored),
      this.k.customerPlatforms(company, customer),
      connection.platform,
    );
  }

  private async stored(
    company: string,
    customer: string,
    platform: PlatformId,
  ): Promise<StoredConnection | null> {
    const raw = await this.kv.get(this.k.connection(company, customer, platform));
    return raw ? (JSON.parse(raw) as StoredConnection) : null;
  }

  async get(company: string, customer: string, platform: PlatformId): Promise<Connection | null> {
    const stored = await this.stored(company, customer, platform);
    return stored ? visible(stored) : null;
  }

  /** Throws SealError when the ciphertext was tampered with, truncated or moved from another record. */
  async credentials(company: string, customer: string, platform: PlatformId): Promise<Credentials | null> {
    const stored = await this.stored(company, customer, platform);
    if (!stored) return null;
    return JSON.parse(
      open(this.encryption, stored.credentials, this.aad(company, customer, platform)),
    ) as Credentials;
  }

  async list(company: string, customer: string): Promise<Connection[]> {
    const platforms = (
      await this.kv.smembers(this.k.customerPlatforms(company, customer))
    ).sort() as PlatformId[];
    const raws = await this.kv.mget(platforms.map((p) => this.k.connection(company, customer, p)));
    return raws.flatMap((raw) => (raw ? [visible(JSON.parse(raw) as StoredConnection)] : []));
  }

  /** Changes the stored connection in one atomic step; nothing is written once it is gone (deleted). */
  private change(
    company: string,
    customer: string,
    platform: PlatformId,
    update: (stored: StoredConnection) => StoredConnection | null,
  ): Promise<boolean> {
    return updateRecord(this.kv, this.k.connection(company, customer, platform), (raw) => {
      const next = raw ? update(JSON.parse(raw) as StoredConnection) : null;
      return { value: next && JSON.stringify(next), result: raw !== null };
    });
  }

  /**
   * Replaces the credentials of an existing connection (after a refresh); false when it is gone. The
   * write happens only over the record it read, so a refresh finishing while the customer or the
   * connection is deleted cannot write the connection back.
   */
  saveCredentials(company: string, customer: string, platform: PlatformId, credentials: Credentials) {
    const sealed = seal(this.encryption, JSON.stringify(credentials), this.aad(company, customer, platform));
    return this.change(company, customer, platform, (stored) => ({
      ...stored,
      credentials: sealed,
      updated_at: new Date().toISOString(),
      expires_at: lapsesAt(credentials),
    }));
  }

  /** Seals the credentials again under the newest encryption key; false when they already were. */
  async reseal(company: string, customer: string, platform: PlatformId): Promise<boolean> {
    let changed = false;
    await this.change(company, customer, platform, (stored) => {
      const credentials = reseal(this.encryption, stored.credentials, this.aad(company, customer, platform));
      changed = credentials !== null;
      return credentials === null ? null : { ...stored, credentials };
    });
    return changed;
  }

  /** Replaces the ad accounts adlink may use; false when the connection is gone. */
  chooseAccounts(company: string, customer: string, platform: PlatformId, accounts: AdAccount[]) {
    return this.change(company, customer, platform, (stored) => ({
      ...stored,
      ad_accounts: accounts,
      updated_at: new Date().toISOString(),
    }));
  }

  /** True when this call marked it: false when it was already marked (or is gone). */
  async markNeedsReauth(
    company: string,
    customer: string,
    platform: PlatformId,
    reason: ReauthReason,
  ): Promise<boolean> {
    let marked = false;
    await this.change(company, customer, platform, (stored) => {
      marked = stored.status !== 'needs_reauth';
      return marked
        ? { ...stored, status: 'needs_reauth', reauth_reason: reason, updated_at: new Date().toISOString() }
        : null;
    });
    return marked;
  }

  async delete(company: string, customer: string, platform: PlatformId): Promise<void> {
    await this.kv
      .batch()
      .del(this.k.connection(company, customer, platform))
      .srem(this.k.customerPlatforms(company, customer), platform)
      .exec();
  }
}
