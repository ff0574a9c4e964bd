import { z } from 'zod';
import { isCountryCode } from '../../adsets/countries.js';
import { type AdSetStatus, CHANNELS } from '../../platforms/sandbox/model.js';
import { ApiError } from '../errors.js';

// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

export const text = (max: number) =>
  z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(max, `must be at most ${max} characters`)
    .refine((value) => !CONTROL.test(value), 'must not contain control characters');

export const budget = z.strictObject({
  type: z.enum(['DAILY', 'LIFETIME']),
  amount: z.number().int('must be an integer (minor currency units)').positive('must be greater than 0'),
});

/** A point in time: ISO 8601 with an offset (or Z), to the second. */
export const time = z.iso.datetime({
  offset: true,
  precision: 0,
  error: 'must be an ISO 8601 time with an offset, to the second, such as "2026-05-01T00:00:00+02:00"',
});

const audienceIds = z.array(z.string().regex(/^aud_[A-Za-z0-9_-]{1,60}$/, 'must be an audience id')).max(100);

const targeting = z.strictObject({
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
  audiences: z.strictObject({ include: audienceIds, exclude: audienceIds }).optional(),
});

export const createAdSetBody = z.strictObject({
  name: text(200),
  campaign_id: z.string().min(1).max(100),
  status: z.enum(['ACTIVE', 'PAUSED']).default('PAUSED'),
  channel: z.enum(CHANNELS),
  budget,
  objective: text(100).optional(),
  targeting: targeting.optional(),
  start_time: time.optional(),
  end_time: time.optional(),
});

/** What PATCH changes: the fields given; `targeting` replaces the lists it names; `end_time: null` removes the end. */
export const updateAdSetBody = z.strictObject({
  name: text(200).optional(),
  status: z.enum(['ACTIVE', 'PAUSED', 'ARCHIVED']).optional(),
  budget: budget.optional(),
  objective: text(100).optional(),
  targeting: targeting.optional(),
  start_time: time.optional(),
  end_time: time.nullable().optional(),
});

/** The fields of an update that change how an ad set delivers (an archived one keeps them). */
const DELIVERY_FIELDS = ['budget', 'objective', 'targeting', 'start_time', 'end_time'] as const;

/** The first delivery field an update names, if any. */
export const deliveryChange = (input: z.infer<typeof updateAdSetBody>) =>
  DELIVERY_FIELDS.find((field) => input[field] !== undefined);

/**
 * Why a schedule is not one the sandbox runs, with the field at fault, or null: the end follows the
 * start, and an end being set lies ahead. (Without an end an ad set runs until stopped, or until a
 * LIFETIME budget is spent.)
 */
export function scheduleRefusal(
  schedule: { start: number; end: number | null },
  endChanged: boolean,
  now: number,
): { param: 'end_time'; message: string } | null {
  if (schedule.end === null) return null;
  if (schedule.end <= schedule.start)
    return { param: 'end_time', message: 'end_time must be after start_time.' };
  if (endChanged && schedule.end <= now) return { param: 'end_time', message: 'end_time must lie ahead.' };
  return null;
}

/** A schedule scheduleRefusal refuses, as the API answers it: 400 on the field at fault. */
export const refuseSchedule = (refusal: ReturnType<typeof scheduleRefusal>): void => {
  if (refusal) throw new ApiError(400, 'invalid_request', refusal.message, refusal.param);
};

/** Why an ad set cannot go from one status to another, or null when it can. */
export function transitionRefusal(from: AdSetStatus, to: AdSetStatus): string | null {
  if (from === 'DELETED') return 'A deleted ad set cannot be changed.';
  if (from === 'ARCHIVED' && to !== 'ARCHIVED' && to !== 'DELETED')
    return 'An archived ad set can only be deleted.';
  return null;
}
