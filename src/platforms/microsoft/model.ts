/** The Microsoft Advertising REST shapes adlink reads (PascalCase JSON, int64 ids as strings). */

export interface AdvertiserAccount {
  Id?: string;
  Name?: string;
  CurrencyCode?: string;
  ParentCustomerId?: string;
  AccountLifeCycleStatus?: string;
}

export interface Campaign {
  Id?: string;
  Name?: string;
  Status?: string;
  CampaignType?: string;
  DailyBudget?: number | null;
  BudgetType?: string | null;
  Languages?: string[] | null;
}

export interface AdGroup {
  Id?: string;
  Name?: string;
  Status?: string;
}

export interface Keyword {
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

/** An ad group with what adlink shows of it: its campaign, account currency, keywords and ads. */
export interface AdGroupParts {
  accountId: string;
  currency: string;
  campaign: Campaign;
  adGroup: AdGroup;
  keywords: Keyword[];
  ads: Ad[];
}
