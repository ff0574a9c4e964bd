import { z } from 'zod';
import { CHANNELS } from '../../platforms/sandbox/model.js';
import { text } from './adset-input.js';
import { FAULT_KINDS } from './faults.js';

/** `POST /_test/faults`. */
export const faultBody = z.strictObject({
  fault: z.enum(FAULT_KINDS),
  count: z
    .number()
    .int('must be an integer')
    .min(1, 'must be at least 1')
    .max(100, 'must be at most 100')
    .default(1),
  path_prefix: z
    .string()
    .regex(/^\/[\x21-\x7e]{0,199}$/, 'must start with / and be at most 200 printable ASCII characters')
    .optional(),
});

/** `POST /_test/adsets/:id/ads`. */
export const testAdBody = z.strictObject({
  name: text(200),
  channel: z.enum(CHANNELS),
  status: z.enum(['ACTIVE', 'PAUSED', 'ARCHIVED']).default('ACTIVE'),
  keywords: z.array(text(80)).max(1000).optional(),
  /** That many ads like this one at once (a test account with many ads); the answer is their list. */
  count: z
    .number()
    .int('must be an integer')
    .min(1, 'must be at least 1')
    .max(1000, 'must be at most 1000')
    .optional(),
});
