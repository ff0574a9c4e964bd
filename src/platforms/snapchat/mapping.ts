import type { Ad, CallToAction, ImageAd, ReadCreative, Review } from '../../ads/model.js';
import { utcInstant } from '../../adsets/instants.js';
import {
  type AdSet,
  type AdSetStatus,
  audienceTargeting,
  type Budget,
  type Setting,
  type Targeting,
} from '../../adsets/model.js';
import { fromMicros } from '../../adsets/money.js';
import type { Campaign } from '../../campaigns/model.js';
import { PlatformError } from '../../ports/platform-error.js';
import type { AdAccount } from '../../store/connections.js';
import type {
  SnapAd,
  SnapAdSquad,
  SnapCampaign,
  SnapCreative,
  SnapGeo,
  SnapMedia,
  SnapSegmentTarget,
} from './model.js';

/**
 * Snap's `status` with its read-only `delivery_status` to the unified status: delivering (VALID) is
 * Running; switched on but held (schedule, a paused campaign, review) is Active; PAUSED is Paused;
 * a deleted entity (seen with `read_deleted_entities`) is Deleted. Snap has no archive.
 */
export function unifiedStatus(entity: {
  status: string;
  delivery_status?: string[];
  deleted?: boolean;
}): AdSetStatus {
  if (entity.deleted) return 'Deleted';
  if (entity.status === 'PAUSED') return 'Paused';
  return entity.delivery_status?.includes('VALID') ? 'Running' : 'Active';
}

/** The unified statuses an ad squad can be given, as Snap's `status`. */
export const SNAP_STATUS: Partial<Record<AdSetStatus, 'ACTIVE' | 'PAUSED'>> = {
  Running: 'ACTIVE',
  Active: 'ACTIVE',
  Paused: 'PAUSED',
};

/** Postal codes of the included geos, as one ZipcodeGeoTargeting; country-only geos have no unified kind. */
export function unifiedTargetings(geos: SnapGeo[] = []): Targeting[] {
  const zipcodes = geos
    .filter((geo) => geo.operation !== 'EXCLUDE')
    .flatMap((geo) =>
      (geo.postal_code ?? []).map((zipcode) => ({ country: geo.country_code.toUpperCase(), zipcode })),
    );
  return zipcodes.length === 0 ? [] : [{ kind: 'GeoTargeting', type: 'ZipcodeGeoTargeting', zipcodes }];
}

/** The segments a squad includes (INCLUDE is the default operation) and excludes, as one AudienceTargeting. */
export function unifiedAudiences(segments: SnapSegmentTarget[] = []): Targeting[] {
  const ids = (operation: 'INCLUDE' | 'EXCLUDE') =>
    segments.filter((s) => (s.operation ?? 'INCLUDE') === operation).flatMap((s) => s.segment_id);
  return audienceTargeting(ids('INCLUDE'), ids('EXCLUDE'));
}

/** Daily and lifetime budgets (a campaign's lifetime budget is its `lifetime_spend_cap_micro`). */
function budgets(daily: number | null | undefined, lifetime: number | null | undefined, currency: string) {
  const settings: Budget[] = [];
  if (daily) settings.push({ kind: 'DailyBudget', budget: fromMicros(daily), currency });
  if (lifetime) settings.push({ kind: 'TotalBudget', budget: fromMicros(lifetime), currency });
  return settings;
}

/** The run as a Runtime, in UTC. */
const runtimeOf = (entity: { start_time?: string; end_time?: string }): Setting[] =>
  entity.start_time
    ? [
        {
          kind: 'Runtime',
          start: utcInstant(new Date(entity.start_time)),
          ...(entity.end_time ? { end: utcInstant(new Date(entity.end_time)) } : {}),
        },
      ]
    : [];

/** An ad squad in the unified model: budgets from micro-currency, the objective from its campaign. */
export function toAdSet(squad: SnapAdSquad, currency: string, objective: string | undefined): AdSet {
  return {
    id: squad.id,
    name: squad.name,
    platform: 'snapchat',
    status: unifiedStatus(squad),
    advertiser: squad.ad_account_id,
    parentId: squad.campaign_id,
    channelKind: 'Social',
    settings: [
      ...budgets(squad.daily_budget_micro, squad.lifetime_budget_micro, currency),
      ...(objective ? [{ kind: 'Objective' as const, objective }] : []),
      ...runtimeOf(squad),
    ],
    targetings: [...unifiedTargetings(squad.targeting?.geos), ...unifiedAudiences(squad.targeting?.segments)],
    created_at: new Date(squad.created_at).toISOString(),
  };
}

