import { StoreUnavailableError } from '../errors.js';
import type { Kv } from './kv.js';

/** Enough for every writer of a burst of concurrent changes to one record to get its turn. */
const MAX_ATTEMPTS = 200;

/** The new value of a record (null: leave it as it is) and what the caller gets back. */
export interface RecordChange<T> {
  value: string | null;
  result: T;
  /** The record's time to live from this write on, set in the same step; none: it keeps no TTL. */
  ttlMs?: number;
}

/**
 * One read-modify-write of a record as an atomic step: `change` sees the current value and the write
 * happens only while the record still holds it (compare-and-set); when another writer got in between,
 * `change` runs again on what that writer stored. So concurrent changes never overwrite each other.
 * `read`: the value the caller has just read, tried first instead of reading it again.
 */
export async function updateRecord<T>(
  kv: Kv,
  key: string,
  change: (current: string | null) => RecordChange<T>,
  read?: string | null,
): Promise<T> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const current = attempt === 0 && read !== undefined ? read : await kv.get(key);
    const { value, result, ttlMs } = change(current);
    if (value === null || (await kv.compareAndSet(key, current, value, ttlMs))) return result;
  }
  throw new StoreUnavailableError(new Error(`too many concurrent changes of ${key}`));
}
