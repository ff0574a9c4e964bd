import { CompanyStore } from './companies.js';
import { CustomerStore } from './customers.js';
import { IdempotencyStore } from './idempotency.js';
import { keys } from './keys.js';
import type { Kv } from './kv.js';

/** Everything adlink keeps, as small record stores over one Kv backend. */
export function createStore(kv: Kv, prefix = '') {
  const k = keys(prefix);
  return {
    kv,
    keys: k,
    companies: new CompanyStore(kv, k),
    customers: new CustomerStore(kv, k),
    idempotency: new IdempotencyStore(kv, k),
  };
}

export type Store = ReturnType<typeof createStore>;
