import type { PlatformId } from '../domain/platform-ids.js';
import type { AdAccount } from './connections.js';
import type { Keys } from './keys.js';
import { type Batch, type Kv, type ReadPlan, readPlans } from './kv.js';
import type { Ledger } from './ledger.js';

/** What a connect link grants, kept while the link is valid (its JWT only points here by jti). */
export interface SessionRecord {
  company: string;
  customer: string;
  /** The subset the vendor offered, or null for every platform available. */
  platforms: PlatformId[] | null;
  redirect_uri: string | null;
  exp: number;
}

/** A browser's visit to the hosted pages, bound to its HttpOnly cookie. */
export interface Flow extends Omit<SessionRecord, 'exp'> {
  /** The SHA-256 of the cookie value (see connect/flow.ts flowIdOf); the value itself is never stored. */
  id: string;
  jti: string;
  /** Carried by the flow's forms, so a page of an earlier flow cannot act on this one. */
  form_token: string;
  /** The pages' language when the link named one. */
  locale?: string;
  /** Platforms connected during this visit, reported back to the vendor. */
  connected: PlatformId[];
  /** Platforms whose last attempt in this visit failed or was denied. */
  failed: PlatformId[];
  /** Per platform connected in this visit, every ad account its grant reaches: what "Choose ad accounts" offers. */
  reachable?: Partial<Record<PlatformId, AdAccount[]>>;
  started_at: string;
}

/** A one-time OAuth attempt; its id is the `state` sent to the platform. */
export interface Attempt {
  flow: string;
  platform: PlatformId;
  code_verifier: string | null;
  redirect_uri: string;
  /** The deployment's or the company's OAuth app, so the exchange uses the same client. */
  client_id: string;
}

export const FLOW_TTL_MS = 60 * 60 * 1000;
export const ATTEMPT_TTL_MS = 10 * 60 * 1000;

export class ConnectSessionStore {
  constructor(
    private readonly kv: Kv,
    private readonly k: Keys,
    private readonly ledger: Ledger,
  ) {}

  /**
   * Adds to `batch` the removal of a link's place in the open-links quotas, at its end (used or
   * revoked): from the company's ledger and its customer's, whichever counted it (the other has no
   * such entry).
   */
  private freeQuota(batch: Batch, jti: string, { company, customer, exp }: SessionRecord): Batch {
    this.ledger.removal(batch, { company }, 'open_links', jti, exp * 1000);
    return this.ledger.removal(batch, { company, customer }, 'open_links', jti, exp * 1000);
  }

  /** Writes the session in one transaction, with whatever else `batch` already holds. */
  async createSession(jti: string, record: SessionRecord, batch: Batch = this.kv.batch()): Promise<void> {
    await this.sessionWrites(jti, record, batch).exec();
  }

  /** Adds a new session's writes to `batch` (createSession, or a write the gate makes: Kv.gate). */
  sessionWrites(jti: string, record: SessionRecord, batch: Batch): Batch {
    const ttlMs = record.exp * 1000 - Date.now();
    const index = this.k.customerSessions(record.company, record.customer);
    return batch
      .set(this.k.session(record.company, jti), JSON.stringify(record), { ttlMs })
      .sadd(index, jti)
      .pexpire(index, FLOW_TTL_MS);
  }

  async peekSession(company: string, jti: string): Promise<SessionRecord | null> {
    const [record] = await readPlans(this.kv, this.peekPlan(company, jti));
    return record;
  }

  peekPlan(company: string, jti: string): ReadPlan<SessionRecord | null> {
    return {
      reads: [{ get: this.k.session(company, jti) }],
      decode: ([raw]) => (raw ? (JSON.parse(raw as string) as SessionRecord) : null),
    };
  }

  /**
   * Consumes the link: exactly one caller gets the record (GETDEL). The winner's flow id is remembered
   * until the link would have expired, so the same browser can come back with it; the link no longer
   * counts against a quota.
   */
  async consumeSession(company: string, jti: string, flowId: string): Promise<SessionRecord | null> {
    const raw = await this.kv.getdel(this.k.session(company, jti));
    if (!raw) return null;
    const record = JSON.parse(raw) as SessionRecord;
    const remembered = this.kv.batch().set(this.k.sessionUsed(company, jti), flowId, {
      ttlMs: Math.max(1000, record.exp * 1000 - Date.now()),
    });
    await this.freeQuota(remembered, jti, record).exec();
    return record;
  }

  async flowThatUsed(company: string, jti: string): Promise<string | null> {
    return this.kv.get(this.k.sessionUsed(company, jti));
  }

  /** Revokes every open link of a customer. Returns how many were still open. */
  async revokeSessions(company: string, customer: string): Promise<number> {
    const batch = this.kv.batch();
    const open = await this.endSessions(batch, company, customer);
    await batch.exec();
    return open;
  }

  /**
   * Adds to `batch` the end of every open link of a customer: the links, their index and their
   * places in the open-links quotas. Returns how many were still open.
   */
  async endSessions(batch: Batch, company: string, customer: string): Promise<number> {
    const index = this.k.customerSessions(company, customer);
    const jtis = await this.kv.smembers(index);
    const raws = await this.kv.mget(jtis.map((jti) => this.k.session(company, jti)));
    // One operation a link: a customer may hold as many as the company's open-link quota (Kv.Batch).
    for (const jti of jtis) batch.del(this.k.session(company, jti));
    batch.del(index);
    let open = 0;
    raws.forEach((raw, i) => {
      if (raw === null) return;
      this.freeQuota(batch, jtis[i]!, JSON.parse(raw) as SessionRecord);
      open++;
    });
    return open;
  }

  async saveFlow(flow: Flow): Promise<void> {
    await this.kv.set(this.k.flow(flow.id), JSON.stringify(flow), { ttlMs: FLOW_TTL_MS });
  }

  async getFlow(flowId: string): Promise<Flow | null> {
    const raw = await this.kv.get(this.k.flow(flowId));
    return raw ? (JSON.parse(raw) as Flow) : null;
  }

  async endFlow(flowId: string): Promise<void> {
    await this.kv.del(this.k.flow(flowId));
  }

  async createAttempt(state: string, attempt: Attempt): Promise<void> {
    await this.kv.set(this.k.attempt(state), JSON.stringify(attempt), { ttlMs: ATTEMPT_TTL_MS });
  }

  /** Loads and deletes in one step: a state works once, even for two simultaneous callbacks. */
  async takeAttempt(state: string): Promise<Attempt | null> {
    const raw = await this.kv.getdel(this.k.attempt(state));
    return raw ? (JSON.parse(raw) as Attempt) : null;
  }
}
