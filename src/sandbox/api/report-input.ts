import { z } from 'zod';
import { REPORT_LEVELS } from '../../platforms/sandbox/model.js';

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD')
  .refine((d) => new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), 'is not a calendar date');

const objectRef = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'is not an object id');

/** `POST /ad_accounts/:account/reports`: days of the account's time zone, both included. */
export const reportBody = z
  .strictObject({
    level: z.enum(REPORT_LEVELS),
    since: day,
    until: day,
    time_increment: z.enum(['DAILY', 'ALL_DAYS']).default('DAILY'),
    campaign_id: objectRef.optional(),
    adset_id: objectRef.optional(),
  })
  .refine((r) => r.since <= r.until, { message: 'must not be after until', path: ['since'] });

export type ReportRequest = z.infer<typeof reportBody>;

/**
 * `PUT /_test/report_delay` (report runs started from now on finish this long after they start) and
 * `PUT /_test/review_delay` (reviews of creatives set from now on take this long).
 */
export const delayBody = z.strictObject({
  delay_ms: z.number().int('must be an integer').min(0).max(600_000, 'must be at most 600000'),
});
