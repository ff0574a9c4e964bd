import { utcInstant } from '../../adsets/instants.js';
import {
  type AdSet,
  type AdSetStatus,
  audienceTargeting,
  type ChannelKind,
  type Setting,
  type Targeting,
} from '../../adsets/model.js';
import { fromMinorUnits } from '../../adsets/money.js';
import type { Campaign, CampaignSetting } from '../../campaigns/model.js';
import type * as Sandbox from './model.js';

export type SandboxAdSet = Sandbox.AdSet & { ads?: Sandbox.Ad[] };

export const CHANNEL_TO_KIND: Record<Sandbox.Channel, ChannelKind> = {
  SOCIAL: 'Social',
  SEARCH: 'Search',
  DISPLAY: 'Display',
  VIDEO: 'Video',
  AUDIO: 'Audio',
  DOOH: 'DOOH',
  CTV: 'CTV',
  MAIL: 'Mail',
};
export const KIND_TO_CHANNEL = Object.fromEntries(
  Object.entries(CHANNEL_TO_KIND).map(([c, k]) => [k, c]),
) as Record<Exclude<ChannelKind, 'Mixed'>, Sandbox.Channel>;

function status(adset: Pick<Sandbox.AdSet, 'status' | 'delivery'>): AdSetStatus {
  switch (adset.status) {
    case 'ACTIVE':
      return adset.delivery === 'DELIVERING' ? 'Running' : 'Active';
    case 'PAUSED':
      return 'Paused';
    case 'ARCHIVED':
      return 'Archived';
    default:
      return 'Deleted';
  }
}

export const SANDBOX_STATUS: Partial<Record<AdSetStatus, Sandbox.AdSetStatus>> = {
  Running: 'ACTIVE',
  Active: 'ACTIVE',
  Paused: 'PAUSED',
  Archived: 'ARCHIVED',
};

export function toAdSet(adset: SandboxAdSet): AdSet {
  // The ads' channels (`expand=ads`) make an ad set whose ads run on several channels Mixed.
  const channels = new Set([adset.channel, ...(adset.ads ?? []).map((a) => a.channel)]);
  const { budget, targeting } = adset;
  const settings: Setting[] = [
    {
      kind: budget.type === 'DAILY' ? 'DailyBudget' : 'TotalBudget',
      budget: fromMinorUnits(budget.amount, budget.currency),
      currency: budget.currency,
    },
    ...(adset.objective ? [{ kind: 'Objective' as const, objective: adset.objective }] : []),
    {
      kind: 'Runtime',
      // Ad sets stored before the sandbox kept schedules deliver from their creation.
      start: adset.start_time ?? utcInstant(new Date(adset.created_time)),
      ...(adset.end_time ? { end: adset.end_time } : {}),
    },
  ];
  const targetings: Targeting[] = [];
  if (targeting.keywords.length) targetings.push({ kind: 'KeywordTargeting', keywords: targeting.keywords });
  if (targeting.zipcodes.length) {
    targetings.push({
      kind: 'GeoTargeting',
      type: 'ZipcodeGeoTargeting',
      zipcodes: targeting.zipcodes.map(({ country, zip }) => ({ country, zipcode: zip })),
    });
  }
  if (targeting.audiences) {
    targetings.push(...audienceTargeting(targeting.audiences.include, targeting.audiences.exclude));
  }
  return {
    id: adset.id,
    name: adset.name,
    platform: 'sandbox',
    status: status(adset),
    advertiser: adset.account_id,
    parentId: adset.campaign_id,
    channelKind: channels.size > 1 ? 'Mixed' : CHANNEL_TO_KIND[adset.channel],
    settings,
    targetings,
    created_at: adset.created_time,
  };
}

export function toCampaign(c: Sandbox.Campaign): Campaign {
  const settings: CampaignSetting[] = [];
  if (c.budget) {
    settings.push({
      kind: c.budget.type === 'DAILY' ? 'DailyBudget' : 'TotalBudget',
      budget: fromMinorUnits(c.budget.amount, c.budget.currency),
      currency: c.budget.currency,
      ...(c.budget.shared ? { shared: true as const } : {}),
    });
  }
  if (c.start_time) {
    settings.push({ kind: 'Runtime', start: c.start_time, ...(c.end_time ? { end: c.end_time } : {}) });
  }
  return {
    id: c.id,
    name: c.name,
    platform: 'sandbox',
    status: status({ status: c.status, delivery: c.status === 'ACTIVE' ? 'DELIVERING' : 'NOT_DELIVERING' }),
    advertiser: c.account_id,
    objective: c.objective,
    channelKind: CHANNEL_TO_KIND[c.channel],
    settings,
  };
}
