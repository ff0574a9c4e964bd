import type { AdSet, AdSetStatus, ChannelKind, Setting, Ad as UnifiedAd } from '../../adsets/model.js';
import type { CampaignSetting, Campaign as UnifiedCampaign } from '../../campaigns/model.js';
import { adGroupRuntime } from './adset-schedule.js';
import type { Ad, AdGroupParts, Campaign, Keyword } from './model.js';

/** Microsoft keeps no creation time on ad groups; lists then order by id, which it hands out ascending. */
const NO_CREATION_TIME = new Date(0).toISOString();

/** Audience campaigns serve on the Microsoft Audience Network; Performance Max spans every network. */
const CHANNEL_KINDS: Record<string, ChannelKind> = {
  Search: 'Search',
  Shopping: 'Search',
  DynamicSearchAds: 'Search',
  Hotel: 'Search',
  App: 'Search',
  Audience: 'Display',
};

export const channelKind = (campaignType: string | undefined): ChannelKind =>
  CHANNEL_KINDS[campaignType ?? ''] ?? 'Mixed';

/**
 * AdGroupStatus → unified: Active in an Active campaign → Running, Active otherwise → Active (the
 * campaign holds it back), Paused → Paused, Expired (end date passed) → Archived, Deleted → Deleted.
 */
export function unifiedStatus(status: string | undefined, campaignStatus: string | undefined): AdSetStatus {
  switch (status) {
    case 'Active':
      return campaignStatus === 'Active' ? 'Running' : 'Active';
    case 'Paused':
      return 'Paused';
    case 'Expired':
      return 'Archived';
    case 'Deleted':
      return 'Deleted';
    default:
      return 'Active';
  }
}

/** The AdGroupStatus a unified status is written as (Archived and Deleted have none: see capabilities). */
export const microsoftStatus = (status: AdSetStatus): 'Active' | 'Paused' =>
  status === 'Paused' ? 'Paused' : 'Active';

/** CampaignStatus → unified: only an Active campaign serves; the budget pauses are pauses. */
export function campaignStatus(status: string | undefined): AdSetStatus {
  switch (status) {
    case 'Active':
      return 'Running';
    case 'Paused':
    case 'BudgetPaused':
    case 'BudgetAndManualPaused':
      return 'Paused';
    case 'Deleted':
      return 'Deleted';
    default:
      return 'Active';
  }
}

export const DAILY_BUDGET_TYPES = ['DailyBudgetStandard', 'DailyBudgetAccelerated'];
/** Audience campaigns only; `DailyBudget` then holds the amount for the campaign's whole run. */
const LIFETIME_BUDGET_TYPE = 'LifetimeBudgetStandard';

/** A campaign that spends a shared Budget (BudgetId greater than zero) rather than its own. */
export const sharesBudget = (campaign: Campaign) => Number(campaign.BudgetId ?? 0) > 0;

/**
 * A campaign's budget in major units, as Microsoft holds it: a daily budget (DailyBudgetStandard or
 * DailyBudgetAccelerated), or a TotalBudget for LifetimeBudgetStandard; `shared` when the amount is
 * a shared Budget's.
 */
export function campaignBudget(campaign: Campaign, currency: string): CampaignSetting[] {
  if (typeof campaign.DailyBudget !== 'number') return [];
  const kind = DAILY_BUDGET_TYPES.includes(campaign.BudgetType ?? '')
    ? 'DailyBudget'
    : campaign.BudgetType === LIFETIME_BUDGET_TYPE
      ? 'TotalBudget'
      : undefined;
  if (!kind) return [];
  const budget = { kind, budget: campaign.DailyBudget, currency } as const;
  return [sharesBudget(campaign) ? { ...budget, shared: true } : budget];
}

/** An ad group's settings: its campaign's daily budget (major units, read-only here) and type as objective. */
export function campaignSettings(campaign: Campaign, currency: string): Setting[] {
  const settings: Setting[] = campaignBudget(campaign, currency)
    .filter((s) => s.kind === 'DailyBudget')
    .map(({ budget }) => ({ kind: 'DailyBudget', budget, currency }));
  if (campaign.CampaignType) settings.push({ kind: 'Objective', objective: campaign.CampaignType });
  return settings;
}

const AD_STATUSES: Record<string, AdSetStatus> = {
  Active: 'Active',
  Paused: 'Paused',
  Inactive: 'Paused',
  Deleted: 'Deleted',
};

export function toAd(ad: Ad, campaign: Campaign): UnifiedAd {
  return {
    id: ad.Id ?? '',
    status: AD_STATUSES[ad.Status ?? ''] ?? 'Active',
    channelKind: channelKind(campaign.CampaignType),
  };
}

/**
 * An ad group's targeting is its Active keywords only: a Paused keyword does not serve (nor an
 * Inactive or Deleted one), so it does not describe whom the ad group reaches.
 */
export function toAdSet({
  accountId,
  currency,
  zone,
  campaign,
  adGroup,
  keywords,
  ads,
}: AdGroupParts): AdSet {
  const texts = activeKeywords(keywords).map((k) => k.Text as string);
  const runtime = adGroupRuntime(adGroup, zone);
  return {
    id: adGroup.Id ?? '',
    name: adGroup.Name ?? '',
    platform: 'microsoft',
    status: unifiedStatus(adGroup.Status, campaign.Status),
    advertiser: accountId,
    parentId: campaign.Id ?? '',
    channelKind: channelKind(campaign.CampaignType),
    settings: [...campaignSettings(campaign, currency), ...(runtime ? [runtime] : [])],
    ads: ads.map((ad) => toAd(ad, campaign)),
    targetings: texts.length ? [{ kind: 'KeywordTargeting', keywords: texts }] : [],
    created_at: NO_CREATION_TIME,
  };
}

/** The keywords that serve: Active ones with a text. */
export const activeKeywords = (keywords: Keyword[]) =>
  keywords.filter((k) => k.Status === 'Active' && k.Text);

export function toCampaign(account: { id: string; currency?: string }, campaign: Campaign): UnifiedCampaign {
  return {
    id: campaign.Id ?? '',
    name: campaign.Name ?? '',
    platform: 'microsoft',
    status: campaignStatus(campaign.Status),
    advertiser: account.id,
    objective: campaign.CampaignType ?? null,
    channelKind: channelKind(campaign.CampaignType),
    settings: campaignBudget(campaign, account.currency ?? ''),
  };
}
