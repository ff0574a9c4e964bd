import { adDayMetrics, type DayMetrics, daysBetween, minorUnitDigits } from '../toolkit/metrics.js';
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

type Sums = DayMetrics;
const METRICS: Record<string, (sums: Sums, currency: string) => number | string> = {
  impressions: (s) => s.impressions,
  clicks: (s) => s.clicks,
  externalWebsiteConversions: (s) => s.conversions,
  // A BigDecimal string in the account's currency, as LinkedIn answers it.
  costInLocalCurrency: (s, currency) =>
    (s.spendMinor / 10 ** minorUnitDigits(currency)).toFixed(minorUnitDigits(currency)),
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

/** The bucket a day falls in for a granularity: its first and last day, clipped to the range. */
function bucketOf(day: string, granularity: string, from: string, to: string): [string, string] {
  if (granularity === 'DAILY') return [day, day];
  if (granularity === 'ALL') return [from, to];
  const start = granularity === 'MONTHLY' ? `${day.slice(0, 7)}-01` : `${day.slice(0, 4)}-01-01`;
  const next =
    granularity === 'MONTHLY'
      ? new Date(Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)), 1))
      : new Date(Date.UTC(Number(day.slice(0, 4)) + 1, 0, 1));
  const end = new Date(next.getTime() - 86_400_000).toISOString().slice(0, 10);
  return [start < from ? from : start, end > to ? to : end];
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
  const buckets = new Map<
    string,
    { pivot: string; start: string; end: string; currency: string; sums: Sums }
  >();
  for (const c of creatives) {
    for (const day of daysBetween(from, to)) {
      const m = adDayMetrics(idOf(c.creative), day, c.currency, { createdDay: c.createdDay, today });
      if (!m) continue;
      const value = PIVOTS[pivot]!(c);
      const [start, end] = bucketOf(day, granularity, from, to);
      const key = `${value}|${start}`;
      const bucket = buckets.get(key) ?? {
        pivot: value,
        start,
        end,
        currency: c.currency,
        sums: { impressions: 0, clicks: 0, conversions: 0, spendMinor: 0 },
      };
      bucket.sums.impressions += m.impressions;
      bucket.sums.clicks += m.clicks;
      bucket.sums.conversions += m.conversions;
      bucket.sums.spendMinor += m.spendMinor;
      buckets.set(key, bucket);
    }
  }
  const elements = [...buckets.values()].slice(0, MAX_ELEMENTS).map((b) => ({
    ...(fields.includes('pivotValues') ? { pivotValues: [b.pivot] } : {}),
    ...(fields.includes('dateRange') ? { dateRange: { start: toDay(b.start), end: toDay(b.end) } } : {}),
    ...Object.fromEntries(metrics.map((f) => [f, METRICS[f]!(b.sums, b.currency)])),
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
