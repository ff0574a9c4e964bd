import { z } from 'zod';
import { boolean, customer, integerParam } from '../http/validate.js';
import { GRANULARITIES, REPORT_LEVELS } from './model.js';

/** The most days one request may span (both ends included). */
export const MAX_RANGE_DAYS = 366;
/**
 * The latest calendar day anywhere: today at UTC+14. A later `to` is in the future in every time
 * zone; a day that is still ahead in the account's own zone is simply not reported yet.
 */
const LATEST_OFFSET_MS = 14 * 3_600_000;

export const dayOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
export const dayMs = (day: string): number => Date.parse(`${day}T00:00:00Z`);
export const latestToday = (now: number): string => dayOf(now + LATEST_OFFSET_MS);

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD')
  .refine((d) => !Number.isNaN(dayMs(d)) && dayOf(dayMs(d)) === d, 'is not a calendar date');

const id = z
  .string()
  .min(1, 'must not be empty')
  .max(200, 'must be at most 200 characters')
  .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces');

/** What every report endpoint takes besides its own ids; `level` defaults per endpoint. */
const common = {
  customer,
  from: day,
  to: day,
  granularity: z.enum(GRANULARITIES).default('day'),
  advertiser: id.optional(),
  limit: integerParam(1, 10_000, 1000),
  cursor: z.string().max(2000).optional(),
  dismissDatabase: boolean,
};

/** The range's own rules, apart from the platform's lookback (the service knows that one). */
function checkRange(q: { from: string; to: string }, ctx: z.core.$RefinementCtx): void {
  if (q.from > q.to) {
    ctx.addIssue({ code: 'custom', message: `must not be after to (${q.to})`, path: ['from'] });
  } else if ((dayMs(q.to) - dayMs(q.from)) / 86_400_000 + 1 > MAX_RANGE_DAYS) {
    ctx.addIssue({ code: 'custom', message: `spans more than ${MAX_RANGE_DAYS} days`, path: ['to'] });
  } else if (q.to > latestToday(Date.now())) {
    ctx.addIssue({ code: 'custom', message: 'is in the future', path: ['to'] });
  }
}

/** `GET /reports`: every connected platform, or the one named. */
export const reportsQuery = z
  .strictObject({
    ...common,
    platform: z.string().optional(),
    level: z.enum(REPORT_LEVELS),
    campaignId: id.optional(),
    adset: id.optional(),
  })
  .superRefine(checkRange);

/** `GET /v1/:platform/adsets/:id/report`: the ad set's own report, or its ads'. */
export const adSetReportQuery = z
  .strictObject({ ...common, level: z.enum(['adset', 'ad']).default('adset') })
  .superRefine(checkRange);

/** `GET /v1/:platform/campaigns/:id/report`: the campaign's own report, its ad sets' or its ads'. */
export const campaignReportQuery = z
  .strictObject({ ...common, level: z.enum(REPORT_LEVELS).default('campaign') })
  .superRefine(checkRange);

/** `GET /reports/:id`: a report that was still running. */
export const reportRunQuery = z.strictObject({
  customer,
  limit: common.limit,
  cursor: common.cursor,
});
