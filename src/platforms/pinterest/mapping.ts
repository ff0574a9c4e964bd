import type { Ad, CallToAction, ReadCreative, Review } from '../../ads/model.js';
import {
  type AdSet,
  audienceTargeting,
  type Runtime,
  type Setting,
  type Targeting,
} from '../../adsets/model.js';
import type { Campaign, CampaignSetting } from '../../campaigns/model.js';
import { PINTEREST_CALLS_TO_ACTION } from './ad-body.js';
import { zipcodesOf } from './geo.js';
import type {
  PinterestAd,
  PinterestAdGroup,
  PinterestCampaign,
  PinterestKeyword,
  PinterestPin,
} from './model.js';
import { fromPinterestMicros } from './money.js';
import { fromUnixSeconds, type PinterestSchedule } from './schedule.js';
import { toAdSetStatus, toAdStatus } from './status.js';

/** Pinterest's levels: campaign (adlink campaign) → ad group (ad set) → ad (a promoted Pin). */

/** Keyword match types that target; the `_NEGATIVE` ones exclude and have no unified kind. */
const TARGETING_MATCH_TYPES = ['BROAD', 'PHRASE', 'EXACT'];

/** The keywords that target (not archived, not negative). */
export const targetingKeywords = (keywords: PinterestKeyword[]): PinterestKeyword[] =>
  keywords.filter(
    (k) => !k.archived && k.match_type !== null && TARGETING_MATCH_TYPES.includes(k.match_type),
  );

function toTargetings(adGroup: PinterestAdGroup, keywords: PinterestKeyword[]): Targeting[] {
  const targetings: Targeting[] = [];
  const zipcodes = zipcodesOf(adGroup.targeting_spec?.GEO ?? []);
  if (zipcodes.length > 0) targetings.push({ kind: 'GeoTargeting', type: 'ZipcodeGeoTargeting', zipcodes });
  const values = targetingKeywords(keywords).map((k) => k.value);
  if (values.length > 0) targetings.push({ kind: 'KeywordTargeting', keywords: values });
  const spec = adGroup.targeting_spec;
  targetings.push(...audienceTargeting(spec?.AUDIENCE_INCLUDE ?? [], spec?.AUDIENCE_EXCLUDE ?? []));
  return targetings;
}

export interface AdGroupContext {
  /** The ad account's currency, which every micro amount is in. */
  currency: string;
  /** The campaign's `objective_type`. */
  objective: string | undefined;
  keywords: PinterestKeyword[];
}

/** An ad group in the unified model; a CBO ad group's budget is its campaign's, so it shows none. */
export function toAdSet(adGroup: PinterestAdGroup, context: AdGroupContext): AdSet {
  const settings: Setting[] = [];
  const budget = adGroup.budget_in_micro_currency;
  if (budget && (adGroup.budget_type === 'DAILY' || adGroup.budget_type === 'LIFETIME')) {
    settings.push({
      kind: adGroup.budget_type === 'DAILY' ? 'DailyBudget' : 'TotalBudget',
      budget: fromPinterestMicros(budget, context.currency),
      currency: context.currency,
    });
  }
  if (context.objective) settings.push({ kind: 'Objective', objective: context.objective });
  settings.push(toRuntime(adGroup));
  return {
    id: adGroup.id,
    name: adGroup.name,
    platform: 'pinterest',
    status: toAdSetStatus(adGroup.status, adGroup.summary_status),
    advertiser: adGroup.ad_account_id,
    parentId: adGroup.campaign_id,
    channelKind: 'Social',
    settings,
    targetings: toTargetings(adGroup, context.keywords),
    created_at: new Date(adGroup.created_time * 1000).toISOString(),
  };
}

/** The Runtime of a campaign or ad group: without a `start_time` it runs from its creation. */
function toRuntime(o: PinterestSchedule & { created_time: number }): Runtime {
  return {
    kind: 'Runtime',
    start: fromUnixSeconds(o.start_time ?? o.created_time),
    ...(o.end_time ? { end: fromUnixSeconds(o.end_time) } : {}),
  };
}

/** A campaign with its spend cap (a DailyBudget or TotalBudget over its ad groups) and its Runtime. */
export function toCampaign(campaign: PinterestCampaign, currency: string): Campaign {
  const settings: CampaignSetting[] = [];
  const cap = (kind: 'DailyBudget' | 'TotalBudget', micros: number | null | undefined) => {
    if (micros) settings.push({ kind, budget: fromPinterestMicros(micros, currency), currency });
  };
  cap('DailyBudget', campaign.daily_spend_cap);
  cap('TotalBudget', campaign.lifetime_spend_cap);
  settings.push(toRuntime(campaign));
  return {
    id: campaign.id,
    name: campaign.name,
    platform: 'pinterest',
    status: toAdSetStatus(campaign.status, campaign.summary_status),
    advertiser: campaign.ad_account_id,
    objective: campaign.objective_type ?? null,
    channelKind: 'Social',
    settings,
  };
}

/**
 * The ad's review from its own fields: APPROVED is Approved, REJECTED is Rejected with the texts of
 * `rejection_labels` (else the codes of `rejected_reasons`), PENDING and OTHER are Pending. Pinterest
 * has no limited approval.
 */
export function toReview(ad: PinterestAd): Review {
  if (ad.review_status === 'APPROVED') return { status: 'Approved', reasons: [] };
  if (ad.review_status !== 'REJECTED') return { status: 'Pending', reasons: [] };
  const labels = ad.rejection_labels ?? [];
  return { status: 'Rejected', reasons: labels.length > 0 ? labels : (ad.rejected_reasons ?? []) };
}

const UNIFIED_CALLS_TO_ACTION = new Map(
  Object.entries(PINTEREST_CALLS_TO_ACTION).map(([unified, value]) => [value, unified as CallToAction]),
);

/**
 * An ad of an image Pin (REGULAR) is an ImageAd: the Pin's title, description and link, and `media`
 * the image adlink made it with where known (else the Pin's id: Pinterest keeps no image id of its
 * own). Any other kind, or a Pin adlink cannot read, is `Other` with the ad's `creative_type`.
 */
function toCreative(ad: PinterestAd, pin: PinterestPin | null, media: string | undefined): ReadCreative {
  if (ad.creative_type !== 'REGULAR' || pin?.media?.media_type !== 'image') {
    return { kind: 'Other', format: ad.creative_type };
  }
  const callToAction = UNIFIED_CALLS_TO_ACTION.get(ad.customizable_cta_type ?? '');
  return {
    kind: 'ImageAd',
    media: media ?? pin.id,
    additionalMedia: [],
    ...(pin.title ? { headline: pin.title } : {}),
    text: pin.description ?? '',
    url: pin.link ?? '',
    ...(callToAction ? { callToAction } : {}),
  };
}

/** An ad with its Pin (null where the Pin cannot be read) in the unified model. */
export function toAd(ad: PinterestAd, pin: PinterestPin | null, media?: string): Ad {
  return {
    id: ad.id,
    name: ad.name ?? '',
    platform: 'pinterest',
    status: toAdStatus(ad.status),
    advertiser: ad.ad_account_id,
    adSetId: ad.ad_group_id,
    campaignId: ad.campaign_id,
    creative: toCreative(ad, pin, media),
    review: toReview(ad),
    created_at: new Date(ad.created_time * 1000).toISOString(),
  };
}
