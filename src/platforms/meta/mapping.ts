import type { Ad, CallToAction, ReadCreative, Review } from '../../ads/model.js';
import {
  type AdSet,
  type AdSetStatus,
  audienceTargeting,
  type Budget,
  type Setting,
  type Targeting,
} from '../../adsets/model.js';
import type { Audience, AudienceStatus } from '../../audiences/model.js';
import type { Campaign } from '../../campaigns/model.js';
import { fromMetaAmount } from './currencies.js';
import type {
  GraphAd,
  GraphAdSet,
  GraphBudgets,
  GraphCampaign,
  GraphCreative,
  GraphCustomAudience,
  GraphTargeting,
} from './model.js';

/** adlink's advertiser id is the ad account's node id, `act_<account_id>`, as Meta's paths use it. */
export const advertiserId = (accountId: string): string => `act_${accountId}`;

/**
 * Meta's status pair to the unified status: delivering (effective ACTIVE) is Running; switched on but
 * held by its campaign, review or issues is Active; the configured PAUSED, ARCHIVED and DELETED map
 * to themselves.
 */
export function unifiedStatus({
  status,
  effective_status,
}: {
  status: string;
  effective_status: string;
}): AdSetStatus {
  switch (status) {
    case 'ACTIVE':
      return effective_status === 'ACTIVE' ? 'Running' : 'Active';
    case 'PAUSED':
      return 'Paused';
    case 'ARCHIVED':
      return 'Archived';
    default:
      return 'Deleted';
  }
}

/** Every effective status of an ad set: adlink lists deleted ones too, which edges leave out by default. */
export const ADSET_EFFECTIVE_STATUSES = [
  'ACTIVE',
  'PAUSED',
  'ARCHIVED',
  'DELETED',
  'CAMPAIGN_PAUSED',
  'IN_PROCESS',
  'WITH_ISSUES',
] as const;

/** Every effective status of a campaign (the SDK's `Campaign.EffectiveStatus`), deleted ones included. */
export const CAMPAIGN_EFFECTIVE_STATUSES = [
  'ACTIVE',
  'PAUSED',
  'ARCHIVED',
  'DELETED',
  'IN_PROCESS',
  'WITH_ISSUES',
] as const;

/** Every effective status of an ad (the SDK's `Ad.EffectiveStatus`): lists and insights ask for deleted ones too. */
export const AD_EFFECTIVE_STATUSES = [
  'ACTIVE',
  'ADSET_PAUSED',
  'ARCHIVED',
  'CAMPAIGN_PAUSED',
  'DELETED',
  'DISAPPROVED',
  'IN_PROCESS',
  'PAUSED',
  'PENDING_BILLING_INFO',
  'PENDING_REVIEW',
  'PREAPPROVED',
  'WITH_ISSUES',
];

/** The unified statuses an update may set, as Meta's `status`; Deleted goes through DELETE. */
export const META_STATUS: Record<Exclude<AdSetStatus, 'Deleted'>, 'ACTIVE' | 'PAUSED' | 'ARCHIVED'> = {
  Running: 'ACTIVE',
  Active: 'ACTIVE',
  Paused: 'PAUSED',
  Archived: 'ARCHIVED',
};

/** Zip codes as Meta keys them: `US:94304`. */
export const zipKey = (country: string, zipcode: string): string => `${country}:${zipcode}`;

/**
 * The targetings adlink can show: zip codes and custom audiences. Countries and other Meta criteria
 * have no unified kind.
 */
export function unifiedTargetings(targeting: GraphTargeting | undefined): Targeting[] {
  const zips = targeting?.geo_locations?.zips ?? [];
  const ids = (audiences: { id: string }[] | undefined) => (audiences ?? []).map(({ id }) => id);
  const audiences = audienceTargeting(
    ids(targeting?.custom_audiences),
    ids(targeting?.excluded_custom_audiences),
  );
  if (zips.length === 0) return audiences;
  return [
    {
      kind: 'GeoTargeting',
      type: 'ZipcodeGeoTargeting',
      zipcodes: zips.map(({ key }) => {
        const at = key.indexOf(':');
        return { country: key.slice(0, at), zipcode: key.slice(at + 1) };
      }),
    },
    ...audiences,
  ];
}

/**
 * Meta writes times with an offset without colon, `2026-01-05T01:00:00-0800`, ad set schedules in
 * the ad account's time zone: the same time in ISO 8601 with the offset kept.
 */
