import type { Ad, AdSet, Setting } from '../../adsets/model.js';
import type { Campaign, CampaignSetting } from '../../campaigns/model.js';
import type * as LinkedIn from './model.js';
import { fromMoneyAmount } from './money.js';
import { urnId } from './restli.js';
import { toRuntime } from './schedule.js';
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
  if (campaign.runSchedule) settings.push(toRuntime(campaign.runSchedule));
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

/**
 * A campaign group as adlink's campaign: its total budget and its schedule. A group's objective is
 * LinkedIn's `objectiveType` on the group, which every campaign in it then has (null where the group
 * leaves the objective to its campaigns).
 */
export function toCampaign(group: LinkedIn.CampaignGroup): Campaign {
  const settings: CampaignSetting[] = [];
  if (group.totalBudget) {
    settings.push({
      kind: 'TotalBudget',
      budget: fromMoneyAmount(group.totalBudget),
      currency: group.totalBudget.currencyCode,
    });
  }
  if (group.runSchedule) settings.push(toRuntime(group.runSchedule));
  return {
    id: String(group.id),
    name: group.name,
    platform: 'linkedin',
    status: toAdSetStatus(group.status, isRunnable(group.servingStatuses)),
    advertiser: urnId(group.account),
    objective: group.objectiveType ?? null,
    channelKind: 'Social',
    settings,
  };
}
