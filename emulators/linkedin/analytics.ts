import { type DayMetrics, daysBetween, entitySums, spendString } from '../toolkit/metrics.js';
import type { RestliData } from './restli.js';
import { idOf, type LinkedInState, urn } from './state.js';

/**
 * LinkedIn's `GET /rest/adAnalytics?q=analytics` (Reporting, "Analytics Finder"): one pivot, a time
 * granularity, a date range of UTC days and at least one facet; no pagination, at most 15,000 elements.
 */
export const MAX_ELEMENTS = 15_000;
/** At most 20 metrics per request (`pivotValues` and `dateRange` are not metrics). */
export const MAX_METRICS = 20;
/** How far back LinkedIn keeps performance data for the non-demographic pivots. */
export const RETENTION_YEARS = 10;

export class AnalyticsRefusal extends Error {}

/** The pivots emulated, by what they group: a creative's own entities up to its ad account. */
const PIVOTS: Record<string, (c: CreativeUrns) => string> = {
  ACCOUNT: (c) => c.account,
  CAMPAIGN_GROUP: (c) => c.group,
  CAMPAIGN: (c) => c.campaign,
  CREATIVE: (c) => c.creative,
};
/** LinkedIn's other pivots (companies, shares, conversions, demographics): real, but not emulated. */
const OTHER_PIVOTS = [
  'COMPANY',
  'SHARE',
  'CONVERSION',
  'CONVERSATION_NODE',
  'CONVERSATION_NODE_OPTION_INDEX',
  'SERVING_LOCATION',
  'CARD_INDEX',
  'MEMBER_COMPANY_SIZE',
  'MEMBER_INDUSTRY',
  'MEMBER_SENIORITY',
  'MEMBER_JOB_TITLE',
  'MEMBER_JOB_FUNCTION',
  'MEMBER_COUNTRY_V2',
  'MEMBER_REGION_V2',
  'MEMBER_COMPANY',
  'PLACEMENT_NAME',
  'IMPRESSION_DEVICE_TYPE',
];
const GRANULARITIES = ['ALL', 'DAILY', 'MONTHLY', 'YEARLY'];
/** The facets (filters) of the finder, by the URN type their values must be. */
const FACETS: Record<string, { type: string; of: (c: CreativeUrns) => string }> = {
  accounts: { type: 'sponsoredAccount', of: (c) => c.account },
  campaignGroups: { type: 'sponsoredCampaignGroup', of: (c) => c.group },
  campaigns: { type: 'sponsoredCampaign', of: (c) => c.campaign },
  creatives: { type: 'sponsoredCreative', of: (c) => c.creative },
};

interface CreativeUrns {
  creative: string;
  campaign: string;
  group: string;
  account: string;
  currency: string;
  createdDay: string;
}

const METRICS: Record<string, (sums: DayMetrics, currency: string) => number | string> = {
  impressions: (s) => s.impressions,
  clicks: (s) => s.clicks,
  externalWebsiteConversions: (s) => s.conversions,
  // A BigDecimal string in the account's currency, as LinkedIn answers it.
  costInLocalCurrency: (s, currency) => spendString(s.spendMinor, currency),
};
/** Without `fields`, LinkedIn answers impressions and clicks only. */
const DEFAULT_FIELDS = ['impressions', 'clicks'];
const NON_METRICS = ['pivotValues', 'dateRange'];

interface Day {
  year: number;
  month: number;
  day: number;
}

function readDay(value: RestliData | undefined, name: string): string {
  if (typeof value !== 'object' || Array.isArray(value))
    throw new AnalyticsRefusal(`${name} must be (year:…,month:…,day:…)`);
  const [year, month, day] = [value.year, value.month, value.day].map(Number);
  const text = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  if (
    ![year, month, day].every(Number.isInteger) ||
    new Date(`${text}T00:00:00Z`).toISOString().slice(0, 10) !== text
  )
    throw new AnalyticsRefusal(`${name} is not a valid date`);
  return text;
}

const toDay = (text: string): Day => {
  const [year, month, day] = text.split('-').map(Number) as [number, number, number];
  return { year, month, day };
};

/** The granularity's buckets over the range: each day, month or year (clipped to it), or the whole range. */
function bucketsOf(granularity: string, from: string, to: string): [string, string][] {
  if (granularity === 'ALL') return [[from, to]];
  const width = granularity === 'MONTHLY' ? 7 : granularity === 'YEARLY' ? 4 : 10;
  const buckets: [string, string][] = [];
  for (const day of daysBetween(from, to)) {
    const last = buckets.at(-1);
    if (last && last[0].slice(0, width) === day.slice(0, width)) last[1] = day;
    else buckets.push([day, day]);
  }
  return buckets;
}

