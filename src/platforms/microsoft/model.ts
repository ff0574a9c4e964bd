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
  /** Days in the campaign's time zone: serving starts at the start's midnight, ends after the end day. */
  StartDate?: MicrosoftDate | null;
  EndDate?: MicrosoftDate | null;
}

export interface Keyword {
  Id?: string;
  Text?: string;
  Status?: string;
}

export interface Ad {
  Id?: string;
  Type?: string;
  Status?: string;
}

/** One item of a batch that failed (`PartialErrors`); `Index` is its place in the request. */
export interface BatchError {
  Index?: number;
  Code?: number;
  ErrorCode?: string;
  Message?: string;
}

/** An ad group with what adlink shows of it: its campaign, account currency and time zone, keywords and ads. */
export interface AdGroupParts {
  accountId: string;
  currency: string;
  /** The IANA zone its dates are in (the campaign's, else the account's). */
  zone: string | undefined;
  campaign: Campaign;
  adGroup: AdGroup;
  keywords: Keyword[];
  ads: Ad[];
}
