import { badRequest } from './errors.js';
import { ENTITY_STATUSES, type EntityStatus } from './model.js';

/** `page_size`: Pinterest's default and largest. */
export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 250;

type Query = Record<string, unknown>;

/** An array query parameter, repeated (`a=1&a=2`, the OpenAPI's form style) or comma-separated. */
export function listParam(query: Query, name: string, pattern = /^\d{1,18}$/): string[] | undefined {
  const raw = query[name];
  if (raw === undefined) return undefined;
  const values = (Array.isArray(raw) ? raw : [raw]).flatMap((v) => String(v).split(','));
  if (values.length === 0 || values.length > 250 || values.some((v) => !pattern.test(v))) {
    throw badRequest(`Invalid parameters: ${name} must be a list of 1 to 250 ids.`);
  }
  return values;
}

/** `entity_statuses`, by default ACTIVE and PAUSED only (archived objects are hidden unless asked for). */
export function entityStatuses(query: Query): EntityStatus[] {
  const values = listParam(query, 'entity_statuses', /^[A-Z_]+$/) ?? ['ACTIVE', 'PAUSED'];
  const unknown = values.find((v) => !(ENTITY_STATUSES as readonly string[]).includes(v));
  if (unknown) throw badRequest(`Invalid parameters: entity_statuses has an unknown status ${unknown}.`);
  return values as EntityStatus[];
}

/**
 * One page of `items` (ordered by id, `order` ASCENDING or DESCENDING): `page_size` from 1 to 250,
 * `bookmark` from the previous page; the answer's `bookmark` is null on the last page.
 */
export function page<T extends { id: string }>(items: T[], query: Query, render: (item: T) => unknown) {
  const size = query.page_size === undefined ? DEFAULT_PAGE_SIZE : Number(query.page_size);
  if (!Number.isInteger(size) || size < 1 || size > MAX_PAGE_SIZE) {
    throw badRequest(`Invalid parameters: page_size must be from 1 to ${MAX_PAGE_SIZE}.`);
  }
  if (query.order !== undefined && query.order !== 'ASCENDING' && query.order !== 'DESCENDING') {
    throw badRequest('Invalid parameters: order must be ASCENDING or DESCENDING.');
  }
  const start = query.bookmark === undefined ? 0 : offsetOf(String(query.bookmark));
  const sorted = [...items].sort((a, b) => compareIds(a.id, b.id) * (query.order === 'DESCENDING' ? -1 : 1));
  const next = start + size < sorted.length ? bookmarkOf(start + size) : null;
  return { items: sorted.slice(start, start + size).map(render), bookmark: next };
}

const compareIds = (a: string, b: string) => (BigInt(a) < BigInt(b) ? -1 : BigInt(a) > BigInt(b) ? 1 : 0);
const bookmarkOf = (offset: number) => Buffer.from(`offset:${offset}`).toString('base64url');

function offsetOf(bookmark: string): number {
  const match = /^offset:(\d+)$/.exec(Buffer.from(bookmark, 'base64url').toString());
  if (!match) throw badRequest('Invalid parameters: bookmark is not valid.');
  return Number(match[1]);
}
