import type { Ad, ReadCreative, Review, ReviewStatus } from '../../ads/model.js';
import {
  type AdSet,
  type AdSetStatus,
  type ChannelKind,
  isBudget,
  type Setting,
  type Targeting,
} from '../../adsets/model.js';
import { fromMicros, roundToMinorUnits } from '../../adsets/money.js';
import type { Campaign, CampaignSetting } from '../../campaigns/model.js';
import { runtimeOf } from './account-time.js';

/** A GoogleAdsRow as the REST API answers it: lowerCamelCase, int64 as strings, enums by name. */
export interface GoogleRow {
  customer?: {
    id?: string;
    descriptiveName?: string;
    currencyCode?: string;
    timeZone?: string;
    manager?: boolean;
  };
  customerClient?: { id?: string; descriptiveName?: string; currencyCode?: string; manager?: boolean };
  campaign?: {
    id?: string;
    name?: string;
    status?: string;
    primaryStatus?: string;
    advertisingChannelType?: string;
    campaignBudget?: string;
    startDateTime?: string;
    endDateTime?: string;
  };
  campaignBudget?: {
    resourceName?: string;
    period?: string;
    amountMicros?: string;
    totalAmountMicros?: string;
    explicitlyShared?: boolean;
  };
  adGroup?: { id?: string; name?: string; status?: string; primaryStatus?: string };
  adGroupAd?: {
    resourceName?: string;
    status?: string;
    ad?: {
      id?: string;
      name?: string;
      type?: string;
      finalUrls?: string[];
      responsiveSearchAd?: {
        headlines?: { text?: string }[];
        descriptions?: { text?: string }[];
        path1?: string;
        path2?: string;
      };
    };
    policySummary?: {
      approvalStatus?: string;
      reviewStatus?: string;
      policyTopicEntries?: { topic?: string; type?: string }[];
    };
  };
  adGroupAdLabel?: { resourceName?: string; adGroupAd?: string };
  label?: { resourceName?: string; name?: string };
  adGroupCriterion?: { resourceName?: string; keyword?: { text?: string } };
  /** int64 metrics are decimal strings; conversions is a double. */
  metrics?: { costMicros?: string; impressions?: string; clicks?: string; conversions?: number };
  segments?: { date?: string };
}

/** Google has no creation time on ad groups; lists then order by id, which Google hands out ascending. */
const NO_CREATION_TIME = new Date(0).toISOString();

const CHANNEL_KINDS: Record<string, ChannelKind> = {
  SEARCH: 'Search',
  SHOPPING: 'Search',
  DISPLAY: 'Display',
  VIDEO: 'Video',
};

/** The unified channel of a campaign type; the types that span networks (Performance Max, …) are Mixed. */
export const channelKind = (advertisingChannelType: string | undefined): ChannelKind =>
  CHANNEL_KINDS[advertisingChannelType ?? ''] ?? 'Mixed';

/**
 * ENABLED and serving (primary status ELIGIBLE, campaign enabled) → Running; ENABLED otherwise →
 * Active; PAUSED → Paused; REMOVED → Deleted. Google has no archive.
 */
export function unifiedStatus(
  status: string | undefined,
  primaryStatus?: string,
  campaignStatus?: string,
): AdSetStatus {
  switch (status) {
    case 'REMOVED':
      return 'Deleted';
    case 'PAUSED':
      return 'Paused';
    case 'ENABLED':
      return primaryStatus === 'ELIGIBLE' && campaignStatus === 'ENABLED' ? 'Running' : 'Active';
    default:
      return 'Active';
  }
}

/** The AdGroupStatus a unified status is written as (Archived and Deleted have none: see capabilities). */
export function googleStatus(status: AdSetStatus): 'ENABLED' | 'PAUSED' {
  return status === 'Paused' ? 'PAUSED' : 'ENABLED';
}

/**
 * A campaign's budget and Runtime (from a campaign row, which carries the account's currency and
 * time zone). A budget shared between campaigns (`explicitly_shared`) says `shared: true`.
 */
export function campaignSettings(row: GoogleRow | undefined): CampaignSetting[] {
  const settings: CampaignSetting[] = [];
  const currency = row?.customer?.currencyCode ?? '';
  const budget = row?.campaignBudget;
  const amount = (micros: string) => roundToMinorUnits(fromMicros(Number(micros)), currency);
  const shared = budget?.explicitlyShared ? { shared: true as const } : {};
  if (budget?.totalAmountMicros && budget.period === 'CUSTOM_PERIOD') {
    settings.push({ kind: 'TotalBudget', budget: amount(budget.totalAmountMicros), currency, ...shared });
  } else if (budget?.amountMicros) {
    settings.push({ kind: 'DailyBudget', budget: amount(budget.amountMicros), currency, ...shared });
  }
  const runtime = runtimeOf(
    row?.campaign?.startDateTime,
    row?.campaign?.endDateTime,
    row?.customer?.timeZone ?? '',
  );
  if (runtime) settings.push(runtime);
  return settings;
}

/** An ad group's settings: its campaign's budget and Runtime (read-only here), the channel type as the objective. */
export function adGroupSettings(campaign: GoogleRow | undefined): Setting[] {
  const type = campaign?.campaign?.advertisingChannelType;
  const settings = campaignSettings(campaign);
  const objective: Setting[] = type ? [{ kind: 'Objective', objective: type }] : [];
  return [...settings.filter(isBudget), ...objective, ...settings.filter((s) => s.kind === 'Runtime')];
}

