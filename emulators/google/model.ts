/**
 * The Google Ads resources the emulator keeps, in the REST API's JSON shape (lowerCamelCase fields,
 * int64 values as decimal strings, enums by name), so a GAQL row is a projection of these objects.
 */

export type EntityStatus = 'ENABLED' | 'PAUSED' | 'REMOVED';

export interface Customer {
  resourceName: string;
  id: string;
  descriptiveName: string;
  currencyCode: string;
  timeZone: string;
  manager: boolean;
}

export interface CampaignBudget {
  resourceName: string;
  id: string;
  /** Required for an explicitly shared budget only. */
  name?: string;
  period: 'DAILY' | 'CUSTOM_PERIOD';
  amountMicros?: string;
  totalAmountMicros?: string;
  deliveryMethod: 'STANDARD' | 'ACCELERATED';
  /** Google's default for a budget created through the API is true (a shared budget). */
  explicitlyShared: boolean;
  status: 'ENABLED' | 'REMOVED';
}

export interface NetworkSettings {
  targetGoogleSearch?: boolean;
  targetSearchNetwork?: boolean;
  targetContentNetwork?: boolean;
  targetPartnerSearchNetwork?: boolean;
}

export interface Campaign {
  resourceName: string;
  id: string;
  name: string;
  status: EntityStatus;
  primaryStatus: string;
  advertisingChannelType: string;
  campaignBudget: string;
  /** `yyyy-MM-dd HH:mm:ss` in the customer's time zone (v23 and later). */
  startDateTime: string;
  /** Absent: the campaign runs indefinitely. */
  endDateTime?: string;
  containsEuPoliticalAdvertising: string;
  networkSettings?: NetworkSettings;
  biddingStrategyType: string;
}

export interface AdGroup {
  resourceName: string;
  id: string;
  name: string;
  status: EntityStatus;
  primaryStatus: string;
  type: string;
  campaign: string;
  cpcBidMicros?: string;
}

/** One text of a responsive search ad (common/ad_asset.proto `AdTextAsset`). */
export interface AdTextAsset {
  text: string;
  pinnedField?: string;
}

/** A policy finding (common/policy.proto `PolicyTopicEntry`): `{topic: 'TRADEMARKS_IN_AD_TEXT', type: 'PROHIBITED'}`. */
export interface PolicyTopicEntry {
  topic: string;
  type: string;
}

export interface Ad {
  resourceName: string;
  id: string;
  /** Only some ad types have one (Video, Image, Demand Gen, …); never a responsive search ad. */
  name?: string;
  type: string;
  finalUrls: string[];
  responsiveSearchAd?: {
    headlines: AdTextAsset[];
    descriptions: AdTextAsset[];
    path1?: string;
    path2?: string;
  };
}

export interface AdGroupAd {
  resourceName: string;
  adGroup: string;
  status: EntityStatus;
  ad: Ad;
  /** Google's review (resources/ad_group_ad.proto `AdGroupAdPolicySummary`), OUTPUT_ONLY. */
  policySummary: {
    policyTopicEntries: PolicyTopicEntry[];
    reviewStatus: string;
    approvalStatus: string;
  };
}

/** resources/label.proto: a name (1–80 characters, unique in the customer) that ads, ad groups, … carry. */
export interface Label {
  resourceName: string;
  id: string;
  name: string;
  status: 'ENABLED' | 'REMOVED';
}

/** resources/ad_group_ad_label.proto: a label on an ad group ad. */
export interface AdGroupAdLabel {
  resourceName: string;
  adGroupAd: string;
  label: string;
}

/** What a new or edited ad's review is until Google has looked at it. */
export const pendingReview = (): AdGroupAd['policySummary'] => ({
  policyTopicEntries: [],
  reviewStatus: 'REVIEW_IN_PROGRESS',
  approvalStatus: 'UNKNOWN',
});

export interface AdGroupCriterion {
  resourceName: string;
  adGroup: string;
  criterionId: string;
  status: EntityStatus;
  type: 'KEYWORD';
  negative: boolean;
  keyword: { text: string; matchType: string };
}

/** One customer (ad account) and everything in it. */
export interface Account {
  customer: Customer;
  /** Managers (by id) whose `login-customer-id` reaches this account. */
  managedBy: string[];
  budgets: Map<string, CampaignBudget>;
  campaigns: Map<string, Campaign>;
  adGroups: Map<string, AdGroup>;
  /** By `{ad_group_id}~{ad_id}`. */
  ads: Map<string, AdGroupAd>;
  criteria: Map<string, AdGroupCriterion>;
  labels: Map<string, Label>;
  /** By `{ad_group_id}~{ad_id}~{label_id}`. */
  adLabels: Map<string, AdGroupAdLabel>;
}

export const customerName = (id: string) => `customers/${id}`;
export const idOf = (resourceName: string) => resourceName.slice(resourceName.lastIndexOf('/') + 1);

/** What an ad group's serving status is, from its own status and its campaign's. */
export function adGroupPrimaryStatus(status: EntityStatus, campaign: Campaign): string {
  if (status === 'REMOVED') return 'REMOVED';
  if (status === 'PAUSED' || campaign.status === 'PAUSED') return 'PAUSED';
  if (campaign.status === 'REMOVED') return 'NOT_ELIGIBLE';
  return campaign.primaryStatus === 'LIMITED' ? 'LIMITED' : 'ELIGIBLE';
}

/** The emulated Google Ads backend: accounts by customer id, and the ids it hands out. */
export class GoogleAdsState {
  readonly accounts = new Map<string, Account>();
  /** Customer ids the emulated user reaches directly (what listAccessibleCustomers answers). */
  readonly accessible = new Set<string>();
  private nextId = 700_000_000;

  newId(): string {
    return String(this.nextId++);
  }

  addCustomer(customer: Omit<Customer, 'resourceName'>, managedBy: string[] = []): Account {
    const account: Account = {
      customer: { resourceName: customerName(customer.id), ...customer },
      managedBy,
      budgets: new Map(),
      campaigns: new Map(),
      adGroups: new Map(),
      ads: new Map(),
      criteria: new Map(),
      labels: new Map(),
      adLabels: new Map(),
    };
    this.accounts.set(customer.id, account);
    return account;
  }
}
