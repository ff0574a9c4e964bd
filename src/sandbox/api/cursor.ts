import type { Page } from './ads-store.js';

/** An index member: `<created_time>|<id>`, as ids.ts' timeOrdered writes it. */
const MEMBER = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z\|[A-Za-z0-9_-]{1,64}$/;

/** A report row's key: `<entity id>|<date>` (no date for a row of the whole range). */
export const ROW_KEY = /^[A-Za-z0-9_-]{1,64}\|(\d{4}-\d\d-\d\d)?$/;

/** Opaque page cursors: the last index member (or report row key) of a page, base64url-encoded. */
export const encodeCursor = (member: string): string => Buffer.from(member).toString('base64url');

/** A page as the API answers it: `paging.next` is the cursor of the next page, absent on the last. */
export const pageBody = <T>(page: Page<T>) => ({
  data: page.data,
  paging: page.last === undefined ? {} : { next: encodeCursor(page.last) },
});

export function decodeCursor(cursor: string, format = MEMBER): string | null {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(cursor)) return null;
  const member = Buffer.from(cursor, 'base64url').toString();
  return format.test(member) ? member : null;
}
