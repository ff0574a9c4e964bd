import { setImmediate as yieldToOthers } from 'node:timers/promises';

/** How many items a long loop handles before it lets the process serve others. */
const SLICE = 1000;

/**
 * `each` on every item in order, letting other requests run after every SLICE items: a loop over a
 * large report's rows or a large cache holds the process for milliseconds at a time, not a second
 * (long enough for another request's store command to time out meanwhile).
 */
export async function eachYielding<T>(items: readonly T[], each: (item: T) => void): Promise<void> {
  for (let start = 0; start < items.length; start += SLICE) {
    if (start > 0) await yieldToOthers();
    const end = Math.min(start + SLICE, items.length);
    for (let i = start; i < end; i++) each(items[i]!);
  }
}
