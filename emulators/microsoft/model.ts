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
  /** Its TargetSetting, if one was given: whether audiences restrict delivery ("target and bid"). */
  Settings: TargetSetting[] | null;
}

export interface TargetSetting {
  Type: 'TargetSetting';
  Details: { CriterionTypeGroup: string; TargetAndBid: boolean }[];
}

export interface Keyword {
  Id: string;
  Text: string;
  MatchType: 'Exact' | 'Phrase' | 'Broad';
  Status: 'Active' | 'Paused' | 'Inactive';
  Bid: { Amount: number | null };
}

export type AdEditorialStatus = 'Active' | 'ActiveLimited' | 'Disapproved' | 'Inactive';

/** An asset of an ad: a TextAsset (headline, description), an ImageAsset (a media id) or a VideoAsset. */
export interface Asset {
  Id: string | null;
  Name: null;
  Type: 'TextAsset' | 'ImageAsset' | 'VideoAsset';
  Text?: string;
  SubType?: string | null;
}

export interface AssetLink {
  Asset: Asset;
  AssetPerformanceLabel: null;
  EditorialStatus: 'Unknown' | AdEditorialStatus;
  PinnedField: string | null;
}

export interface CustomParameter {
  Key: string;
  Value: string;
}

/**
 * A ResponsiveSearch ad (Headlines, Descriptions, Path1, Path2) or a ResponsiveAd (a multimedia ad in
 * a Search campaign, an audience ad or a video ad: BusinessName, CallToAction, Headlines,
 * LongHeadlines, Descriptions, Images or Videos), as GetAdsByIds answers it.
 */
export interface Ad {
  Id: string;
  Type: 'ResponsiveSearch' | 'ResponsiveAd';
  Status: 'Active' | 'Paused';
  EditorialStatus: AdEditorialStatus;
  FinalUrls: string[];
  UrlCustomParameters: { Parameters: CustomParameter[] } | null;
  Headlines: AssetLink[];
  Descriptions: AssetLink[];
  Path1?: string | null;
  Path2?: string | null;
  AdSubType?: 'Video' | 'Display' | 'HTML5' | null;
  BusinessName?: string | null;
  CallToAction?: string | null;
  CallToActionLanguage?: string | null;
  LongHeadlines?: AssetLink[];
  Images?: AssetLink[];
  Videos?: AssetLink[];
}

/** An EditorialReason of GetEditorialReasonsByIds. */
export interface EditorialReason {
  Location: string;
  PublisherCountries: string[];
  ReasonCode: number;
  Term: string | null;
}

/** An image of the account's media library (AddMedia), with what the emulator read of its data. */
export interface StoredMedia {
  Id: string;
  MediaType: string;
  Type: 'Image';
  Text: string | null;
  width: number;
  height: number;
  bytes: number;
}

/** One ad group where it lives: its campaign, keywords and ads. */
export interface AdGroupRecord {
  campaignId: string;
  adGroup: AdGroup;
  keywords: Keyword[];
  ads: Ad[];
  /** Its customer lists: ad group criterions with an AudienceCriterion. */
  audiences: AudienceCriterion[];
}

/** An ad group criterion of a customer list, as GetAdGroupCriterionsByIds answers it. */
export interface AudienceCriterion {
  Id: string;
  Type: 'BiddableAdGroupCriterion' | 'NegativeAdGroupCriterion';
  AdGroupId: string;
  Status: 'Active' | 'Paused';
  Criterion: { Type: 'AudienceCriterion'; AudienceId: string; AudienceType: 'CustomerList' };
  CriterionBid?: { Type: 'BidMultiplier'; Multiplier: number };
}

/** A customer list (an Audience of Type CustomerList) as GetAudiencesByIds answers it. */
export interface CustomerList {
  Id: string;
  Type: 'CustomerList';
  Name: string;
  Description: string | null;
  Scope: 'Account' | 'Customer';
  ParentId: string;
  MembershipDuration: number;
  /** Null while Microsoft builds the audience (up to 48 hours after an upload). */
  SearchSize: string | null;
  AudienceNetworkSize: string | null;
  SupportedCampaignTypes: string[];
}

/** A customer list with its members (SHA-256 of emails) and what each ApplyCustomerListUserData sent. */
export interface CustomerListRecord {
  audience: CustomerList;
  members: Set<string>;
  /** Every hash received to add, and to remove, in order. */
  added: string[];
  removed: string[];
  /** The number of items of each accepted upload call. */
  batches: number[];
}

/** One ad account and everything in it. Deleted ad groups are gone: Get never returns them. */
export interface AccountState {
  account: AdvertiserAccount;
  campaigns: Map<string, Campaign>;
  adGroups: Map<string, AdGroupRecord>;
  /** The account's media library. */
  media: Map<string, StoredMedia>;
  /** Why an ad failed (or partly failed) editorial review, by ad id (`/_emulator/ad-review`). */
  editorialReasons: Map<string, EditorialReason[]>;
  customerLists: Map<string, CustomerListRecord>;
  /** Whether the Customer Match terms were accepted in the web UI (`/_emulator/customer-match-terms`). */
  customerMatchTerms: boolean;
}

/** The emulated Microsoft Advertising backend: one user, the accounts they reach, the ids it hands out. */
export class MicrosoftAdsState {
  readonly accounts = new Map<string, AccountState>();
  private nextId = 5_100_000_000;
  /** Assets and media count apart, so the ids of the seeded campaigns, ad groups and ads stay put. */
  private nextAssetId = 7_300_000_000;

  constructor(readonly user: User) {}

  newId(): string {
    return String(this.nextId++);
  }

  newAssetId(): string {
    return String(this.nextAssetId++);
  }

  addAccount(account: AdvertiserAccount): AccountState {
    const state: AccountState = {
      account,
      campaigns: new Map(),
      adGroups: new Map(),
      media: new Map(),
      editorialReasons: new Map(),
      customerLists: new Map(),
      customerMatchTerms: true,
    };
    this.accounts.set(account.Id, state);
    return state;
  }
}

export const adGroupsIn = (account: AccountState, campaignId: string): AdGroupRecord[] =>
  [...account.adGroups.values()].filter((r) => r.campaignId === campaignId);
