import { idOfTimeOrdered, timeOrdered } from '../ids.js';
import type { Kv } from '../store/kv.js';

const READ = 200;

/**
 * A page of records indexed by `<created_at>|<id>` in a lexicographic set, newest first, after the
 * member `after`. Index entries whose record has expired are skipped; `keep` filters, so a filtered
 * page may take several reads. `next` is the member to continue after.
 */
export async function timeOrderedPage<T extends { id: string; created_at: string }>(
  kv: Kv,
  index: string,
  recordKey: (id: string) => string,
  options: { limit: number; after?: string | undefined; keep?: (record: T) => boolean },
): Promise<{ data: T[]; next: string | undefined }> {
  const data: T[] = [];
  let after = options.after;
  for (;;) {
    const members = await kv.zrangeLex(index, { reverse: true, limit: READ, ...(after ? { after } : {}) });
    const raws = await kv.mget(members.map((m) => recordKey(idOfTimeOrdered(m))));
    for (const raw of raws) {
      if (!raw) continue;
      const record = JSON.parse(raw) as T;
      if (options.keep && !options.keep(record)) continue;
      if (data.length === options.limit) {
        const last = data.at(-1)!;
        return { data, next: timeOrdered(last.created_at, last.id) };
      }
      data.push(record);
    }
    if (members.length < READ) return { data, next: undefined };
    after = members.at(-1);
  }
}
