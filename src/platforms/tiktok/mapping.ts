import type { Ad, Review } from '../../ads/model.js';
import {
  type AdSet,
  type AdSetStatus,
  audienceTargeting,
  type Budget,
  type Setting,
  type Targeting,
} from '../../adsets/model.js';
import type { Audience } from '../../audiences/model.js';
import type { Campaign } from '../../campaigns/model.js';
import type {
  TikTokAd,
  TikTokAdGroup,
  TikTokAdReview,
  TikTokCampaign,
  TikTokCustomAudience,
} from './model.js';

/**
 * TikTok ⇄ unified: `operation_status` is what the advertiser switched (ENABLE/DISABLE), the derived
 * `secondary_status` says whether it delivers or was deleted.
 */
export function unifiedStatus(
  operation: string,
  secondary: string,
  delivering: string | readonly string[],
): AdSetStatus {
  if (secondary.endsWith('_STATUS_DELETE')) return 'Deleted';
  if (operation === 'DISABLE') return 'Paused';
  return [delivering].flat().includes(secondary) ? 'Running' : 'Active';
}

/** The status operation a unified status becomes (`/adgroup/status/update/`). */
export function operationStatus(status: AdSetStatus): 'ENABLE' | 'DISABLE' {
  if (status === 'Running' || status === 'Active') return 'ENABLE';
  if (status === 'Paused') return 'DISABLE';
  throw new Error(`TikTok has no operation for ${status}`);
}

/** Budget modes by setting kind; TikTok budgets are in major units of the advertiser currency. */
export const BUDGET_MODES = { DailyBudget: 'BUDGET_MODE_DAY', TotalBudget: 'BUDGET_MODE_TOTAL' } as const;

export function budgetSetting(
  adGroup: Pick<TikTokAdGroup, 'budget_mode' | 'budget'>,
  currency: string,
): Budget[] {
  const kind =
    adGroup.budget_mode === 'BUDGET_MODE_TOTAL'
      ? 'TotalBudget'
      : // A dynamic daily budget is an average day's budget.
        ['BUDGET_MODE_DAY', 'BUDGET_MODE_DYNAMIC_DAILY_BUDGET'].includes(adGroup.budget_mode)
        ? 'DailyBudget'
        : null;
  return kind ? [{ kind, budget: adGroup.budget, currency }] : [];
}

/** A campaign in the unified model; its budget, where it has one, is a cap over its ad groups. */
export const toCampaign = (c: TikTokCampaign, currency: string): Campaign => ({
  id: c.campaign_id,
  name: c.campaign_name,
  platform: 'tiktok',
  status: unifiedStatus(c.operation_status, c.secondary_status, 'CAMPAIGN_STATUS_ENABLE'),
  advertiser: c.advertiser_id,
  objective: c.objective_type,
  channelKind: 'Social',
  settings: budgetSetting(c, currency),
});

/** TikTok's UTC+0 `YYYY-MM-DD HH:MM:SS` as a unified instant. */
export const utcTime = (time: string) => `${time.replace(' ', 'T')}Z`;

/**
 * An ad's `secondary_status` values (the SDK repository's CreativeStatus enum package) that say it
 * delivers: approved, approved for part of its targeting, or delivering while an edit is reviewed.
 */
const AD_DELIVERING = [
  'AD_STATUS_DELIVERY_OK',
  'AD_STATUS_PARTIAL_AUDIT_DELIVERY_OK',
  'AD_STATUS_DELIVERY_AND_REAUDIT',
] as const;
/** `secondary_status` values of an ad whose review has no result yet. */
export const AD_IN_REVIEW = new Set([
  'AD_STATUS_AUDIT',
  'AD_STATUS_REAUDIT',
  'AD_STATUS_ADVERTISER_AUDIT',
  'AD_STATUS_PRIVACY_POLICY_AUDIT',
  'AD_STATUS_PROMOTE_AD_OFFLINE_AUDIT',
]);
/** `/ad/review_info/`'s `review_status`: approved everywhere, for part of the targeting, or nowhere. */
const REVIEW_OUTCOMES: Record<string, Review['status']> = {
  ALL_AVAILABLE: 'Approved',
  PART_AVAILABLE: 'Limited',
  UNAVAILABLE: 'Rejected',
};

/**
 * The review from the ad's `secondary_status` while TikTok reviews it, else from its review result
 * (`reject_info[].reasons`); an ad without a result (a paused ad never reviewed) is Pending.
 */
