import { utcInstant } from '../../adsets/instants.js';
import type { Ad, AdSet, Setting } from '../../adsets/model.js';
import type { Campaign } from '../../campaigns/model.js';
import type * as LinkedIn from './model.js';
import { fromMoneyAmount } from './money.js';
import { urnId } from './restli.js';
import { isRunnable, toAdSetStatus } from './status.js';

/** LinkedIn's levels: campaign group (adlink campaign) → campaign (ad set) → creative (ad). */

export function toAd(creative: LinkedIn.Creative): Ad {
  return {
    id: urnId(creative.id),
    ...(creative.name ? { name: creative.name } : {}),
    status: toAdSetStatus(creative.intendedStatus, creative.isServing ?? false),
    channelKind: 'Social',
    targetings: [],
  };
}

export function toAdSet(campaign: LinkedIn.Campaign, creatives: LinkedIn.Creative[]): AdSet {
  const settings: Setting[] = [];
  for (const [kind, money] of [
    ['DailyBudget', campaign.dailyBudget],
    ['TotalBudget', campaign.totalBudget],
  ] as const) {
    if (money) settings.push({ kind, budget: fromMoneyAmount(money), currency: money.currencyCode });
  }
  if (campaign.objectiveType) settings.push({ kind: 'Objective', objective: campaign.objectiveType });
  const schedule = campaign.runSchedule;
  if (schedule) {
    const end = schedule.end === undefined ? {} : { end: utcInstant(new Date(schedule.end)) };
    settings.push({ kind: 'Runtime', start: utcInstant(new Date(schedule.start)), ...end });
  }
  return {
    id: String(campaign.id),
    name: campaign.name,
    platform: 'linkedin',
    status: toAdSetStatus(campaign.status, isRunnable(campaign.servingStatuses)),
    advertiser: urnId(campaign.account),
    parentId: urnId(campaign.campaignGroup),
    channelKind: 'Social',
    settings,
    ads: creatives.map(toAd),
    // LinkedIn targets audiences (facets and geo URNs), none of which is a unified targeting kind.
    targetings: [],
    created_at: new Date(campaign.changeAuditStamps?.created?.time ?? 0).toISOString(),
  };
}

export function toCampaign(group: LinkedIn.CampaignGroup): Campaign {
  return {
    id: String(group.id),
    name: group.name,
    platform: 'linkedin',
    status: toAdSetStatus(group.status, isRunnable(group.servingStatuses)),
    advertiser: urnId(group.account),
    objective: group.objectiveType ?? null,
    channelKind: 'Social',
    settings: [],
  };
}
