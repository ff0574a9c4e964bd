import { invalidParam } from './graph-error.js';

/** Meta's page size when `limit` is not given, and the largest page it answers. */
export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 100;

const encode = (id: string) => Buffer.from(id).toString('base64url');
const decode = (cursor: string) => Buffer.from(cursor, 'base64url').toString();

/**
 * The page of an edge that `url` asks for (its `limit` and `after`), cursor-paginated as Graph does:
 * `paging.cursors.{before,after}` and, unless this is the last page, `paging.next`: the full URL of
 * the next page with the same parameters.
 */
export function page<T extends { id: string }>(url: URL, items: T[], render: (item: T) => unknown) {
  const query = url.searchParams;
  const limit = query.has('limit') ? Number(query.get('limit')) : DEFAULT_PAGE_SIZE;
  if (!Number.isInteger(limit) || limit < 1) throw invalidParam('Param limit must be a positive integer');
  const size = Math.min(limit, MAX_PAGE_SIZE);
  const after = query.has('after') ? decode(query.get('after')!) : undefined;
  const start = after === undefined ? 0 : items.findIndex((item) => item.id === after) + 1;
  if (after !== undefined && start === 0) throw invalidParam('Param after is not a valid cursor');
  const slice = items.slice(start, start + size);
  const data = slice.map(render);
  if (slice.length === 0) return { data };
  const cursors = { before: encode(slice[0]!.id), after: encode(slice.at(-1)!.id) };
  if (start + size >= items.length) return { data, paging: { cursors } };
  const next = new URL(url);
  next.searchParams.set('limit', String(size));
  next.searchParams.set('after', cursors.after);
  return { data, paging: { cursors, next: next.href } };
}