export function adReview(ad: TikTokAd, review: TikTokAdReview | undefined): Review {
  const outcome = review && !AD_IN_REVIEW.has(ad.secondary_status) && REVIEW_OUTCOMES[review.review_status];
  if (!outcome) {
    const rejected = ad.secondary_status === 'AD_STATUS_AUDIT_DENY';
    return { status: rejected ? 'Rejected' : 'Pending', reasons: [] };
  }
  if (outcome === 'Approved') return { status: outcome, reasons: [] };
  return {
    status: outcome,
    reasons: [...new Set((review.reject_info ?? []).flatMap((info) => info.reasons ?? []))],
  };
}

/** A TikTok ad: adlink creates none yet, so every format reads as `Other` (`SINGLE_VIDEO`, …). */
export const toAd = (ad: TikTokAd, review: TikTokAdReview | undefined): Ad => ({
  id: ad.ad_id,
  name: ad.ad_name,
  platform: 'tiktok',
  status: unifiedStatus(ad.operation_status, ad.secondary_status, AD_DELIVERING),
  advertiser: ad.advertiser_id,
  adSetId: ad.adgroup_id,
  campaignId: ad.campaign_id,
  creative: { kind: 'Other', format: ad.ad_format },
  review: adReview(ad, review),
  created_at: utcTime(ad.create_time),
});

export interface AdGroupContext {
  currency: string;
  /** The campaign's objective_type (TikTok keeps the objective on the campaign). */
  objective: string | undefined;
  /** Zip and postal codes by TikTok zipcode id. */
  zipcodes: Map<string, { country: string; zipcode: string }>;
}

/** The schedule as a Runtime: an ad group run "from now" has no end of its own. */
function runtimeSetting(adGroup: TikTokAdGroup): Setting[] {
  if (!adGroup.schedule_start_time) return [];
  const end = adGroup.schedule_type === 'SCHEDULE_START_END' ? adGroup.schedule_end_time : undefined;
  return [
    { kind: 'Runtime', start: utcTime(adGroup.schedule_start_time), ...(end ? { end: utcTime(end) } : {}) },
  ];
}

export function toAdSet(adGroup: TikTokAdGroup, context: AdGroupContext): AdSet {
  const zipcodes = (adGroup.zipcode_ids ?? []).flatMap((id) => {
    const zip = context.zipcodes.get(id);
    return zip ? [zip] : [];
  });
  const keywords = (adGroup.search_keywords ?? []).map((k) => k.keyword);
  const targetings: Targeting[] = [
    ...(zipcodes.length
      ? [{ kind: 'GeoTargeting' as const, type: 'ZipcodeGeoTargeting' as const, zipcodes }]
      : []),
    ...(keywords.length ? [{ kind: 'KeywordTargeting' as const, keywords }] : []),
    ...audienceTargeting(adGroup.audience_ids ?? [], adGroup.excluded_audience_ids ?? []),
  ];
  return {
    id: adGroup.adgroup_id,
    name: adGroup.adgroup_name,
    platform: 'tiktok',
    status: unifiedStatus(adGroup.operation_status, adGroup.secondary_status, 'ADGROUP_STATUS_DELIVERY_OK'),
    advertiser: adGroup.advertiser_id,
    parentId: adGroup.campaign_id,
    channelKind: 'Social',
    settings: [
      ...budgetSetting(adGroup, context.currency),
      ...(context.objective ? [{ kind: 'Objective' as const, objective: context.objective }] : []),
      ...runtimeSetting(adGroup),
    ],
    targetings,
    created_at: utcTime(adGroup.create_time),
  };
}

/** Matched people TikTok needs in a customer file audience (an update leaving fewer fails). */
export const AUDIENCE_MIN_SIZE = 1000;

/**
 * A custom audience: matching while TikTok calculates it (`is_valid` false before its expiry), then
 * Ready or TooSmall by `cover_num`; an expired audience is unusable (Error). TikTok keeps no
 * description and no modification time, so `updatedAt` is its creation.
 */
export function toAudience(a: TikTokCustomAudience, advertiser: string, now = new Date()): Audience {
  const expired = utcTime(a.expired_time) <= now.toISOString();
  const status = a.is_valid
    ? a.cover_num < AUDIENCE_MIN_SIZE
      ? 'TooSmall'
      : 'Ready'
    : expired
      ? 'Error'
      : 'Matching';
  return {
    id: a.audience_id,
    name: a.name,
    description: null,
    platform: 'tiktok',
    advertiser,
    kind: 'CustomerList',
    size: a.is_valid ? a.cover_num : null,
    status,
    updatedAt: utcTime(a.create_time),
  };
}
