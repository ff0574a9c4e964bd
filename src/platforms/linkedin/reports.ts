import { roundToMinorUnits } from '../../adsets/money.js';
import type { PlatformCall } from '../../ports/platform-call.js';
import { PlatformError } from '../../ports/platform-error.js';
import type { ReportLevel, ReportQuery, ReportRow } from '../../reports/model.js';
import type { ReportAdapter } from '../../reports/port.js';
import { accountPath } from './accounts.js';
import type { LinkedInClient } from './client.js';
import {
  CAMPAIGN_STATUSES,
  type Campaign,
  type CampaignGroup,
  type Creative,
  type AdAccount as LinkedInAccount,
} from './model.js';
import { accountUrn, campaignGroupUrn, campaignUrn, restliQuery, urnId } from './restli.js';

/** adlink's levels as adAnalytics pivots: a LinkedIn campaign group is a campaign, a campaign an ad set. */
const PIVOTS: Record<ReportLevel, string> = { campaign: 'CAMPAIGN_GROUP', adset: 'CAMPAIGN', ad: 'CREATIVE' };
/** The fields read: the pivot's URN, the bucket's dates and four metrics (LinkedIn allows 20). */
export const ANALYTICS_FIELDS = [
  'pivotValues',
  'dateRange',
  'costInLocalCurrency',
  'impressions',
  'clicks',
  'externalWebsiteConversions',
];
/** Campaign groups have every campaign status but COMPLETED. */
const GROUP_STATUSES = CAMPAIGN_STATUSES.filter((s) => s !== 'COMPLETED');

// A type, not an interface: Rest.li encodes it as a record.
type AnalyticsDay = { year: number; month: number; day: number };
export interface AnalyticsElement {
  pivotValues?: string[];
  dateRange?: { start: AnalyticsDay; end?: AnalyticsDay };
  costInLocalCurrency?: string;
  impressions?: number;
  clicks?: number;
  externalWebsiteConversions?: number;
}

