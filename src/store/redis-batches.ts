import type { Batch, GatedWrite } from './kv.js';
import { withKeys } from './redis-scripts.js';

/** How RedisKv's batches go to Redis: pipelined in chunks, encoded for its scripts (redis-scripts.ts), and their replies read. */

/** The values of a pipeline's replies; the first error fails them all. */
export const answers = (replies: [Error | null, unknown][] | null): unknown[] =>
  (replies ?? []).map(([err, value]) => {
    if (err) throw err;
    return value;
  });

/**
 * How many chunks of a long batch go out in one pipeline: enough to keep Redis busy between round
 * trips, few enough that another request's command on the same connection waits behind little.
 */
export const PIPELINED_CHUNKS = 4;

/** One operation of a batch: its key, then its name and arguments (the BATCH script's encoding). */
export type BatchOp = [key: string, ...args: (string | number)[]];

/** A chunk of operations as the BATCH script takes them. */
export const batchArgs = (ops: BatchOp[]) =>
  withKeys(
    ops.map(([key]) => key),
    ops.flatMap(([, ...args]) => args),
  );

/** A batch's operations, for a gate that writes them in its own step (Kv.gate). */
export const batchOps = new WeakMap<Batch, BatchOp[]>();

/** A gated write as WRITE_IF takes it (redis-scripts.ts): its KEYS and ARGV. */
export function writeIfArgs(write: GatedWrite): { keys: string[]; args: (string | number)[] } {
  const ops = batchOps.get(write.batch);
  if (!ops) throw new Error('a gated write takes a batch of this store');
  const { unchanged, under } = write;
  return {
    keys: [
      ...unchanged.map((u) => ('get' in u ? u.get : u.smembers)),
      ...(under ? [under.key] : []),
      ...ops.map(([key]) => key),
    ],
    args: [
      unchanged.length,
      under ? '1' : '0',
      ...unchanged.flatMap((u) =>
        'get' in u
          ? ['g', u.value === null ? '-' : `=${u.value}`]
          : ['s', `=${[...u.members].sort().join('\n')}`],
      ),
      ...(under ? [under.from, under.max] : []),
      ...ops.flatMap(([, ...args]) => args),
    ],
  };
}
