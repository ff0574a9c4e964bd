import { remember } from '../../bounded-map.js';
import type { EncryptionKey } from '../../crypto/keys.js';
import { open, seal } from '../../crypto/sealed.js';
import { AppError } from '../../errors.js';
import { monotonicTimestamp, randomToken } from '../../ids.js';
import type { Kv, ReadPlan } from '../../store/kv.js';
import { updateRecord } from '../../store/update-record.js';
import type { EventKeys } from '../keys.js';
import { currentFormat, type Subscription, upgraded } from './subscriptions.js';

export const ENDPOINTS_PER_COMPANY = 5;
/** After a rotation the previous secret keeps signing (a second v1) this long. */
export const SECRET_OVERLAP_MS = 24 * 60 * 60 * 1000;

export interface WebhookEndpoint {
  id: string;
  url: string;
  events: Subscription;
  enabled: boolean;
  /** Why adlink disabled it (`failing`: every delivery failed for the retry window); null otherwise. */
  disabled_reason: 'failing' | null;
  /** Since when every delivery failed; null after a success. */
  failing_since: string | null;
  created_at: string;
}

/** An endpoint and the secrets that sign its deliveries now, newest first. */
export interface SigningEndpoint {
  endpoint: WebhookEndpoint;
  secrets: string[];
}

interface StoredEndpoint extends WebhookEndpoint {
  /** Newest first; a retired one has `expires_at`. */
  secrets: { sealed: string; expires_at: string | null }[];
  /** The record's format (subscriptions.ts); absent in records written before "all" was `["*"]`. */
  format?: number;
}

export const endpointNotFound = (id: string) =>
  new AppError('webhook_endpoint_not_found', `No webhook endpoint ${id}.`, { param: 'id' });

const publicView = ({ secrets: _secrets, format: _format, ...endpoint }: StoredEndpoint): WebhookEndpoint =>
  endpoint;

/** A company's endpoints record, each endpoint in the current format. */
const parsed = (raw: string | null | undefined): StoredEndpoint[] =>
  raw ? (JSON.parse(raw) as StoredEndpoint[]).map(upgraded) : [];

/** Companies (and secrets) whose last decoding a delivery reuses; beyond this many, it starts afresh. */
const MAX_REMEMBERED = 10_000;

/** A company's webhook endpoints: one record, so the limit of 5 and every change are atomic. */
export class EndpointStore {
  /**
   * Every delivery reads its company's record: the last one decoded per company, and each secret
   * unsealed, are kept for as long as the record read is the same text, so a busy endpoint costs one
   * JSON parse and one decryption per change instead of per delivery (the record is still read each
   * time).
   */
  private readonly lastRead = new Map<string, { raw: string; endpoints: StoredEndpoint[] }>();
  private readonly unsealed = new Map<string, string>();

  constructor(
    private readonly kv: Kv,
    private readonly k: EventKeys,
    private readonly encryption: EncryptionKey[],
  ) {}

  private async stored(company: string): Promise<StoredEndpoint[]> {
    return parsed(await this.kv.get(this.k.endpoints(company)));
  }

  async list(company: string): Promise<WebhookEndpoint[]> {
    return (await this.stored(company)).map(publicView);
  }

  async get(company: string, id: string): Promise<WebhookEndpoint | null> {
    const found = (await this.stored(company)).find((e) => e.id === id);
    return found ? publicView(found) : null;
  }

  /** The secrets that sign now, newest first. */
  async secrets(company: string, id: string): Promise<string[]> {
    return this.signing(
      company,
      (await this.stored(company)).find((e) => e.id === id),
    );
  }

  private signing(company: string, found: StoredEndpoint | undefined): string[] {
    const now = new Date().toISOString();
    return (found?.secrets ?? [])
      .filter((s) => s.expires_at === null || s.expires_at > now)
      .map((s) => this.open(s.sealed, `webhook-secret:${company}:${found!.id}`));
  }

  private open(sealed: string, associatedData: string): string {
    const key = `${associatedData} ${sealed}`;
    return (
      this.unsealed.get(key) ??
      remember(this.unsealed, MAX_REMEMBERED, key, open(this.encryption, sealed, associatedData))
    );
  }

  /** The record as decoded the last time it read the same; never changed by its readers. */
  private decoded(company: string, raw: string | null): StoredEndpoint[] {
    if (raw === null) return [];
    const last = this.lastRead.get(company);
    if (last?.raw === raw) return last.endpoints;
    return remember(this.lastRead, MAX_REMEMBERED, company, { raw, endpoints: parsed(raw) }).endpoints;
  }

