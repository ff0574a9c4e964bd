import type { EncryptionKey } from '../crypto/keys.js';
import { open, reseal, seal } from '../crypto/sealed.js';
import { monotonicTimestamp, randomToken } from '../ids.js';
import type { Keys } from './keys.js';
import { type Kv, type ReadPlan, readPlans } from './kv.js';
import { updateRecord } from './update-record.js';

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
    const [settings] = await readPlans(this.kv, this.getPlan(companyId));
    return settings;
  }

  getPlan(companyId: string): ReadPlan<CompanySettings> {
    return {
      reads: [{ get: this.k.settings(companyId) }],
      decode: ([raw]) => (raw ? (JSON.parse(raw as string) as CompanySettings) : { ...EMPTY }),
    };
  }

  async put(companyId: string, settings: CompanySettings): Promise<CompanySettings> {
    await this.kv.set(this.k.settings(companyId), JSON.stringify(settings));
    return settings;
  }

  /**
   * Changes the settings from what is stored now, as one atomic step (concurrent edits of the list
   * never overwrite each other). `change` returns the new settings, or null to leave them; `result`
   * is whatever it wants to hand back.
   */
  async update<T>(
    companyId: string,
    change: (current: CompanySettings) => { settings: CompanySettings | null; result: T },
  ): Promise<T> {
    return updateRecord(this.kv, this.k.settings(companyId), (raw) => {
      const { settings, result } = change(raw ? (JSON.parse(raw) as CompanySettings) : { ...EMPTY });
      return { value: settings && JSON.stringify(settings), result };
    });
  }

  private async stored(companyId: string): Promise<StoredSecret[]> {
    return unexpired(await this.kv.get(this.k.signingSecrets(companyId)));
  }

  private opened(companyId: string, stored: StoredSecret[]): (SigningSecret & { secret: string })[] {
    return stored.map(({ sealed, ...meta }) => ({
      ...meta,
      secret: open(this.encryption, sealed, `signing-secret:${companyId}:${meta.id}`),
    }));
  }

  /** The secrets that currently sign results, newest first. */
  async activeSecrets(companyId: string): Promise<(SigningSecret & { secret: string })[]> {
    return this.opened(companyId, await this.stored(companyId));
  }

  /**
   * The active secrets; when there is none, the first one is created in the same atomic step, so two
   * results finishing at once sign with one secret instead of racing to create two.
   */
  async signingSecrets(companyId: string): Promise<(SigningSecret & { secret: string })[]> {
    return updateRecord(this.kv, this.k.signingSecrets(companyId), (raw) => {
      const active = unexpired(raw);
      if (active.length > 0) return { value: null, result: this.opened(companyId, active) };
      const { stored, secret } = this.newSecret(companyId);
      return { value: JSON.stringify([stored]), result: [secret] };
    });
  }

  async listSecrets(companyId: string): Promise<SigningSecret[]> {
    return (await this.stored(companyId)).map(({ sealed: _sealed, ...meta }) => meta);
  }

  /**
   * A new secret, shown once; the ones before it keep verifying for 24 hours. One atomic step: with
   * rotations at the same time, every new secret is stored and only the newest stays without expiry.
   */
  async rotateSecret(companyId: string): Promise<SigningSecret & { secret: string }> {
    const { stored, secret } = this.newSecret(companyId);
    return updateRecord(this.kv, this.k.signingSecrets(companyId), (raw) => {
      const retireAt = new Date(Date.now() + SIGNING_SECRET_OVERLAP_MS).toISOString();
      const previous = unexpired(raw).map((s) => ({ ...s, expires_at: s.expires_at ?? retireAt }));
      return { value: JSON.stringify([stored, ...previous]), result: secret };
    });
  }

  /** Seals the signing secrets again under the newest encryption key; how many it re-sealed. */
  async resealSecrets(companyId: string): Promise<number> {
    return updateRecord(this.kv, this.k.signingSecrets(companyId), (raw) => {
      let count = 0;
      const secrets = unexpired(raw).map((s) => {
        const sealed = reseal(this.encryption, s.sealed, `signing-secret:${companyId}:${s.id}`);
        if (sealed === null) return s;
        count++;
        return { ...s, sealed };
      });
      return { value: count > 0 ? JSON.stringify(secrets) : null, result: count };
    });
  }

  private newSecret(companyId: string): { stored: StoredSecret; secret: SigningSecret & { secret: string } } {
    const secret = `adl_sig_${randomToken(32)}`;
    const meta: SigningSecret = {
      id: `ss_${randomToken(12)}`,
      created_at: monotonicTimestamp(),
      expires_at: null,
    };
    const stored = {
      ...meta,
      sealed: seal(this.encryption, secret, `signing-secret:${companyId}:${meta.id}`),
    };
    return { stored, secret: { ...meta, secret } };
  }
}

function unexpired(raw: string | null): StoredSecret[] {
  const now = Date.now();
  return raw
    ? (JSON.parse(raw) as StoredSecret[]).filter(
        (s) => s.expires_at === null || Date.parse(s.expires_at) > now,
      )
    : [];
}
