import { z } from 'zod';
import { isCountryCode } from '../../adsets/countries.js';
import { type AdSetStatus, CHANNELS } from './model.js';

// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

export const text = (max: number) =>
  z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(max, `must be at most ${max} characters`)
    .refine((value) => !CONTROL.test(value), 'must not contain control characters');

export const createAdSetBody = z.strictObject({
  name: text(200),
  campaign_id: z.string().min(1).max(100),
  status: z.enum(['ACTIVE', 'PAUSED']).default('PAUSED'),
  channel: z.enum(CHANNELS),
  budget: z.strictObject({
    type: z.enum(['DAILY', 'LIFETIME']),
    amount: z.number().int('must be an integer (minor currency units)').positive('must be greater than 0'),
  }),
  objective: text(100).optional(),
  targeting: z
    .strictObject({
      keywords: z.array(text(80)).max(1000).optional(),
      zipcodes: z
        .array(
          z.strictObject({
            country: z.string().refine(isCountryCode, 'must be an ISO 3166-1 alpha-2 code such as "DE"'),
            zip: z
              .string()
              .trim()
              .regex(/^[A-Za-z0-9][A-Za-z0-9 -]{0,11}$/, 'must be 1–12 letters, digits, spaces or hyphens'),
          }),
        )
        .max(1000)
        .optional(),
    })
    .optional(),
});

export const updateAdSetBody = z.strictObject({
  name: text(200).optional(),
  status: z.enum(['ACTIVE', 'PAUSED', 'ARCHIVED']).optional(),
});

/** Why an ad set cannot go from one status to another, or null when it can. */
export function transitionRefusal(from: AdSetStatus, to: AdSetStatus): string | null {
  if (from === 'DELETED') return 'A deleted ad set cannot be changed.';
  if (from === 'ARCHIVED' && to !== 'ARCHIVED' && to !== 'DELETED')
    return 'An archived ad set can only be deleted.';
  return null;
}
