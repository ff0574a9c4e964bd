import { z } from 'zod';
import { invalid } from './envelope.js';

/** A time attribute: Snap takes ISO 8601. */
export const isoTime = z
  .string()
  .refine((value) => !Number.isNaN(Date.parse(value)), 'must be an ISO 8601 time');

/**
 * An object of a request body checked against its schema; the first problem is refused naming its
 * field (`what` names the object in messages, such as "a campaign"; `root` stands for the object itself).
 */
export function parseObject<T extends z.ZodType>(
  schema: T,
  raw: unknown,
  what: string,
  root: string,
): z.infer<T> {
  const parsed = schema.safeParse(raw, {
    error: (issue) => (issue.input === undefined ? 'is required' : undefined),
  });
  if (parsed.success) return parsed.data;
  const [issue] = parsed.error.issues;
  if (issue!.code === 'unrecognized_keys') {
    throw invalid([...issue!.path, issue!.keys[0]].join('.'), `is not a field of ${what}`);
  }
  throw invalid(issue!.path.join('.') || root, issue!.message);
}