export const offsetTime = (graphTime: string): string => graphTime.replace(/([+-]\d{2})(\d{2})$/, '$1:$2');

export const isoTime = (graphTime: string): string => new Date(offsetTime(graphTime)).toISOString();

/** Whether a budget is set: Meta leaves it out or answers "0" where the other level has the budget. */
const isSet = (amount: string | undefined): amount is string => Number(amount ?? 0) > 0;

/** An ad set's or a campaign's budget, in the account's currency with Meta's offset. */
export function budgetSettings(node: GraphBudgets, currency: string): Budget[] {
  const budgets: Budget[] = [];
  if (isSet(node.daily_budget)) {
    budgets.push({ kind: 'DailyBudget', budget: fromMetaAmount(node.daily_budget, currency), currency });
  }
  if (isSet(node.lifetime_budget)) {
    budgets.push({ kind: 'TotalBudget', budget: fromMetaAmount(node.lifetime_budget, currency), currency });
  }
  return budgets;
}

/** Advantage campaign budget: the campaign holds the budget and its ad sets have none of their own. */
export const hasCampaignBudget = (campaign: GraphBudgets | undefined): boolean =>
  isSet(campaign?.daily_budget) || isSet(campaign?.lifetime_budget);

/** An ad set in the unified model; budgets are read in the account's currency with Meta's offset. */
export function toAdSet(adSet: GraphAdSet, currency: string): AdSet {
  const settings: Setting[] = budgetSettings(adSet, currency);
  if (adSet.campaign?.objective) settings.push({ kind: 'Objective', objective: adSet.campaign.objective });
  if (adSet.start_time) {
    settings.push({
      kind: 'Runtime',
      start: offsetTime(adSet.start_time),
      ...(adSet.end_time ? { end: offsetTime(adSet.end_time) } : {}),
    });
  }
  return {
    id: adSet.id,
    name: adSet.name,
    platform: 'meta',
    status: unifiedStatus(adSet),
    advertiser: advertiserId(adSet.account_id),
    parentId: adSet.campaign_id,
    channelKind: 'Social',
    settings,
    targetings: unifiedTargetings(adSet.targeting),
    created_at: isoTime(adSet.created_time),
  };
}

/** A campaign in the unified model, with its campaign budget where it has one. */
export function toCampaign(campaign: GraphCampaign, currency: string): Campaign {
  return {
    id: campaign.id,
    name: campaign.name,
    platform: 'meta',
    status: unifiedStatus(campaign),
    advertiser: advertiserId(campaign.account_id),
    objective: campaign.objective ?? null,
    channelKind: 'Social',
    settings: budgetSettings(campaign, currency),
  };
}

/** Each unified call to action as Meta's `call_to_action.type` (the SDK's enum); Meta has no "Register" button. */
export const META_CALLS_TO_ACTION: Partial<Record<CallToAction, string>> = {
  LearnMore: 'LEARN_MORE',
  ShopNow: 'SHOP_NOW',
  SignUp: 'SIGN_UP',
  Subscribe: 'SUBSCRIBE',
  ContactUs: 'CONTACT_US',
  GetQuote: 'GET_QUOTE',
  GetOffer: 'GET_OFFER',
  BookNow: 'BOOK_NOW',
  ApplyNow: 'APPLY_NOW',
  Download: 'DOWNLOAD',
  OrderNow: 'ORDER_NOW',
  Donate: 'DONATE',
  WatchMore: 'WATCH_MORE',
};

const UNIFIED_CALLS_TO_ACTION = new Map(
  Object.entries(META_CALLS_TO_ACTION).map(([unified, meta]) => [meta, unified as CallToAction]),
);

/**
 * A link ad with an uploaded image (`link_data.image_hash`, no carousel cards) is an ImageAd: the
 * image hash, the post's text and headline, the link and its button, the Page it is posted as. Any
 * other story (a video, a carousel, a photo post) is read as Other, named by the creative's
 * `object_type` (or CAROUSEL).
 */
