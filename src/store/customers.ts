import { OWN_CUSTOMER } from '../domain/own-customer.js';
import { PLATFORM_IDS } from '../domain/platform-ids.js';
import { idOfTimeOrdered, monotonicTimestamp, newUuid, timeOrdered } from '../ids.js';
import type { ConnectSessionStore } from './connect-sessions.js';
import type { Keys } from './keys.js';
import { type Kv, type ReadPlan, readPlans } from './kv.js';
import type { TokenSchedule } from './token-schedule.js';

export interface Customer {
  id: string;
  created_at: string;
  name: string;
  company: string;
  platforms: string[];
}

type StoredCustomer = Omit<Customer, 'platforms'>;

export interface Page<T> {
  has_more: boolean;
  data: T[];
}

/** Where a page starts: strictly after one customer, or (going back) strictly before one. */
export type PageFrom = { startingAfter: Customer } | { endingBefore: Customer } | undefined;

const OWN_CUSTOMER_NAME = 'Own ad accounts';

/** How names are compared in search: case-insensitive, compatibility forms folded (NFKC). */
export const searchableName = (name: string): string => name.normalize('NFKC').toLowerCase();

/** Member of the name index: the searchable name, then the id (UUIDs have no `|`). */
const nameOrdered = (name: string, id: string): string => `${searchableName(name)}|${id}`;
const nameOfMember = (member: string): string => member.slice(0, member.lastIndexOf('|'));
const idOfNameMember = (member: string): string => member.slice(member.lastIndexOf('|') + 1);

/** Index entries read at once while looking for the members of a prefix. */
const SEARCH_CHUNK = 100;

export class CustomerStore {
  constructor(
    private readonly kv: Kv,
    private readonly k: Keys,
    private readonly schedule: TokenSchedule,
    private readonly sessions: ConnectSessionStore,
  ) {}

  async create(companyId: string, name: string): Promise<Customer> {
    const customer: StoredCustomer = {
      id: newUuid(),
      created_at: monotonicTimestamp(),
      name,
      company: companyId,
    };
    await this.kv
      .batch()
      .set(this.k.customer(companyId, customer.id), JSON.stringify(customer))
      .zaddLex(this.k.customers(companyId), timeOrdered(customer.created_at, customer.id))
      .zaddLex(this.k.customerNames(companyId), nameOrdered(customer.name, customer.id))
      .exec();
    return { ...customer, platforms: [] };
  }

  /** The company's built-in customer (its own ad accounts), created on first use. */
  async own(companyId: string): Promise<Customer> {
    const stored: StoredCustomer = {
      id: OWN_CUSTOMER,
      created_at: monotonicTimestamp(),
      name: OWN_CUSTOMER_NAME,
      company: companyId,
    };
    await this.kv.set(this.k.customer(companyId, OWN_CUSTOMER), JSON.stringify(stored), { nx: true });
    return (await this.get(companyId, OWN_CUSTOMER))!;
  }

  /** Customers the company created (the built-in one is not counted). */
  count(companyId: string): Promise<number> {
    return this.kv.zcard(this.k.customers(companyId));
  }

  /** The customer, only when it belongs to this company: another company's id reads as missing. */
  async get(companyId: string, customerId: string): Promise<Customer | null> {
    const [customer] = await readPlans(this.kv, this.getPlan(companyId, customerId));
    return customer;
  }

  getPlan(companyId: string, customerId: string): ReadPlan<Customer | null> {
    return {
      reads: [
        { get: this.k.customer(companyId, customerId) },
        { smembers: this.k.customerPlatforms(companyId, customerId) },
      ],
      decode: ([raw, platforms]) =>
        raw
          ? { ...(JSON.parse(raw as string) as StoredCustomer), platforms: (platforms as string[]).sort() }
          : null,
    };
  }

