/**
 * The Microsoft Advertising entities the emulator keeps, in the REST API's JSON shape: PascalCase
 * fields as in the SDK models, int64 ids as decimal strings, money in the account currency's units.
 */

export type AdGroupStatus = 'Active' | 'Paused' | 'Expired' | 'Deleted';
export type CampaignStatus =
  | 'Active'
  | 'Paused'
  | 'BudgetPaused'
  | 'BudgetAndManualPaused'
  | 'Deleted'
  | 'Suspended';

export interface User {
  Id: string;
  CustomerId: string;
  UserName: string;
  Name: { FirstName: string; LastName: string };
  UserLifeCycleStatus: 'Active';
}

export interface AdvertiserAccount {
  Id: string;
  Name: string;
  Number: string;
  CurrencyCode: string;
  ParentCustomerId: string;
  PrimaryUserId: string;
  AccountLifeCycleStatus: 'Active' | 'Pause' | 'Inactive';
  TimeZone: string;
}

export interface Campaign {
  Id: string;
  Name: string;
  Status: CampaignStatus;
  CampaignType: string;
  /** In the account currency's major units (a shared Budget's amount where BudgetId is set). */
  DailyBudget: number;
  BudgetType: 'DailyBudgetStandard' | 'DailyBudgetAccelerated' | 'LifetimeBudgetStandard';
  /** The shared Budget the campaign spends, or null: its own. */
  BudgetId: string | null;
  TimeZone: string;
  /** Null: the campaign leaves the language to each ad group. */
  Languages: string[] | null;
}

/** A calendar day as the API writes it. */
export interface DateParts {
  Day: number;
  Month: number;
  Year: number;
}

export interface AdGroup {
  Id: string;
  Name: string;
  Status: AdGroupStatus;
  Language: string | null;
  CpcBid: { Amount: number | null };
  Network: string;
  StartDate: DateParts | null;
  EndDate: DateParts | null;
}

export interface Keyword {
  Id: string;
  Text: string;
  MatchType: 'Exact' | 'Phrase' | 'Broad';
  Status: 'Active' | 'Paused' | 'Inactive';
  Bid: { Amount: number | null };
}

export interface Ad {
  Id: string;
  Type: 'ResponsiveSearch' | 'ResponsiveAd';
  Status: 'Active' | 'Paused';
  EditorialStatus: 'Active';
  FinalUrls: string[];
}

/** One ad group where it lives: its campaign, keywords and ads. */
export interface AdGroupRecord {
  campaignId: string;
  adGroup: AdGroup;
  keywords: Keyword[];
  ads: Ad[];
}

/** One ad account and everything in it. Deleted ad groups are gone: Get never returns them. */
export interface AccountState {
  account: AdvertiserAccount;
  campaigns: Map<string, Campaign>;
  adGroups: Map<string, AdGroupRecord>;
}

/** The emulated Microsoft Advertising backend: one user, the accounts they reach, the ids it hands out. */
export class MicrosoftAdsState {
  readonly accounts = new Map<string, AccountState>();
  private nextId = 5_100_000_000;

  constructor(readonly user: User) {}

  newId(): string {
    return String(this.nextId++);
  }

  addAccount(account: AdvertiserAccount): AccountState {
    const state: AccountState = { account, campaigns: new Map(), adGroups: new Map() };
    this.accounts.set(account.Id, state);
    return state;
  }
}

export const adGroupsIn = (account: AccountState, campaignId: string): AdGroupRecord[] =>
  [...account.adGroups.values()].filter((r) => r.campaignId === campaignId);
