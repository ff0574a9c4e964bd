import { z } from 'zod';
import { REPORT_LEVELS } from '../../reports/model.js';
import { listOf, platformId, register } from './registry.js';

/** Report rows and pages. */
const money = z.number().nullable();

export const ReportRow = register(
  'ReportRow',
  z.strictObject({
    level: z.enum(REPORT_LEVELS),
    id: z.string().describe('The campaign’s, ad set’s or ad’s id at the platform.'),
    name: z.string(),
    platform: platformId,
    advertiser: z.string().describe('The ad account.'),
    campaignId: z.string().optional().describe('The campaign of an ad set or ad.'),
    adsetId: z.string().optional().describe('The ad set of an ad.'),
    date: z.iso
      .date()
      .optional()
      .describe('The day in the ad account’s time zone; absent with `granularity=total`.'),
    currency: z.string().describe('The ad account’s currency (ISO 4217).'),
    spend: money.describe(
      'Major units, rounded to the currency’s decimals; null where the platform does not report it.',
    ),
    impressions: z.number().int().nullable(),
    clicks: z.number().int().nullable(),
    conversions: z
      .number()
      .nullable()
      .describe('As the platform counts them (docs/reports.md: conversions per platform).'),
    ctr: z.number().nullable().describe('clicks / impressions as a fraction, rounded to 6 decimals.'),
    cpc: money.describe('spend / clicks, rounded to the currency’s decimals.'),
    cpm: money.describe('spend × 1000 / impressions, rounded to the currency’s decimals.'),
  }),
  'One entity’s sums on one day (or the whole range); ratios computed by adlink from the sums.',
);

export const ReportPage = register(
  'ReportPage',
  listOf(ReportRow).extend({
    id: z.string().optional().describe('The report’s id, when it was read at `GET /reports/{id}`.'),
    status: z.literal('done').optional(),
    advertisers: z
      .array(
        z.strictObject({
          platform: platformId,
          advertiser: z.string(),
          currency: z.string(),
          timeZone: z.string().describe('IANA time zone: the days of `date` are this zone’s.'),
        }),
      )
      .describe('Each reported ad account’s currency and time zone.'),
    unavailable: z
      .array(
        z.strictObject({
          platform: platformId,
          code: z.string(),
          message: z.string(),
          param: z.string().optional(),
        }),
      )
      .optional()
      .describe('Platforms that could not report this time; the others are listed.'),
  }),
  'One page of report rows, in the order platform, ad account, entity id, day.',
);

export const ReportPending = register(
  'ReportPending',
  z.strictObject({ id: z.string(), status: z.literal('pending') }),
  'A platform is still preparing the report: ask `GET /reports/{id}` after `Retry-After` seconds.',
);
