import type { Redis } from 'ioredis';
import type { Store } from '../src/store/index.js';
import type { RedisKv } from '../src/store/redis-kv.js';
import type { ScheduledConnection } from '../src/store/token-schedule.js';

/** What one connection costs Redis, in bytes (`MEMORY USAGE`, averaged over a sample). */
export interface ConnectionMemory {
  sample: number;
  /** The token schedule's set (`MEMORY USAGE … SAMPLES 0`: every member) ÷ its member count. */
  scheduleMember: number;
  /** The key holding the connection's current member of the schedule. */
  schedulePointer: number;
  /** The connection record with its sealed credentials. */
  record: number;
  /** The customer's set of connected platforms (one per customer; here one connection each). */
  platformIndex: number;
  /** Schedule entry (member + pointer) + record: what the 2 KB target covers. */
  total: number;
}

export const MEMORY_TARGET_BYTES = 2048;

export async function connectionMemory(
  kv: RedisKv,
  store: Store,
  connections: ScheduledConnection[],
): Promise<ConnectionMemory> {
  const redis = kv.client as Redis;
  const usage = async (key: string) => Number(await redis.call('MEMORY', 'USAGE', key, 'SAMPLES', '0'));
  const average = async (keyOf: (c: ScheduledConnection) => string) =>
    (await Promise.all(connections.map((c) => usage(keyOf(c))))).reduce((a, b) => a + b, 0) /
    connections.length;
  const scheduleMember =
    (await usage(store.tokenSchedule.due)) / (await redis.zcard(store.tokenSchedule.due));
  const schedulePointer = await average((c) => store.tokenSchedule.pointer(c));
  const record = await average((c) => store.keys.connection(c.company, c.customer, c.platform));
  const platformIndex = await average((c) => store.keys.customerPlatforms(c.company, c.customer));
  return {
    sample: connections.length,
    scheduleMember,
    schedulePointer,
    record,
    platformIndex,
    total: scheduleMember + schedulePointer + record,
  };
}