  /**
   * Newest first. `startingAfter` must be a customer of this company (checked by the caller); with
   * `endingBefore` instead, the page of newer customers just before it.
   */
  async list(companyId: string, limit: number, from?: Customer | PageFrom): Promise<Page<Customer>> {
    const start = from && 'id' in from ? { startingAfter: from } : from;
    const backwards = start !== undefined && 'endingBefore' in start;
    const anchor = start && ('endingBefore' in start ? start.endingBefore : start.startingAfter);
    const members = await this.kv.zrangeLex(this.k.customers(companyId), {
      reverse: !backwards,
      limit: limit + 1,
      ...(anchor ? { after: timeOrdered(anchor.created_at, anchor.id) } : {}),
    });
    const page = members.slice(0, limit);
    if (backwards) page.reverse();
    return { has_more: members.length > limit, data: await this.load(companyId, page.map(idOfTimeOrdered)) };
  }

  /**
   * Customers whose name starts with `prefix` (case-insensitive, NFKC), in name order: a range of the
   * name index from the prefix on, up to the first member outside it. Customers created before the
   * index existed are not found.
   */
  async search(companyId: string, prefix: string, limit: number, from?: PageFrom): Promise<Page<Customer>> {
    const wanted = searchableName(prefix);
    const backwards = from !== undefined && 'endingBefore' in from;
    const anchor = from && ('endingBefore' in from ? from.endingBefore : from.startingAfter);
    const found: string[] = [];
    let bound: { after: string } | { from: string } = anchor
      ? { after: nameOrdered(anchor.name, anchor.id) }
      : { from: wanted };
    scan: for (;;) {
      const members = await this.kv.zrangeLex(this.k.customerNames(companyId), {
        ...bound,
        reverse: backwards,
        limit: SEARCH_CHUNK,
      });
      for (const member of members) {
        // Every name with the prefix is in one contiguous range of the index.
        if (!member.startsWith(wanted)) break scan;
        // A prefix that runs into the `|<id>` part matches the member but not the name.
        if (nameOfMember(member).startsWith(wanted)) found.push(member);
        if (found.length > limit) break scan;
      }
      if (members.length < SEARCH_CHUNK) break;
      bound = { after: members.at(-1)! };
    }
    const page = found.slice(0, limit);
    if (backwards) page.reverse();
    return { has_more: found.length > limit, data: await this.load(companyId, page.map(idOfNameMember)) };
  }

  private async load(companyId: string, ids: string[]): Promise<Customer[]> {
    const [raws, platforms] = await Promise.all([
      this.kv.mget(ids.map((id) => this.k.customer(companyId, id))),
      this.kv.smembersMany(ids.map((id) => this.k.customerPlatforms(companyId, id))),
    ]);
    return raws.flatMap((raw, i) =>
      raw ? [{ ...(JSON.parse(raw) as StoredCustomer), platforms: (platforms[i] ?? []).sort() }] : [],
    );
  }

  /**
   * Removes the customer and everything it owns — open connect links and report runs, then
   * connections (with their credentials) and its index entries — in one transaction as long as that is
   * at most BATCH_CHUNK writes, else in chunks, the links first (Kv.Batch).
   */
  async delete(customer: Customer): Promise<void> {
    const { company, id } = customer;
    const batch = this.kv.batch();
    const [runs] = await Promise.all([
      this.kv.smembers(this.k.customerReportRuns(company, id)),
      this.sessions.endSessions(batch, company, id),
    ]);
    for (const run of runs) batch.del(this.k.reportRun(company, run));
    await batch
      .del(
        this.k.customer(company, id),
        this.k.customerPlatforms(company, id),
        this.k.customerReportRuns(company, id),
        // Every platform, not only those listed when the customer was read: a connection saved since
        // is deleted too (and none can be saved after this: ConnectionStore.save needs the customer).
        ...PLATFORM_IDS.map((p) => this.k.connection(company, id, p)),
      )
      .zrem(this.k.customers(company), timeOrdered(customer.created_at, id))
      .zrem(this.k.customerNames(company), nameOrdered(customer.name, id))
      .exec();
    // Another hash tag than the company's: a step of its own.
    await this.schedule.unscheduleCustomer(company, id);
  }
}
