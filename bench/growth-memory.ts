import { CACHE_SIZE, type FillStep, type GrowthFill } from './growth-fill.js';
import type { Stack } from './stack.js';

/** What one key of each kind takes in Redis (`MEMORY USAGE … SAMPLES 0`), and what it is a share of. */
export interface KeyUsage {
  key: string;
  bytes: number;
  /** How many records the key holds (an index: its members), to give the bytes per record. */
  records: number;
}

/** Sample keys of every kind adlink wrote for the first customer (connected, its ad sets cached). */
export async function keyUsage(stack: Stack, fill: GrowthFill): Promise<KeyUsage[]> {
  const { keys } = stack.store;
  const { company, customer } = fill.customers[0]!;
  const ofCompany = fill.customers.filter((c) => c.company === company).length;
  const sampled: [string, string, number][] = [
    ['customer record', keys.customer(company, customer), 1],
    ["company's customer index (whole)", keys.customers(company), ofCompany],
    ["company's customer name index (whole)", keys.customerNames(company), ofCompany],
    ['connection record (sealed tokens)', keys.connection(company, customer, 'sandbox'), 1],
    ["customer's platform set", keys.customerPlatforms(company, customer), 1],
    ['ad-set record', keys.adSet(company, customer, 'sandbox', 'as_0000000'), 1],
    ["customer's ad-set index (whole)", keys.adSetIndex(company, customer, 'sandbox'), CACHE_SIZE],
    [
      "customer's ad-set index of one status (whole)",
      keys.adSetIndex(company, customer, 'sandbox', 'Running'),
      CACHE_SIZE / 4,
    ],
  ];
  const [redis] = stack.redisNodes();
  return Promise.all(
    sampled.map(async ([what, key, records]) => ({
      key: what,
      bytes: Number(await redis!.memory('USAGE', key, 'SAMPLES', 0)),
      records,
    })),
  );
}

/** Redis's used memory per record of each kind: what filling them grew it by, over all sizes so far. */
export function bytesPerRecord(steps: FillStep[]): Record<FillStep['kind'], number> {
  const per = (kind: FillStep['kind']) => {
    const own = steps.filter((s) => s.kind === kind);
    return (
      own.reduce((sum, s) => sum + s.bytes, 0) /
      Math.max(
        1,
        own.reduce((sum, s) => sum + s.count, 0),
      )
    );
  };
  return { customers: per('customers'), connections: per('connections'), 'ad sets': per('ad sets') };
}
