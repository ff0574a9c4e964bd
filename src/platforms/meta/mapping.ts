import type { Ad, AdSet, AdSetStatus, Budget, Setting, Targeting } from '../../adsets/model.js';
import type { Campaign } from '../../campaigns/model.js';
import { fromMetaAmount } from './currencies.js';
import type { GraphAd, GraphAdSet, GraphBudgets, GraphCampaign, GraphTargeting } from './model.js';

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

/** The unified statuses an update may set, as Meta's `status`; Deleted goes through DELETE. */
export const META_STATUS: Record<Exclude<AdSetStatus, 'Deleted'>, 'ACTIVE' | 'PAUSED' | 'ARCHIVED'> = {
  Running: 'ACTIVE',
  Active: 'ACTIVE',
  Paused: 'PAUSED',
  Archived: 'ARCHIVED',
};

/** Zip codes as Meta keys them: `US:94304`. */
export const zipKey = (country: string, zipcode: string): string => `${country}:${zipcode}`;

/** The targetings adlink can show: zip codes. Countries and other Meta criteria have no unified kind. */
export function unifiedTargetings(targeting: GraphTargeting | undefined): Targeting[] {
  const zips = targeting?.geo_locations?.zips ?? [];
  if (zips.length === 0) return [];
  return [
    {
      kind: 'GeoTargeting',
      type: 'ZipcodeGeoTargeting',
      zipcodes: zips.map(({ key }) => {
        const at = key.indexOf(':');
        return { country: key.slice(0, at), zipcode: key.slice(at + 1) };
      }),
    },
  ];
}

/**
 * Meta writes times with an offset without colon, `2026-01-05T01:00:00-0800`, ad set schedules in
 * the ad account's time zone: the same time in ISO 8601 with the offset kept.
 */
export const offsetTime = (graphTime: string): string => graphTime.replace(/([+-]\d{2})(\d{2})$/, '$1:$2');

const isoTime = (graphTime: string): string => new Date(offsetTime(graphTime)).toISOString();

export function toAd(ad: GraphAd): Ad {
  return { id: ad.id, name: ad.name, status: unifiedStatus(ad), channelKind: 'Social', targetings: [] };
}

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
export function toAdSet(adSet: GraphAdSet, currency: string, ads: GraphAd[]): AdSet {
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
    ads: ads.map(toAd),
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
