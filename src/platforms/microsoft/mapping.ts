import {
  type Ad,
  CALLS_TO_ACTION,
  type CallToAction,
  type ReadCreative,
  type Review,
  type ReviewStatus,
} from '../../ads/model.js';
import {
  type AdSet,
  type AdSetStatus,
  audienceTargeting,
  type ChannelKind,
  type Setting,
} from '../../adsets/model.js';
import type { CampaignSetting, Campaign as UnifiedCampaign } from '../../campaigns/model.js';
import { adGroupRuntime } from './adset-schedule.js';
import { audienceLists } from './audience-criterions.js';
import type {
  AdGroupParts,
  AssetLink,
  Campaign,
  EditorialReasonCollection,
  Keyword,
  Ad as MicrosoftAd,
} from './model.js';

/** Microsoft keeps no creation time on ad groups; lists then order by id, which it hands out ascending. */
export const NO_CREATION_TIME = new Date(0).toISOString();

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

/**
 * An ad group's targeting is its Active keywords only: a Paused keyword does not serve (nor an
 * Inactive or Deleted one), so it does not describe whom the ad group reaches. Then its customer lists.
 */
export function toAdSet(parts: AdGroupParts): AdSet {
  const { accountId, currency, zone, campaign, adGroup, keywords } = parts;
  const texts = activeKeywords(keywords).map((k) => k.Text as string);
  const { include, exclude } = audienceLists(parts.audiences);
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
    targetings: [
      ...(texts.length ? [{ kind: 'KeywordTargeting' as const, keywords: texts }] : []),
      ...audienceTargeting(include, exclude),
    ],
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

/** The custom parameter (`{_adlinkname}`) that keeps an ad's unified name: Microsoft's ads have none. */
export const NAME_PARAMETER = 'adlinkname';

/** What an ad without a name of adlink's is called (reports call ads so too). */
export const fallbackAdName = (type: string | undefined, id: string | undefined) => `${type} ad ${id}`;

/**
 * AdStatus → unified, the ad's own: Active → Running (whether it serves also takes its ad group and
 * campaign, which show theirs), Inactive (held back by editorial review) → Active, Paused, Deleted.
 */
const UNIFIED_AD_STATUSES: Record<string, AdSetStatus> = {
  Active: 'Running',
  Inactive: 'Active',
  Paused: 'Paused',
  Deleted: 'Deleted',
};

/** AdEditorialStatus → review: Inactive is under review; ActiveLimited passed in some markets only. */
const REVIEW_STATUSES: Record<string, ReviewStatus> = {
  Inactive: 'Pending',
  Active: 'Approved',
  ActiveLimited: 'Limited',
  Disapproved: 'Rejected',
};
/** The editorial statuses GetEditorialReasonsByIds explains. */
export const EXPLAINED_STATUSES = ['ActiveLimited', 'Disapproved'];

type EditorialReason = NonNullable<EditorialReasonCollection['Reasons']>[number];

/** An editorial reason in Microsoft's terms: its code (the "Editorial Reason Codes" guide), where, what, for which markets. */
function reasonText({ ReasonCode, Location, Term, PublisherCountries }: EditorialReason): string {
  const where = Location ? ` in ${Location}` : '';
  const term = Term ? ` ("${Term}")` : '';
  const markets = PublisherCountries?.length ? ` for ${PublisherCountries.join(', ')}` : '';
  return `Editorial reason ${ReasonCode}${where}${term}${markets}`;
}

export function reviewOf(ad: MicrosoftAd, reasons: EditorialReasonCollection | undefined): Review {
  return {
    status: REVIEW_STATUSES[ad.EditorialStatus ?? ''] ?? 'Pending',
    reasons: (reasons?.Reasons ?? []).map(reasonText),
  };
}

const textsOf = (links: AssetLink[] | null | undefined) =>
  (links ?? []).map((link) => link.Asset?.Text ?? '').filter((text) => text !== '');

const isCallToAction = (value: string | null | undefined): value is CallToAction =>
  (CALLS_TO_ACTION as readonly string[]).includes(value ?? '');

/**
 * The creative: a ResponsiveSearch ad is a SearchAd; a multimedia ResponsiveAd with one headline,
 * long headline and description and a call to action adlink names is an ImageAd (its images in
 * order: `media` first). Anything else (a video ad, an audience ad, other types) is read as `Other`
 * with its AdSubType or Type.
 */
export function creativeOf(ad: MicrosoftAd): ReadCreative {
  const url = ad.FinalUrls?.[0] ?? '';
  if (ad.Type === 'ResponsiveSearch') {
    return {
      kind: 'SearchAd',
      headlines: textsOf(ad.Headlines),
      descriptions: textsOf(ad.Descriptions),
      url,
      paths: [ad.Path1, ad.Path2].filter((p): p is string => !!p),
    };
  }
  const [headline, ...headlines] = textsOf(ad.Headlines);
  const [longHeadline, ...longHeadlines] = textsOf(ad.LongHeadlines);
  const [text, ...descriptions] = textsOf(ad.Descriptions);
  const [media, ...additionalMedia] = (ad.Images ?? []).map((link) => link.Asset?.Id ?? '');
  const single = !headlines.length && !longHeadlines.length && !descriptions.length;
  if (
    ad.Type !== 'ResponsiveAd' ||
    ad.AdSubType ||
    !single ||
    !headline ||
    !longHeadline ||
    !text ||
    !media ||
    !isCallToAction(ad.CallToAction)
  ) {
    return { kind: 'Other', format: ad.AdSubType ?? ad.Type ?? 'Unknown' };
  }
  return {
    kind: 'ImageAd',
    media,
    additionalMedia,
    headline,
    text,
    longHeadline,
    url,
    callToAction: ad.CallToAction,
    ...(ad.BusinessName ? { businessName: ad.BusinessName } : {}),
  };
}

/** Where an ad lives: its account, ad group and campaign. */
export interface AdPlace {
  accountId: string;
  adGroupId: string;
  campaignId: string;
}

export function toUnifiedAd(
  ad: MicrosoftAd,
  place: AdPlace,
  reasons: EditorialReasonCollection | undefined,
): Ad {
  const name = ad.UrlCustomParameters?.Parameters?.find((p) => p.Key === NAME_PARAMETER)?.Value;
  return {
    id: ad.Id ?? '',
    name: name || fallbackAdName(ad.Type, ad.Id),
    platform: 'microsoft',
    status: UNIFIED_AD_STATUSES[ad.Status ?? ''] ?? 'Active',
    advertiser: place.accountId,
    adSetId: place.adGroupId,
    campaignId: place.campaignId,
    creative: creativeOf(ad),
    review: reviewOf(ad, reasons),
    created_at: NO_CREATION_TIME,
  };
}