/** The pieces of one ad group, read with separate queries (GAQL has no joins beyond attributed resources). */
export interface AdGroupParts {
  adGroup: GoogleRow;
  campaign: GoogleRow | undefined;
  keywords: GoogleRow[];
}

export function toAdSet(advertiser: string, { adGroup: row, campaign, keywords }: AdGroupParts): AdSet {
  const texts = keywords.flatMap((k) =>
    k.adGroupCriterion?.keyword?.text ? [k.adGroupCriterion.keyword.text] : [],
  );
  const targetings: Targeting[] = texts.length ? [{ kind: 'KeywordTargeting', keywords: texts }] : [];
  return {
    id: row.adGroup?.id ?? '',
    name: row.adGroup?.name ?? '',
    platform: 'google',
    status: unifiedStatus(row.adGroup?.status, row.adGroup?.primaryStatus, row.campaign?.status),
    advertiser,
    parentId: row.campaign?.id ?? '',
    channelKind: channelKind(row.campaign?.advertisingChannelType),
    settings: adGroupSettings(campaign),
    targetings,
    created_at: NO_CREATION_TIME,
  };
}

export function toCampaign(advertiser: string, row: GoogleRow): Campaign {
  const campaign = row.campaign ?? {};
  return {
    id: campaign.id ?? '',
    name: campaign.name ?? '',
    platform: 'google',
    status: unifiedStatus(campaign.status, campaign.primaryStatus, campaign.status),
    advertiser,
    objective: campaign.advertisingChannelType ?? null,
    channelKind: channelKind(campaign.advertisingChannelType),
    settings: campaignSettings(row),
  };
}

/**
 * ENABLED → Running where it can serve: approved (or limited) and its ad group and campaign enabled;
 * ENABLED otherwise (in review, rejected, a paused parent) → Active; PAUSED → Paused; REMOVED → Deleted.
 */
function adStatus(row: GoogleRow, review: Review): AdSetStatus {
  const status = row.adGroupAd?.status;
  if (status !== 'ENABLED') return unifiedStatus(status);
  const approved = review.status === 'Approved' || review.status === 'Limited';
  const parents = row.adGroup?.status === 'ENABLED' && row.campaign?.status === 'ENABLED';
  return approved && parents ? 'Running' : 'Active';
}

/** `policy_summary.approval_status` → the unified review; UNKNOWN (under review) and the rest are Pending. */
const REVIEW_STATUSES: Record<string, ReviewStatus> = {
  APPROVED: 'Approved',
  APPROVED_LIMITED: 'Limited',
  AREA_OF_INTEREST_ONLY: 'Limited',
  DISAPPROVED: 'Rejected',
};
/** The policy topic types that keep an ad from serving, or from serving everywhere. */
const RESTRICTING = ['PROHIBITED', 'LIMITED', 'FULLY_LIMITED', 'AREA_OF_INTEREST_ONLY'];

export function reviewOf(summary: NonNullable<GoogleRow['adGroupAd']>['policySummary']): Review {
  const status = REVIEW_STATUSES[summary?.approvalStatus ?? ''] ?? 'Pending';
  if (status !== 'Rejected' && status !== 'Limited') return { status, reasons: [] };
  const topics = (summary?.policyTopicEntries ?? []).flatMap((e) =>
    e.topic && RESTRICTING.includes(e.type ?? '') ? [e.topic] : [],
  );
  return { status, reasons: [...new Set(topics)] };
}

function creativeOf(ad: NonNullable<NonNullable<GoogleRow['adGroupAd']>['ad']>): ReadCreative {
  const rsa = ad.responsiveSearchAd;
  if (ad.type !== 'RESPONSIVE_SEARCH_AD' || !rsa) return { kind: 'Other', format: ad.type ?? 'UNKNOWN' };
  const texts = (assets: { text?: string }[] | undefined) => (assets ?? []).map((a) => a.text ?? '');
  return {
    kind: 'SearchAd',
    headlines: texts(rsa.headlines),
    descriptions: texts(rsa.descriptions),
    url: ad.finalUrls?.[0] ?? '',
    paths: [rsa.path1, rsa.path2].filter((p): p is string => Boolean(p)),
  };
}

/**
 * An ad group ad as the unified ad. `name`: the ad's adlink label (ad-body.ts); an ad without one
 * shows its own name where its type has one, else `Ad <id>`.
 */
export function toAd(advertiser: string, row: GoogleRow, labelName: string | undefined): Ad {
  const adGroupAd = row.adGroupAd ?? {};
  const id = adGroupAd.ad?.id ?? '';
  const review = reviewOf(adGroupAd.policySummary);
  return {
    id,
    name: labelName ?? adGroupAd.ad?.name ?? `Ad ${id}`,
    platform: 'google',
    status: adStatus(row, review),
    advertiser,
    adSetId: row.adGroup?.id ?? '',
    campaignId: row.campaign?.id ?? '',
    creative: creativeOf(adGroupAd.ad ?? {}),
    review,
    created_at: NO_CREATION_TIME,
  };
}