  /**
   * The company's endpoints read with other reads (for a delivery, whose endpoint is known only from
   * the same round trip): finds one of them with the secrets that sign now.
   */
  signingPlan(company: string): ReadPlan<(id: string) => SigningEndpoint | null> {
    return {
      reads: [{ get: this.k.endpoints(company) }],
      decode: ([raw]) => {
        const endpoints = this.decoded(company, raw as string | null);
        return (id) => {
          const found = endpoints.find((e) => e.id === id);
          return found ? { endpoint: publicView(found), secrets: this.signing(company, found) } : null;
        };
      },
    };
  }

  private newSecret(company: string, id: string) {
    const secret = `whsec_${randomToken(32)}`;
    return { secret, sealed: seal(this.encryption, secret, `webhook-secret:${company}:${id}`) };
  }

  private change<T>(
    company: string,
    edit: (endpoints: StoredEndpoint[]) => { next: StoredEndpoint[]; result: T },
  ) {
    return updateRecord(this.kv, this.k.endpoints(company), (raw) => {
      const { next, result } = edit(parsed(raw));
      return { value: JSON.stringify(next), result };
    });
  }

  /** A new endpoint and its secret (shown once); refused beyond the limit. */
  async create(
    company: string,
    input: { url: string; events: Subscription; enabled: boolean },
  ): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
    const id = `we_${randomToken(12)}`;
    const { secret, sealed } = this.newSecret(company, id);
    const endpoint: StoredEndpoint = {
      id,
      ...input,
      disabled_reason: null,
      failing_since: null,
      created_at: monotonicTimestamp(),
      secrets: [{ sealed, expires_at: null }],
      ...currentFormat,
    };
    return this.change(company, (endpoints) => {
      if (endpoints.length >= ENDPOINTS_PER_COMPANY) {
        throw new AppError(
          'quota_exceeded',
          `A company can have at most ${ENDPOINTS_PER_COMPANY} webhook endpoints.`,
        );
      }
      return { next: [...endpoints, endpoint], result: { endpoint: publicView(endpoint), secret } };
    });
  }

  /** Changes url, events or enabled; enabling again clears adlink's reason and the failure streak. */
  update(
    company: string,
    id: string,
    changes: Partial<Pick<WebhookEndpoint, 'url' | 'events' | 'enabled'>>,
  ): Promise<WebhookEndpoint> {
    return this.edit(company, id, (e) => ({
      ...e,
      ...changes,
      ...(changes.enabled ? { disabled_reason: null, failing_since: null } : {}),
    }));
  }

  /** A new secret (shown once); the previous one keeps signing for 24 hours. */
  async rotateSecret(company: string, id: string): Promise<string> {
    const { secret, sealed } = this.newSecret(company, id);
    const retireAt = new Date(Date.now() + SECRET_OVERLAP_MS).toISOString();
    const now = new Date().toISOString();
    await this.edit(company, id, (e) => ({
      ...e,
      secrets: [
        { sealed, expires_at: null },
        ...e.secrets
          .filter((s) => s.expires_at === null || s.expires_at > now)
          .map((s) => ({ ...s, expires_at: s.expires_at ?? retireAt })),
      ],
    }));
    return secret;
  }

  async delete(company: string, id: string): Promise<void> {
    await this.change(company, (endpoints) => {
      if (!endpoints.some((e) => e.id === id)) throw endpointNotFound(id);
      return { next: endpoints.filter((e) => e.id !== id), result: undefined };
    });
  }

  /**
   * Notes a delivery's final outcome: a success ends a failure streak; a failure starts one, and a
   * streak as long as `disableAfterMs` disables the endpoint. Returns the endpoint after the change.
   */
  recordOutcome(company: string, id: string, ok: boolean, disableAfterMs: number) {
    const now = new Date();
    return this.edit(company, id, (e) => {
      if (ok) return { ...e, failing_since: null };
      const since = e.failing_since ?? now.toISOString();
      const disable = e.enabled && now.getTime() - Date.parse(since) >= disableAfterMs;
      return {
        ...e,
        failing_since: since,
        ...(disable ? { enabled: false, disabled_reason: 'failing' as const } : {}),
      };
    });
  }

  private async edit(
    company: string,
    id: string,
    change: (endpoint: StoredEndpoint) => StoredEndpoint,
  ): Promise<WebhookEndpoint> {
    return this.change(company, (endpoints) => {
      const found = endpoints.find((e) => e.id === id);
      if (!found) throw endpointNotFound(id);
      const changed = change(found);
      return { next: endpoints.map((e) => (e.id === id ? changed : e)), result: publicView(changed) };
    });
  }
}
