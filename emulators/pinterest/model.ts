/** The Pinterest API v5 objects the emulator holds, with the field names and enums of its OpenAPI. */

export const API_VERSION = 'v5';
/** The prefix of every API path (the OpenAPI's server is `https://api.pinterest.com/v5`). */
export const V5 = `/${API_VERSION}`;

export const ENTITY_STATUSES = ['ACTIVE', 'PAUSED', 'ARCHIVED', 'DRAFT', 'DELETED_DRAFT'] as const;
export type EntityStatus = (typeof ENTITY_STATUSES)[number];
/** `AdGroupSummaryStatus` and `CampaignSummaryStatus` (the same values). */
export const SUMMARY_STATUSES = [
  'RUNNING',
  'PAUSED',
  'NOT_STARTED',
  'COMPLETED',
  'ADVERTISER_DISABLED',
  'ARCHIVED',
  'DRAFT',
  'DELETED_DRAFT',
] as const;
export type SummaryStatus = (typeof SUMMARY_STATUSES)[number];
/** `PinPromotionSummaryStatus`: an ad's review and switch state, not its delivery. */
export const AD_SUMMARY_STATUSES = [
  'APPROVED',
  'PAUSED',
  'PENDING',
  'REJECTED',
  'ADVERTISER_DISABLED',
  'ARCHIVED',
  'DRAFT',
  'DELETED_DRAFT',
] as const;
export const BUDGET_TYPES = ['DAILY', 'LIFETIME', 'CBO_ADGROUP'] as const;
export type BudgetType = (typeof BUDGET_TYPES)[number];
export const OBJECTIVE_TYPES = [
  'AWARENESS',
  'CONSIDERATION',
  'WEB_CONVERSION',
  'CATALOG_SALES',
  'VIDEO_COMPLETION',
] as const;
export type ObjectiveType = (typeof OBJECTIVE_TYPES)[number];
/** `ActionType`: what an ad group is billed for. */
export const BILLABLE_EVENTS = ['CLICKTHROUGH', 'IMPRESSION', 'VIDEO_V_50_MRC'] as const;
export type BillableEvent = (typeof BILLABLE_EVENTS)[number];
/**
 * This emulator's bid floors (`POST bid_floor`), in micro units of the account's currency whatever it
 * is: Pinterest's depend on country, currency and creative type and are not published.
 */
export const BID_FLOORS: Record<BillableEvent, number> = {
  CLICKTHROUGH: 100_000,
  IMPRESSION: 2_000_000,
  VIDEO_V_50_MRC: 20_000,
};
export const BID_STRATEGY_TYPES = ['AUTOMATIC_BID', 'MAX_BID', 'TARGET_AVG'] as const;
export const MATCH_TYPES = ['BROAD', 'PHRASE', 'EXACT', 'EXACT_NEGATIVE', 'PHRASE_NEGATIVE'] as const;
export type MatchType = (typeof MATCH_TYPES)[number];

/** `TargetingSpec`: each criterion a list of codes (the ages are single strings). */
export type TargetingSpec = Partial<Record<string, string[] | string | null>>;

export interface AdAccount {
  id: string;
  name: string;
  currency: string;
  country: string;
  owner: { username: string };
  permissions: string[];
  created_time: number;
  updated_time: number;
}

export interface Campaign {
  id: string;
  ad_account_id: string;
  name: string;
  status: EntityStatus;
  objective_type: ObjectiveType;
  is_campaign_budget_optimization: boolean;
  daily_spend_cap: number | null;
  lifetime_spend_cap: number | null;
  start_time: number | null;
  end_time: number | null;
  created_time: number;
  updated_time: number;
  type: 'campaign';
}

export interface AdGroup {
  id: string;
  ad_account_id: string;
  campaign_id: string;
  name: string;
  status: EntityStatus;
  budget_in_micro_currency: number | null;
  budget_type: BudgetType;
  bid_in_micro_currency: number | null;
  bid_strategy_type: (typeof BID_STRATEGY_TYPES)[number] | null;
  billable_event: BillableEvent;
  start_time: number | null;
  end_time: number | null;
  targeting_spec: TargetingSpec;
  auto_targeting_enabled: boolean;
  created_time: number;
  updated_time: number;
  type: 'adgroup';
}

export interface Ad {
  id: string;
  ad_account_id: string;
  campaign_id: string;
  ad_group_id: string;
  pin_id: string;
  name: string;
  status: EntityStatus;
  review_status: 'APPROVED' | 'PENDING' | 'REJECTED';
  creative_type: 'REGULAR' | 'VIDEO';
  created_time: number;
  updated_time: number;
  type: 'pinpromotion';
}

export interface Keyword {
  id: string;
  parent_id: string;
  parent_type: 'advertiser' | 'campaign' | 'ad_group';
  value: string;
  match_type: MatchType;
  archived: boolean;
  /** Deprecated by Pinterest: always null. */
  bid: null;
  type: 'keyword';
}

/** Unix seconds, as every Pinterest timestamp. */
export const unixNow = (): number => Math.floor(Date.now() / 1000);

/**
 * The billable events an ad group under each campaign objective takes (the first is what seeded ad
 * groups use). Pinterest's documentation pairs them so; the OpenAPI lists only the enum.
 */
export const BILLABLE_EVENTS_BY_OBJECTIVE: Record<ObjectiveType, BillableEvent[]> = {
  AWARENESS: ['IMPRESSION'],
  CONSIDERATION: ['CLICKTHROUGH'],
  VIDEO_COMPLETION: ['VIDEO_V_50_MRC'],
  WEB_CONVERSION: ['IMPRESSION', 'CLICKTHROUGH'],
  CATALOG_SALES: ['CLICKTHROUGH', 'IMPRESSION'],
};
