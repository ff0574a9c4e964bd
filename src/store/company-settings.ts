import type { EncryptionKey } from '../crypto/keys.js';
import { open, seal } from '../crypto/sealed.js';
import { monotonicTimestamp, randomToken } from '../ids.js';
import type { Keys } from './keys.js';
import type { Kv } from './kv.js';

export interface CompanySettings {
  redirect_uris: string[];
  default_redirect_uri: string | null;
}

export interface SigningSecret {
  id: string;
  created_at: string;
  /** Set when a newer secret replaced this one: it keeps verifying until then. */
  expires_at: string | null;
}

interface StoredSecret extends SigningSecret {
  sealed: string;
}

export const SIGNING_SECRET_OVERLAP_MS = 24 * 60 * 60 * 1000;
const EMPTY: CompanySettings = { redirect_uris: [], default_redirect_uri: null };

export class CompanySettingsStore {
  constructor(
    private readonly kv: Kv,
    private readonly k: Keys,
    private readonly encryption: EncryptionKey[],
  ) {}

  async get(companyId: string): Promise<CompanySettings> {
    const raw = await this.kv.get(this.k.settings(companyId));
    return raw ? (JSON.parse(raw) as CompanySettings) : { ...EMPTY };
  }

  async put(companyId: string, settings: CompanySettings): Promise<CompanySettings> {
    await this.kv.set(this.k.settings(companyId), JSON.stringify(settings));
    return settings;
  }

  private async stored(companyId: string): Promise<StoredSecret[]> {
    const raw = await this.kv.get(this.k.signingSecrets(companyId));
    const now = Date.now();
    return raw
      ? (JSON.parse(raw) as StoredSecret[]).filter(
          (s) => s.expires_at === null || Date.parse(s.expires_at) > now,
        )
      : [];
  }

  /** The secrets that currently sign results, newest first. */
  async activeSecrets(companyId: string): Promise<(SigningSecret & { secret: string })[]> {
    return (await this.stored(companyId)).map(({ sealed, ...meta }) => ({
      ...meta,
      secret: open(this.encryption, sealed, `signing-secret:${companyId}:${meta.id}`),
    }));
  }

  async listSecrets(companyId: string): Promise<SigningSecret[]> {
    return (await this.stored(companyId)).map(({ sealed: _sealed, ...meta }) => meta);
  }

  /** A new secret, shown once; the ones before it keep verifying for 24 hours. */
  async rotateSecret(companyId: string): Promise<SigningSecret & { secret: string }> {
    const secret = `adl_sig_${randomToken(32)}`;
    const meta: SigningSecret = {
      id: `ss_${randomToken(12)}`,
      created_at: monotonicTimestamp(),
      expires_at: null,
    };
    const retireAt = new Date(Date.now() + SIGNING_SECRET_OVERLAP_MS).toISOString();
    const previous = (await this.stored(companyId)).map((s) => ({
      ...s,
      expires_at: s.expires_at ?? retireAt,
    }));
    const next: StoredSecret = {
      ...meta,
      sealed: seal(this.encryption, secret, `signing-secret:${companyId}:${meta.id}`),
    };
    await this.kv.set(this.k.signingSecrets(companyId), JSON.stringify([next, ...previous]));
    return { ...meta, secret };
  }
}
