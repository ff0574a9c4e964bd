import type { z } from 'zod';
import { AppError } from '../errors.js';

/** Opaque pagination cursors: base64url JSON, checked against a schema when they come back. */
export const encodeCursor = (value: unknown): string =>
  Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * A list answer, `{has_more, next_cursor?, data}`: the cursor holds `after` (the page's last position)
 * and whatever else the list must keep across pages (its filters).
 */
export function pageAnswer<T>(page: { next?: string; data: T[] }, filters: Record<string, unknown> = {}) {
  return {
    has_more: page.next !== undefined,
    ...(page.next === undefined ? {} : { next_cursor: encodeCursor({ after: page.next, ...filters }) }),
    data: page.data,
  };
}

export function decodeCursor<S extends z.ZodType>(schema: S, cursor: string): z.infer<S> {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    value = undefined;
  }
  const result = schema.safeParse(value);
  if (!result.success)
    throw new AppError('invalid_request', 'The cursor is not one this endpoint returned.', {
      param: 'cursor',
    });
  return result.data;
}