/** A campaign's objective: its objective v2 type when it has one, else the legacy `objective`. */
export const objectiveOf = (campaign: SnapCampaign): string | undefined =>
  campaign.objective_v2_properties?.objective_v2_type ?? campaign.objective;

/** A campaign with its spend caps and run, which Snap keeps on the campaign besides its squads'. */
export function toCampaign(campaign: SnapCampaign, currency: string): Campaign {
  return {
    id: campaign.id,
    name: campaign.name,
    platform: 'snapchat',
    status: unifiedStatus(campaign),
    advertiser: campaign.ad_account_id,
    objective: objectiveOf(campaign) ?? null,
    channelKind: 'Social',
    settings: [
      ...budgets(campaign.daily_budget_micro, campaign.lifetime_spend_cap_micro, currency),
      ...runtimeOf(campaign),
    ],
  };
}

/** The ad account's currency, which Snap's micro-currency amounts are in. */
export const currencyOf = (account: AdAccount): string => {
  if (!account.currency)
    throw new PlatformError('rejected', `no currency known for ad account ${account.id}`);
  return account.currency;
};

/**
 * The unified calls to action a WEB_VIEW creative has, as Snap's `call_to_action` (the Creatives page's
 * mapping of creative types to calls to action); Subscribe, ContactUs, GetQuote, GetOffer and Register
 * have no Snap counterpart.
 */
export const SNAP_CALLS_TO_ACTION: Partial<Record<CallToAction, string>> = {
  LearnMore: 'MORE',
  ShopNow: 'SHOP_NOW',
  SignUp: 'SIGN_UP',
  ApplyNow: 'APPLY_NOW',
  BookNow: 'BOOK_NOW',
  Download: 'DOWNLOAD',
  OrderNow: 'ORDER_NOW',
  Donate: 'DONATE',
  WatchMore: 'WATCH',
};
const UNIFIED_CALL_TO_ACTION = new Map(
  Object.entries(SNAP_CALLS_TO_ACTION).map(([unified, snap]) => [snap, unified as CallToAction]),
);

/** Snap's ad review: PENDING until reviewed, APPROVED, or REJECTED with its reasons (no limited approval). */
export function snapReview(ad: Pick<SnapAd, 'review_status' | 'review_status_reasons'>): Review {
  if (ad.review_status === 'APPROVED') return { status: 'Approved', reasons: [] };
  if (ad.review_status === 'REJECTED') return { status: 'Rejected', reasons: ad.review_status_reasons ?? [] };
  return { status: 'Pending', reasons: [] };
}

/**
 * A web-view ad (REMOTE_WEBPAGE) whose WEB_VIEW creative shows an image is an ImageAd; anything else
 * (a video, a story, a lens) is read as the ad type it is. A call to action Snap has and adlink does
 * not name is left out.
 */
function readCreative(ad: SnapAd, creative?: SnapCreative, media?: SnapMedia): ReadCreative {
  const url = creative?.web_view_properties?.url;
  if (ad.type !== 'REMOTE_WEBPAGE' || creative?.type !== 'WEB_VIEW' || media?.type !== 'IMAGE' || !url) {
    return { kind: 'Other', format: ad.type };
  }
  const callToAction = creative.call_to_action && UNIFIED_CALL_TO_ACTION.get(creative.call_to_action);
  const image: ImageAd = {
    kind: 'ImageAd',
    media: media.id,
    additionalMedia: [],
    ...(creative.headline === undefined ? {} : { headline: creative.headline }),
    url,
    ...(callToAction ? { callToAction } : {}),
    ...(creative.brand_name === undefined ? {} : { businessName: creative.brand_name }),
  };
  return image;
}

/** An ad with its creative and Top Snap media, in its ad squad's ad account and campaign. */
export function toUnifiedAd(
  ad: SnapAd,
  where: { advertiser: string; campaignId: string },
  creative?: SnapCreative,
  media?: SnapMedia,
): Ad {
  return {
    id: ad.id,
    name: ad.name,
    platform: 'snapchat',
    status: unifiedStatus(ad),
    advertiser: where.advertiser,
    adSetId: ad.ad_squad_id,
    campaignId: where.campaignId,
    creative: readCreative(ad, creative, media),
    review: snapReview(ad),
    created_at: new Date(ad.created_at).toISOString(),
  };
}
