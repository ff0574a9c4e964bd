import type { z } from 'zod';
import { AppError } from '../errors.js';

/** Opaque pagination cursors: base64url JSON, checked against a schema when they come back. */
export const encodeCursor = (value: unknown): string =>
  Buffer.from(JSON.stringify(value)).toString('base64url');

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
