import type { MicrosoftDate } from './time-zones.js';

/** The Microsoft Advertising REST shapes adlink reads (PascalCase JSON, int64 ids as strings). */

export interface AdvertiserAccount {
  Id?: string;
  Name?: string;
  CurrencyCode?: string;
  ParentCustomerId?: string;
  AccountLifeCycleStatus?: string;
  TimeZone?: string | null;
}

export interface Campaign {
  Id?: string;
  Name?: string;
  Status?: string;
  CampaignType?: string;
  /** In the account currency's major units; a lifetime amount under LifetimeBudgetStandard. */
  DailyBudget?: number | null;
  BudgetType?: string | null;
  /** A shared Budget's id (greater than zero): the campaign spends that budget, not its own. */
  BudgetId?: string | null;
  /** Where the ad groups' StartDate and EndDate are read (a value of the "Time Zones" guide). */
  TimeZone?: string | null;
  Languages?: string[] | null;
}

export interface AdGroup {
  Id?: string;
  Name?: string;
  Status?: string;
  /** Set where its campaign has no Languages. */
  Language?: string | null;
  /** Days in the campaign's time zone: serving starts at the start's midnight, ends after the end day. */
  StartDate?: MicrosoftDate | null;
  EndDate?: MicrosoftDate | null;
  Settings?: TargetSetting[] | null;
}

/** Per criterion type group, whether its criterions restrict delivery (TargetAndBid) or only adjust bids. */
export interface TargetSetting {
  Type?: string;
  Details?: { CriterionTypeGroup?: string; TargetAndBid?: boolean }[] | null;
}

export interface Keyword {
  Id?: string;
  Text?: string;
  Status?: string;
}

/** An asset of an ad: a TextAsset's Text, an ImageAsset's media id (`Id`) and SubType. */
export interface AssetLink {
  Asset?: { Id?: string | null; Type?: string; Text?: string | null; SubType?: string | null } | null;
  PinnedField?: string | null;
}

export interface CustomParameter {
  Key?: string;
  Value?: string;
}

/** An ad as Get answers it: every Ad type's fields in one object (`Type` says which apply). */
export interface Ad {
  Id?: string;
  Type?: string;
  Status?: string;
  /** Active, ActiveLimited, Disapproved, or Inactive (under review). */
  EditorialStatus?: string | null;
  FinalUrls?: string[] | null;
  UrlCustomParameters?: { Parameters?: CustomParameter[] | null } | null;
  Headlines?: AssetLink[] | null;
  Descriptions?: AssetLink[] | null;
  Path1?: string | null;
  Path2?: string | null;
  AdSubType?: string | null;
  BusinessName?: string | null;
  CallToAction?: string | null;
  CallToActionLanguage?: string | null;
  LongHeadlines?: AssetLink[] | null;
  Images?: AssetLink[] | null;
}

/** GetEditorialReasonsByIds: why an ad failed editorial review, in some or all markets. */
export interface EditorialReasonCollection {
  AdOrKeywordId?: string;
  Reasons?:
    | {
        Location?: string | null;
        ReasonCode?: number;
        Term?: string | null;
        PublisherCountries?: string[] | null;
      }[]
    | null;
}

/** One item of a batch that failed (`PartialErrors`); `Index` is its place in the request. */
export interface BatchError {
  Index?: number;
  Code?: number;
  ErrorCode?: string;
  Message?: string;
}

/**
 * An ad group with what adlink shows of it: its campaign, account currency and time zone, keywords and
 * customer lists.
 */
export interface AdGroupParts {
  accountId: string;
  currency: string;
  /** The IANA zone its dates are in (the campaign's, else the account's). */
  zone: string | undefined;
  campaign: Campaign;
  adGroup: AdGroup;
  keywords: Keyword[];
  /** Its customer-list criterions. */
  audiences: AdGroupCriterion[];
}

/** An Audience of GetAudiencesByIds; adlink reads customer lists (Type CustomerList) only. */
export interface CustomerList {
  Id?: string;
  Type?: string;
  Name?: string;
  Description?: string | null;
  ParentId?: string;
  /** Null while Microsoft builds the audience (up to 48 hours after an upload). */
  SearchSize?: string | null;
}

/** An ad group criterion of GetAdGroupCriterionsByIds; adlink reads those of customer lists only. */
export interface AdGroupCriterion {
  Id?: string;
  /** BiddableAdGroupCriterion (the list is targeted) or NegativeAdGroupCriterion (it is excluded). */
  Type?: string;
  AdGroupId?: string;
  Status?: string;
  Criterion?: { Type?: string; AudienceId?: string; AudienceType?: string } | null;
}
