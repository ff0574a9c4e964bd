import { CACHE_ACCOUNTS, fillAdSetCache } from './adset-page.js';
import { createCompany, saveConnection } from './seed.js';
import type { Stack } from './stack.js';

/**
 * Fills adlink's store as a vendor's success fills it, through adlink's own store modules (the keys
 * and encodings are those adlink writes), many writes in flight at once so Redis gets them pipelined:
 * customers spread over a few companies (each company's customer and name indexes included), a
 * sandbox connection with sealed tokens for 1 customer in `CONNECTED_EVERY`, and a cached ad-set list
 * of `CACHE_SIZE` for 1 in `CACHED_EVERY`. It grows: `growTo` adds what the next size needs.
 */

export const COMPANIES = 4;
export const CONNECTED_EVERY = 10;
export const CACHED_EVERY = 100;
export const CACHE_SIZE = 100;
/**
 * Writes in flight at once (the ad-set caches: a twentieth of it, each a batch of 300 commands): few
 * enough that none waits for Redis longer than the store's command timeout on a loaded machine.
 */
const IN_FLIGHT = 200;

export interface FilledCustomer {
  token: string;
  company: string;
  customer: string;
}

/** How one growth step went: how long each kind took and what Redis's used memory grew by. */
export interface FillStep {
  kind: 'customers' | 'connections' | 'ad sets';
  count: number;
  seconds: number;
  bytes: number;
}

/** `INFO memory` used_memory, summed over the store's Redis servers. */
export async function usedMemory(stack: Stack): Promise<number> {
  let bytes = 0;
  for (const node of stack.redisNodes()) {
    bytes += Number(/used_memory:(\d+)/.exec(await node.info('memory'))?.[1]);
  }
  return bytes;
}

/** Runs `write` for every index in [from, to), `inFlight` at a time. */
async function inBatches(from: number, to: number, inFlight: number, write: (i: number) => Promise<unknown>) {
  for (let start = from; start < to; start += inFlight) {
    const writes = [];
    for (let i = start; i < Math.min(to, start + inFlight); i++) writes.push(write(i));
    // Every write settles before a failure is thrown: none is left rejecting unhandled.
    const failed = (await Promise.allSettled(writes)).find((w) => w.status === 'rejected');
    if (failed) throw failed.reason;
  }
}

/** Every `every`-th index in [from, to). */
function* multiples(from: number, to: number, every: number) {
  for (let i = Math.ceil(from / every) * every; i < to; i += every) yield i;
}

export class GrowthFill {
  /** Every customer written so far, in order; customer i belongs to company i % COMPANIES. */
  readonly customers: FilledCustomer[] = [];
  private readonly companies: { token: string; company: string }[];

  constructor(private readonly stack: Stack) {
    this.companies = Array.from({ length: COMPANIES }, (_, i) => createCompany(stack, `Growth company ${i}`));
  }

  get size() {
    return this.customers.length;
  }

  /** Customers with a connection, and those with a cached ad-set list, so far. */
  connected = () => this.customers.filter((_, i) => i % CONNECTED_EVERY === 0);
  cached = () => this.customers.filter((_, i) => i % CACHED_EVERY === 0);

  async growTo(size: number): Promise<FillStep[]> {
    const from = this.size;
    const { store } = this.stack;
    const step = async (kind: FillStep['kind'], count: number, fill: () => Promise<void>) => {
      const [bytes, started] = [await usedMemory(this.stack), performance.now()];
      await fill();
      const seconds = (performance.now() - started) / 1000;
      return { kind, count, seconds, bytes: (await usedMemory(this.stack)) - bytes };
    };
    const customers = await step('customers', size - from, () =>
      inBatches(from, size, IN_FLIGHT, async (i) => {
        const { token, company } = this.companies[i % COMPANIES]!;
        const customer = await store.customers.create(company, `Customer ${i}`);
        this.customers[i] = { token, company, customer: customer.id };
      }),
    );
    const connectedNow = [...multiples(from, size, CONNECTED_EVERY)];
    const connections = await step('connections', connectedNow.length, () =>
      inBatches(0, connectedNow.length, IN_FLIGHT, async (n) => {
        const { company, customer } = this.customers[connectedNow[n]!]!;
        await saveConnection(this.stack, company, customer, 'sandbox', CACHE_ACCOUNTS);
      }),
    );
    const cachedNow = [...multiples(from, size, CACHED_EVERY)];
    const adSets = await step('ad sets', cachedNow.length * CACHE_SIZE, () =>
      inBatches(0, cachedNow.length, IN_FLIGHT / 20, async (n) => {
        const { company, customer } = this.customers[cachedNow[n]!]!;
        await fillAdSetCache(store, { company, customer, platform: 'sandbox' }, CACHE_SIZE);
      }),
    );
    return [customers, connections, adSets];
  }
}

/** `count` elements spread evenly over the list: its start, middle and end alike. */
export function spread<T>(list: T[], count: number): T[] {
  const n = Math.min(count, list.length);
  return Array.from({ length: n }, (_, k) => list[Math.floor((k * list.length) / n)]!);
}
