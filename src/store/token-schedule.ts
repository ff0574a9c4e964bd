import { PLATFORM_IDS, type PlatformId } from '../domain/platform-ids.js';
import type { Kv } from './kv.js';

export interface ScheduledConnection {
  company: string;
  customer: string;
  platform: PlatformId;
}

export interface DueRenewal extends ScheduledConnection {
  /** Transient failures so far (for the backoff); 0 after a success. */
  failures: number;
  /** Its member of the schedule: where a read of the next ones goes on from. */
  member: string;
}

/** Wide enough for epoch seconds for ever; members sort by due time as text. */
const WIDTH = 12;

/**
 * When each connection's authorization is next renewed: one lexicographic set ordered by due time
 * (`<due, zero-padded>|<company>|<customer>|<platform>|<failures>`), and per connection the member it
 * has now, so rescheduling replaces it. Every key carries the `{keeper}` hash tag: one slot on Redis
 * Cluster, so a reschedule is one MULTI.
 */
export class TokenSchedule {
  /** The set of every scheduled connection. */
  readonly due: string;

  constructor(
    private readonly kv: Kv,
    private readonly prefix: string,
  ) {
    this.due = `${prefix}{keeper}:due`;
  }

  /** The key holding the connection's current member. */
  pointer({ company, customer, platform }: ScheduledConnection): string {
    return `${this.prefix}{keeper}:at:${company}:${customer}:${platform}`;
  }

  /** Renew the connection at `dueAt` (epoch seconds; null: never), replacing its earlier entry. */
  async schedule(ref: ScheduledConnection, dueAt: number | null, failures = 0): Promise<void> {
    if (dueAt === null) return this.unschedule(ref);
    const pointer = this.pointer(ref);
    const previous = await this.kv.get(pointer);
    const member = [
      String(Math.max(0, Math.floor(dueAt))).padStart(WIDTH, '0'),
      ref.company,
      ref.customer,
      ref.platform,
      failures,
    ].join('|');
    const batch = this.kv.batch();
    if (previous) batch.zrem(this.due, previous);
    await batch.zaddLex(this.due, member).set(pointer, member).exec();
  }

  async unschedule(ref: ScheduledConnection): Promise<void> {
    const pointer = this.pointer(ref);
    const previous = await this.kv.get(pointer);
    const batch = this.kv.batch().del(pointer);
    if (previous) batch.zrem(this.due, previous);
    await batch.exec();
  }

  /**
   * Whether `owner` runs the keeper for the next `ttlMs`: it takes the lease when it is free and keeps
   * it while it holds it, so one instance at a time renews.
   */
  lead(owner: string, ttlMs: number): Promise<boolean> {
    return this.kv.holdLease(`${this.prefix}{keeper}:lease`, owner, ttlMs);
  }

  /** Forgets every platform of a deleted customer (nothing of it stays behind). */
  async unscheduleCustomer(company: string, customer: string): Promise<void> {
    const pointers = PLATFORM_IDS.map((platform) => this.pointer({ company, customer, platform }));
    const members = await this.kv.mget(pointers);
    const batch = this.kv.batch().del(...pointers);
    for (const member of members) if (member) batch.zrem(this.due, member);
    await batch.exec();
  }

  /**
   * Up to `limit` connections due at `now` (epoch seconds), earliest first; `after`: those after this
   * member. One range read of the due ones alone: nothing is read while nothing is due.
   */
  async dueAt(now: number, limit: number, after?: string): Promise<DueRenewal[]> {
    const below = String(Math.floor(now) + 1).padStart(WIDTH, '0');
    const members = await this.kv.zrangeLex(this.due, { limit, below, ...(after ? { after } : {}) });
    return members.map((member) => {
      const [, company, customer, platform, failures] = member.split('|');
      return {
        company: company!,
        customer: customer!,
        platform: platform as PlatformId,
        failures: Number(failures),
        member,
      };
    });
  }
}