export function unifiedCreative(creative: GraphCreative | undefined): ReadCreative {
  const link = creative?.object_story_spec?.link_data;
  if (!link?.image_hash || !link.link || link.child_attachments) {
    return {
      kind: 'Other',
      format: link?.child_attachments ? 'CAROUSEL' : (creative?.object_type ?? 'UNKNOWN'),
    };
  }
  const cta = link.call_to_action && UNIFIED_CALLS_TO_ACTION.get(link.call_to_action.type);
  return {
    kind: 'ImageAd',
    media: link.image_hash,
    additionalMedia: [],
    ...(link.name === undefined ? {} : { headline: link.name }),
    text: link.message ?? '',
    url: link.link,
    ...(cta ? { callToAction: cta } : {}),
    identity: creative!.object_story_spec!.page_id,
  };
}

const feedbackReasons = (ad: GraphAd): string[] => {
  const { global = {}, placement_specific = {} } = ad.ad_review_feedback ?? {};
  return [
    ...Object.entries(global).map(([policy, why]) => `${policy}: ${why}`),
    ...Object.entries(placement_specific).flatMap(([placement, reasons]) =>
      Object.entries(reasons).map(([policy, why]) => `${policy} (${placement}): ${why}`),
    ),
  ];
};

/**
 * Meta's review as the unified one: in review (PENDING_REVIEW, or IN_PROCESS after an edit) is
 * Pending; DISAPPROVED is Rejected; approved but refused on some placements (placement-specific
 * feedback) or unable to deliver (WITH_ISSUES, its `issues_info`) is Limited; anything else passed
 * review. The reasons are `ad_review_feedback`'s policies with Meta's explanations.
 */
export function unifiedReview(ad: GraphAd): Review {
  const reasons = feedbackReasons(ad);
  switch (ad.effective_status) {
    case 'PENDING_REVIEW':
    case 'IN_PROCESS':
      return { status: 'Pending', reasons: [] };
    case 'DISAPPROVED':
      return { status: 'Rejected', reasons };
    case 'WITH_ISSUES': {
      const issues = (ad.issues_info ?? []).map((i) =>
        [i.error_summary, i.error_message].filter(Boolean).join(': '),
      );
      return { status: 'Limited', reasons: [...reasons, ...issues] };
    }
    default:
      return reasons.length > 0 ? { status: 'Limited', reasons } : { status: 'Approved', reasons: [] };
  }
}

/** An ad in the unified model: its status as ad sets map theirs, its creative and its review. */
export function unifiedAd(ad: GraphAd): Ad {
  return {
    id: ad.id,
    name: ad.name,
    platform: 'meta',
    status: unifiedStatus(ad),
    advertiser: advertiserId(ad.account_id),
    adSetId: ad.adset_id,
    campaignId: ad.campaign_id,
    creative: unifiedCreative(ad.creative),
    review: unifiedReview(ad),
    created_at: isoTime(ad.created_time),
  };
}

/** `operation_status` 441: Meta is still finding the people of the audience. */
const AUDIENCE_MATCHING = 441;
/** `operation_status` from 470 on: the audience is blocked or failed (471: flagged by Meta's integrity rules). */
const AUDIENCE_BLOCKED_FROM = 470;
/** `delivery_status`: 200 ready for use, 300 too small to deliver. */
const DELIVERY_READY = 200;
const DELIVERY_TOO_SMALL = 300;

/** A custom audience's status codes to the unified status: an operation problem first, then delivery. */
export function audienceStatus(audience: GraphCustomAudience): AudienceStatus {
  const operation = audience.operation_status?.code;
  if (operation !== undefined && operation >= AUDIENCE_BLOCKED_FROM) return 'Error';
  if (operation === AUDIENCE_MATCHING) return 'Matching';
  const delivery = audience.delivery_status?.code;
  if (delivery === DELIVERY_READY) return 'Ready';
  return delivery === DELIVERY_TOO_SMALL ? 'TooSmall' : 'Matching';
}

/** A customer-file custom audience; its size is Meta's lower bound, unknown (-1) while it matches. */
export function unifiedAudience(audience: GraphCustomAudience): Audience {
  const status = audienceStatus(audience);
  const lower = audience.approximate_count_lower_bound ?? -1;
  return {
    id: audience.id,
    name: audience.name,
    description: audience.description || null,
    platform: 'meta',
    advertiser: advertiserId(audience.account_id),
    kind: 'CustomerList',
    size: status === 'Matching' || lower < 0 ? null : lower,
    status,
    updatedAt: new Date((audience.time_updated ?? 0) * 1000).toISOString(),
  };
}