/** The answer of the analytics finder for `params` (the Rest.li query), as the member sees it. */
export function adAnalytics(state: LinkedInState, params: Record<string, RestliData>) {
  if (params.q !== 'analytics')
    throw new AnalyticsRefusal('adAnalytics is emulated with the finder q=analytics');
  const pivot = params.pivot;
  if (typeof pivot !== 'string') throw new AnalyticsRefusal('pivot is required');
  if (OTHER_PIVOTS.includes(pivot)) throw new AnalyticsRefusal(`pivot ${pivot} is not emulated`);
  if (!PIVOTS[pivot]) throw new AnalyticsRefusal(`Invalid value ${pivot} for pivot`);
  const granularity = params.timeGranularity;
  if (typeof granularity !== 'string' || !GRANULARITIES.includes(granularity))
    throw new AnalyticsRefusal(`timeGranularity must be one of ${GRANULARITIES.join(', ')}`);
  const range = params.dateRange;
  if (typeof range !== 'object' || Array.isArray(range) || range.start === undefined)
    throw new AnalyticsRefusal('dateRange with a start is required');
  const today = new Date().toISOString().slice(0, 10);
  const from = readDay(range.start, 'dateRange.start');
  const to = range.end === undefined ? today : readDay(range.end, 'dateRange.end');
  if (from > to) throw new AnalyticsRefusal('dateRange.start must not be after dateRange.end');
  const oldest = `${Number(today.slice(0, 4)) - RETENTION_YEARS}${today.slice(4)}`;
  if (from < oldest)
    throw new AnalyticsRefusal(`Analytics are retained for ${RETENTION_YEARS} years: from ${oldest}`);

  if (params.fields !== undefined && typeof params.fields !== 'string')
    throw new AnalyticsRefusal('fields must be a comma-separated list');
  const fields = params.fields === undefined ? [...NON_METRICS, ...DEFAULT_FIELDS] : params.fields.split(',');
  const unknown = fields.filter((f) => !NON_METRICS.includes(f) && !METRICS[f]);
  if (unknown.length > 0) throw new AnalyticsRefusal(`Unknown or not emulated fields: ${unknown.join(', ')}`);
  const metrics = fields.filter((f) => METRICS[f]);
  if (metrics.length > MAX_METRICS)
    throw new AnalyticsRefusal(`At most ${MAX_METRICS} metrics may be requested, got ${metrics.length}`);

  const facets = Object.entries(FACETS).flatMap(([name, facet]) => {
    const values = params[name];
    if (values === undefined) return [];
    if (!Array.isArray(values) || values.length === 0)
      throw new AnalyticsRefusal(`${name} must be a non-empty List(…)`);
    for (const value of values) {
      if (typeof value !== 'string' || !new RegExp(`^urn:li:${facet.type}:\\d+$`).test(value))
        throw new AnalyticsRefusal(`${name} must list urn:li:${facet.type} URNs`);
    }
    return [{ values: values as string[], of: facet.of }];
  });
  if (facets.length === 0)
    throw new AnalyticsRefusal(
      'At least one facet is required: accounts, campaignGroups, campaigns or creatives',
    );

  // The member sees only the accounts it has a role on; the others answer nothing (not an error).
  const creatives = creativeUrns(state).filter(
    (c) => state.roles.has(idOf(c.account)) && facets.every((f) => f.values.includes(f.of(c))),
  );
  const buckets = bucketsOf(granularity, from, to);
  const currencies = [...new Set(creatives.map((c) => c.currency))];
  const sums = currencies.flatMap((currency) =>
    entitySums(
      creatives
        .filter((c) => c.currency === currency)
        .map((c) => ({ id: idOf(c.creative), createdDay: c.createdDay, entity: PIVOTS[pivot]!(c) })),
      buckets,
      currency,
      today,
    ).map((row) => ({ ...row, currency })),
  );
  const elements = sums.slice(0, MAX_ELEMENTS).map((row) => ({
    ...(fields.includes('pivotValues') ? { pivotValues: [row.entity] } : {}),
    ...(fields.includes('dateRange') ? { dateRange: { start: toDay(row.from), end: toDay(row.to) } } : {}),
    ...Object.fromEntries(metrics.map((f) => [f, METRICS[f]!(row, row.currency)])),
  }));
  return { paging: { start: 0, count: 10, links: [] }, elements };
}

/** Every creative with the URNs of its campaign, campaign group and account. */
function creativeUrns(state: LinkedInState): CreativeUrns[] {
  return [...state.creatives.values()].flatMap((creative) => {
    const campaign = state.campaigns.get(idOf(creative.campaign));
    const account = campaign && state.accounts.get(idOf(campaign.account));
    if (!campaign || !account) return [];
    return [
      {
        creative: creative.id,
        campaign: urn.campaign(campaign.id),
        group: campaign.campaignGroup,
        account: campaign.account,
        currency: account.currency,
        createdDay: new Date(campaign.changeAuditStamps.created.time).toISOString().slice(0, 10),
      },
    ];
  });
}
