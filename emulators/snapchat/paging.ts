import { invalid } from './envelope.js';

/** Snap's page size bounds ("limit={value between 50 - 1000}"); without `limit` the emulator pages by 50. */
export const MIN_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 1000;
export const DEFAULT_PAGE_SIZE = MIN_PAGE_SIZE;

const encode = (id: string) => Buffer.from(id).toString('base64url');
const decode = (cursor: string) => Buffer.from(cursor, 'base64url').toString();

/**
 * The page `url` asks for (its `limit` and opaque `cursor`) and its `paging`: `next_link` is the full
 * URL of the next page with the same parameters, absent on the last page.
 */
export function page<T extends { id: string }>(url: URL, all: T[]) {
  const query = url.searchParams;
  const limit = query.has('limit') ? Number(query.get('limit')) : DEFAULT_PAGE_SIZE;
  if (!Number.isInteger(limit) || limit < MIN_PAGE_SIZE || limit > MAX_PAGE_SIZE) {
    throw invalid('limit', `must be an integer from ${MIN_PAGE_SIZE} to ${MAX_PAGE_SIZE}`);
  }
  const cursor = query.get('cursor');
  const start = cursor === null ? 0 : all.findIndex((item) => item.id === decode(cursor)) + 1;
  if (cursor !== null && start === 0) throw invalid('cursor', 'is not a valid cursor');
  const slice = all.slice(start, start + limit);
  if (start + limit >= all.length) return { items: slice, paging: {} };
  const next = new URL(url);
  next.searchParams.set('cursor', encode(slice.at(-1)!.id));
  next.searchParams.set('limit', String(limit));
  return { items: slice, paging: { next_link: next.href } };
}
