import { z } from 'zod';
import { adSetReportQuery, campaignReportQuery, reportRunQuery, reportsQuery } from '../../reports/input.js';
import { rowsCsv, type UnifiedReportRow } from '../../reports/rows.js';
import type { Answer, Operation } from '../operation.js';
import { ReportPage, ReportPending } from '../resources.js';
import { PARAMS, PLATFORM_ERRORS, platform } from './adsets.js';
import { EXAMPLE } from './examples.js';

const tag = 'Reports';
const params = {
  customer: PARAMS.customer,
  platform: 'Only this platform; without it, every connected platform.',
  level: '`campaign`, `adset` or `ad`: one row per entity of this level (and per day).',
  from: 'The first day (YYYY-MM-DD, in each ad account’s time zone).',
  to: 'The last day, included: at most 366 days after `from`, and not after today anywhere (UTC+14).',
  granularity: '`day` (default): a row per entity and day; `total`: one per entity for the whole range.',
  advertiser: 'Only this ad account.',
  campaignId: 'Only this campaign’s rows (or its ad sets’ or ads’).',
  adset: 'Only this ad set’s rows (or its ads’); with `level` adset or ad.',
  limit: 'How many rows per page (1–10000, default 1000).',
  cursor: 'The `next_cursor` of the previous page (or the CSV `Link`).',
  dismissDatabase: '`true` reads from the platforms even when a cached report would do.',
  id: 'The report id of a 202 answer.',
};

const row: UnifiedReportRow = {
  level: 'adset',
  id: 'as_4Hq2Lm8pT0vWx1Yz',
  name: 'Sourdough lovers',
  platform: 'sandbox',
  advertiser: EXAMPLE.adAccount.id,
  campaignId: 'cmp_7QkzN3v9cW1rT5yX',
  date: '2026-11-20',
  currency: 'EUR',
  spend: 18.42,
  impressions: 3120,
  clicks: 41,
  conversions: 2,
  ctr: 0.013141,
  cpc: 0.45,
  cpm: 5.9,
};
const page = {
  has_more: false,
  data: [row],
  advertisers: [
    { platform: 'sandbox', advertiser: EXAMPLE.adAccount.id, currency: 'EUR', timeZone: 'Europe/Berlin' },
  ],
};
const pending = { id: 'rpt_Zx8kQ2mV7nB4wR1t', status: 'pending' };

const answers = (description: string): Record<number, Answer> => ({
  200: { description, schema: ReportPage, example: page, headers: ['Link'], csv: rowsCsv([row]) },
  202: {
    description: 'A platform is still preparing it (asynchronous reporting APIs): poll `GET /reports/{id}`.',
    schema: ReportPending,
    example: pending,
    headers: ['Retry-After'],
  },
});

const DESCRIPTION =
  'Spend, impressions, clicks and conversions per campaign, ad set or ad and day, from each platform’s ' +
  'reporting API; `ctr`, `cpc` and `cpm` computed from the sums. Cached per connection and query ' +
  '(`REPORT_CACHE_TTL_SECONDS` while the range reaches yesterday or today, `REPORT_CACHE_CLOSED_TTL_SECONDS` ' +
  'for closed days). With `Accept: text/csv` the same rows as CSV (RFC 4180), paged alike; text starting ' +
  "with `=`, `+`, `-`, `@`, a tab or a carriage return gets a leading `'` so spreadsheets show it as text. " +
  'A platform that prepares reports asynchronously is polled for up to `PLATFORM_TIMEOUT_MS`, then the ' +
  'answer is 202. A platform answering more than `REPORT_MAX_ROWS` rows (100,000 by default) is refused ' +
  'with 400 `report_too_large`, whose `param` and message say what would fit (a coarser `level`, fewer ' +
  'days, `granularity=total`).';

const ERRORS = [
  ...PLATFORM_ERRORS,
  'unsupported_for_platform',
  'platform_validation_failed',
  'report_too_large',
] as const;

export const reportOperations: Operation[] = [
  {
    method: 'get',
    path: '/reports',
    operationId: 'getReport',
    access: 'read',
    tag,
    summary: 'A performance report across the customer’s platforms',
    description: `${DESCRIPTION} A platform that fails, or cannot report this, is listed in \`unavailable\`.`,
    query: reportsQuery,
    params,
    responses: answers('A page of the report.'),
    errors: [...ERRORS],
  },
  {
    method: 'get',
    path: '/reports/:id',
    operationId: 'getReportRun',
    access: 'read',
    tag,
    summary: 'A report that answered 202',
    description: 'Still preparing: 202 again. Finished: its pages, for an hour after it was asked for.',
    pathParams: z.strictObject({ id: z.string() }),
    query: reportRunQuery,
    params,
    responses: answers('A page of the finished report.'),
    errors: [...ERRORS, 'report_not_found'],
  },
  {
    method: 'get',
    path: '/v1/:platform/adsets/:id/report',
    operationId: 'getAdSetReport',
    access: 'read',
    tag,
    summary: 'An ad set’s report (or its ads’)',
    description: DESCRIPTION,
    pathParams: z.strictObject({ platform, id: z.string() }),
    query: adSetReportQuery,
    params: { ...params, level: '`adset` (default) or `ad`.' },
    responses: answers('A page of the report.'),
    errors: [...ERRORS],
  },
  {
    method: 'get',
    path: '/v1/:platform/campaigns/:id/report',
    operationId: 'getCampaignReport',
    access: 'read',
    tag,
    summary: 'A campaign’s report (or its ad sets’ or ads’)',
    description: DESCRIPTION,
    pathParams: z.strictObject({ platform, id: z.string() }),
    query: campaignReportQuery,
    params: { ...params, level: '`campaign` (default), `adset` or `ad`.' },
    responses: answers('A page of the report.'),
    errors: [...ERRORS],
  },
];