const analyticsDay = (date: string): AnalyticsDay => {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return { year, month, day };
};
const isoDay = ({ year, month, day }: AnalyticsDay): string =>
  `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

/**
 * The analytics finder for one ad account: the level's pivot, DAILY or ALL over the days of the
 * range (UTC days: LinkedIn reports in UTC), the account and the campaign/ad-set filters as facets
 * (LinkedIn intersects them).
 */
export function analyticsPath(account: string, query: ReportQuery): string {
  const params = restliQuery({
    q: 'analytics',
    pivot: PIVOTS[query.level],
    timeGranularity: query.granularity === 'day' ? 'DAILY' : 'ALL',
    dateRange: { start: analyticsDay(query.from), end: analyticsDay(query.to) },
    accounts: [accountUrn(account)],
    campaignGroups: query.campaignId === undefined ? undefined : [campaignGroupUrn(query.campaignId)],
    campaigns: query.adsetId === undefined ? undefined : [campaignUrn(query.adsetId)],
  });
  // A projection, written as LinkedIn's documentation writes it (not Rest.li-encoded).
  return `/adAnalytics?${params}&fields=${ANALYTICS_FIELDS.join(',')}`;
}

/** What a row needs besides its numbers: the entity's name and parents. */
export interface Entity {
  name: string;
  campaignId?: string;
  adsetId?: string;
}

/** One analytics element as a unified row; the entity is looked up by the pivot's id. */
export function toReportRow(
  element: AnalyticsElement,
  level: ReportLevel,
  advertiser: string,
  currency: string,
  entities: Map<string, Entity>,
  daily: boolean,
): ReportRow {
  const urn = element.pivotValues?.[0];
  if (!urn || !element.dateRange)
    throw new PlatformError('rejected', 'unexpected LinkedIn analytics element');
  const id = urnId(urn);
  // An entity LinkedIn no longer lists keeps its id as its name.
  const entity = entities.get(id) ?? { name: id };
  return {
    level,
    id,
    name: entity.name,
    advertiser,
    ...(entity.campaignId === undefined ? {} : { campaignId: entity.campaignId }),
    ...(entity.adsetId === undefined ? {} : { adsetId: entity.adsetId }),
    ...(daily ? { date: isoDay(element.dateRange.start) } : {}),
    spend: roundToMinorUnits(Number(element.costInLocalCurrency ?? 0), currency),
    impressions: element.impressions ?? 0,
    clicks: element.clicks ?? 0,
    conversions: element.externalWebsiteConversions ?? 0,
  };
}

/** LinkedIn's adAnalytics (Reporting API) as adlink's report resource. */
export function linkedinReports(li: LinkedInClient): ReportAdapter {
  const search = (account: string, resource: string, statuses: readonly string[]) =>
    `${accountPath(account)}/${resource}?${restliQuery({ q: 'search', search: { status: { values: [...statuses] } } })}`;
  const groupsOf = (call: PlatformCall, account: string) =>
    li.allPages<CampaignGroup>(call, search(account, 'adCampaignGroups', GROUP_STATUSES));
  const campaignsOf = (call: PlatformCall, account: string) =>
    li.allPages<Campaign>(call, search(account, 'adCampaigns', CAMPAIGN_STATUSES));

  /** The names and parents of the level's entities in the account, deleted ones included. */
  async function entitiesOf(call: PlatformCall, account: string, level: ReportLevel) {
    const entities = new Map<string, Entity>();
    if (level === 'campaign') {
      for (const g of await groupsOf(call, account)) entities.set(String(g.id), { name: g.name });
      return entities;
    }
    const campaigns = await campaignsOf(call, account);
    if (level === 'adset') {
      for (const c of campaigns)
        entities.set(String(c.id), { name: c.name, campaignId: urnId(c.campaignGroup) });
      return entities;
    }
    const groupOf = new Map(campaigns.map((c) => [String(c.id), urnId(c.campaignGroup)]));
    const creatives = await li.allPages<Creative>(
      call,
      `${accountPath(account)}/creatives?${restliQuery({ q: 'criteria' })}`,
    );
    for (const cr of creatives) {
      const adsetId = urnId(cr.campaign);
      const id = urnId(cr.id);
      entities.set(id, { name: cr.name ?? id, campaignId: groupOf.get(adsetId), adsetId });
    }
    return entities;
  }

  return {
    capabilities: {
      metrics: ['spend', 'impressions', 'clicks', 'conversions'],
      // Reporting → Retention: performance data (the non-demographic pivots) for 10 years.
      lookbackDays: 3650,
      conversions:
        'externalWebsiteConversions: post-click and view-through conversions of the conversion rules (Insight Tag, Conversions API)',
    },

    async start(call, account, query) {
      const currency =
        account.currency ?? (await li.get<LinkedInAccount>(call, accountPath(account.id))).currency;
      // LinkedIn's ids are numbers: another id names nothing at LinkedIn.
      const ids = [query.campaignId, query.adsetId].filter((id) => id !== undefined);
      if (ids.some((id) => !/^\d+$/.test(id))) {
        return { state: 'done', report: { advertiser: account.id, currency, timeZone: 'UTC', rows: [] } };
      }
      const [answer, entities] = await Promise.all([
        li.get<{ elements?: AnalyticsElement[] }>(call, analyticsPath(account.id, query)),
        entitiesOf(call, account.id, query.level),
      ]);
      if (!Array.isArray(answer?.elements))
        throw new PlatformError('rejected', 'unexpected LinkedIn analytics answer');
      const daily = query.granularity === 'day';
      const rows = answer.elements.map((e) =>
        toReportRow(e, query.level, account.id, currency, entities, daily),
      );
      return { state: 'done', report: { advertiser: account.id, currency, timeZone: 'UTC', rows } };
    },
  };
}
