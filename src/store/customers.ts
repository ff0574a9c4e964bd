import { idOfTimeOrdered, monotonicTimestamp, newUuid, timeOrdered } from '../ids.js';
import type { Keys } from './keys.js';
import type { Kv } from './kv.js';

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

export class CustomerStore {
  constructor(
    private readonly kv: Kv,
    private readonly k: Keys,
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
      .exec();
    return { ...customer, platforms: [] };
  }

  /** The customer, only when it belongs to this company: another company's id reads as missing. */
  async get(companyId: string, customerId: string): Promise<Customer | null> {
    const [raw, platforms] = await Promise.all([
      this.kv.get(this.k.customer(companyId, customerId)),
      this.kv.smembers(this.k.customerPlatforms(companyId, customerId)),
    ]);
    return raw ? { ...(JSON.parse(raw) as StoredCustomer), platforms: platforms.sort() } : null;
  }

  /** Newest first. `startingAfter` must be a customer of this company (checked by the caller). */
  async list(companyId: string, limit: number, startingAfter?: Customer): Promise<Page<Customer>> {
    const members = await this.kv.zrangeLex(this.k.customers(companyId), {
      reverse: true,
      limit: limit + 1,
      ...(startingAfter ? { after: timeOrdered(startingAfter.created_at, startingAfter.id) } : {}),
    });
    const ids = members.slice(0, limit).map(idOfTimeOrdered);
    const [raws, platforms] = await Promise.all([
      this.kv.mget(ids.map((id) => this.k.customer(companyId, id))),
      this.kv.smembersMany(ids.map((id) => this.k.customerPlatforms(companyId, id))),
    ]);
    const data = raws.flatMap((raw, i) =>
      raw ? [{ ...(JSON.parse(raw) as StoredCustomer), platforms: (platforms[i] ?? []).sort() }] : [],
    );
    return { has_more: members.length > limit, data };
  }

  /**
   * Removes the customer and everything it owns — connections (with their credentials), open connect
   * links, its index entry — in one transaction.
   */
  async delete(customer: Customer): Promise<void> {
    const { company, id } = customer;
    const jtis = await this.kv.smembers(this.k.customerSessions(company, id));
    await this.kv
      .batch()
      .del(
        this.k.customer(company, id),
        this.k.customerPlatforms(company, id),
        this.k.customerSessions(company, id),
        ...customer.platforms.map((p) => this.k.connection(company, id, p)),
        ...jtis.map((jti) => this.k.session(company, jti)),
      )
      .zrem(this.k.customers(company), timeOrdered(customer.created_at, id))
      .exec();
  }
}
