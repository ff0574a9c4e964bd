/** The Graph API objects the Meta emulator keeps, in Meta's own field names and values. */

import { zonedTime } from '../../src/domain/zoned-time.js';

export type ConfiguredStatus = 'ACTIVE' | 'PAUSED' | 'ARCHIVED' | 'DELETED';
export type Objective =
  | 'OUTCOME_AWARENESS'
  | 'OUTCOME_TRAFFIC'
  | 'OUTCOME_ENGAGEMENT'
  | 'OUTCOME_LEADS'
  | 'OUTCOME_SALES'
  | 'OUTCOME_APP_PROMOTION';

export interface AdAccount {
  /** Digits only; the node id is `act_` + this. */
  account_id: string;
  name: string;
  currency: string;
  timezone_name: string;
}

export interface Campaign {
  id: string;
  account_id: string;
  name: string;
  objective: Objective;
  status: ConfiguredStatus;
  special_ad_categories: string[];
  buying_type: string;
  /** Advantage campaign budget: set, the campaign's ad sets have no budget of their own. */
  daily_budget?: number;
  lifetime_budget?: number;
  bid_strategy?: string;
  /** Said on every campaign without a campaign budget (v24.0 and later). */
  is_adset_budget_sharing_enabled?: boolean;
  created_time: string;
  updated_time: string;
}

export interface GeoLocations {
  countries?: string[];
  zips?: { key: string }[];
}

/** A custom audience in a targeting spec (the SDK's `RawCustomAudience`): sent as `{id}`, answered with its name. */
export interface RawCustomAudience {
  id: string;
  name?: string;
}

export interface Targeting {
  geo_locations: GeoLocations;
  age_min?: number;
  age_max?: number;
  custom_audiences?: RawCustomAudience[];
  excluded_custom_audiences?: RawCustomAudience[];
}

export interface AdSet {
  id: string;
  account_id: string;
  campaign_id: string;
  name: string;
  status: ConfiguredStatus;
  /** Delivery that is held up although everything is ACTIVE (Meta's IN_PROCESS, WITH_ISSUES). */
  held?: 'IN_PROCESS' | 'WITH_ISSUES';
  daily_budget?: number;
  lifetime_budget?: number;
  billing_event: string;
  optimization_goal: string;
  targeting: Targeting;
  start_time: string;
  end_time?: string;
  created_time: string;
  updated_time: string;
}

/** Where an ad's review stands: in review, passed (perhaps not everywhere: `feedback`), or disapproved. */
export type ReviewState = 'PENDING' | 'APPROVED' | 'DISAPPROVED';

/** Meta's `ad_review_feedback`: policy name → explanation, overall and per placement (`instagram`). */
export interface ReviewFeedback {
  global?: Record<string, string>;
  placement_specific?: Record<string, Record<string, string>>;
}

/** One entry of `issues_info`: why an ad cannot deliver (Meta's WITH_ISSUES). */
export interface IssueInfo {
  level: 'AD' | 'AD_SET' | 'CAMPAIGN';
  error_code: number;
  error_summary: string;
  error_message: string;
}

export interface Ad {
  id: string;
  account_id: string;
  campaign_id: string;
  adset_id: string;
  name: string;
  status: ConfiguredStatus;
  creative_id: string;
  review: ReviewState;
  feedback?: ReviewFeedback;
  issues?: IssueInfo[];
  created_time: string;
  updated_time: string;
}

/** An image of an ad account's image library, known by its hash (the MD5 of its bytes). */
export interface AdImage {
  hash: string;
  account_id: string;
  name: string;
  width: number;
  height: number;
  created_time: string;
}

/** A Facebook Page; an ad account may promote some (`promote_pages`). */
export interface Page {
  id: string;
  name: string;
}

export interface CallToAction {
  type: string;
  value?: { link?: string };
}

/** A link ad's story (`object_story_spec.link_data`). */
export interface LinkData {
  link: string;
  image_hash: string;
  message?: string;
  name?: string;
  description?: string;
  call_to_action?: CallToAction;
}

/** A video ad's story (`object_story_spec.video_data`): seeded only, the emulator takes no video uploads. */
export interface VideoData {
  video_id: string;
  image_url?: string;
  message?: string;
  title?: string;
  call_to_action?: CallToAction;
}

export interface AdCreative {
  id: string;
  account_id: string;
  name: string;
  object_story_spec: { page_id: string; link_data?: LinkData; video_data?: VideoData };
  status: 'ACTIVE' | 'DELETED';
}

/** The ad set fields the emulator answers (every one is in the SDK's `AdSet.Fields`). */
export const ADSET_FIELDS = [
  'id',
  'account_id',
  'campaign_id',
  'campaign',
  'name',
  'status',
  'configured_status',
  'effective_status',
  'daily_budget',
  'lifetime_budget',
  'billing_event',
  'optimization_goal',
  'targeting',
  'start_time',
  'end_time',
  'created_time',
  'updated_time',
] as const;

/** The parameters `POST /act_{id}/adsets` takes (every one is in the SDK's `AdSet.Fields`). */
export const ADSET_CREATE_PARAMS = [
  'name',
  'campaign_id',
  'status',
  'daily_budget',
  'lifetime_budget',
  'billing_event',
  'optimization_goal',
  'targeting',
  'start_time',
  'end_time',
] as const;

/** What `POST /{adset_id}` may change here (every one is in the SDK's `AdSet.Fields`). */
export const ADSET_UPDATE_PARAMS = [
  'name',
  'status',
  'daily_budget',
  'lifetime_budget',
  'start_time',
  'end_time',
  'targeting',
] as const;

export const CAMPAIGN_FIELDS = [
  'id',
  'account_id',
  'name',
  'objective',
  'status',
  'configured_status',
  'effective_status',
  'special_ad_categories',
  'buying_type',
  'daily_budget',
  'lifetime_budget',
  'bid_strategy',
  'is_adset_budget_sharing_enabled',
  'created_time',
  'updated_time',
] as const;

/** The parameters `POST /act_{id}/campaigns` takes here (every one is in the SDK's `create_campaign`). */
export const CAMPAIGN_CREATE_PARAMS = [
  'name',
  'objective',
  'status',
  'special_ad_categories',
  'buying_type',
  'daily_budget',
  'lifetime_budget',
  'bid_strategy',
  'is_adset_budget_sharing_enabled',
] as const;

/** What `POST /{campaign_id}` may change here (every one is in the SDK's `Campaign.Fields`). */
export const CAMPAIGN_UPDATE_PARAMS = ['name', 'status', 'daily_budget', 'lifetime_budget'] as const;

/** The SDK's `Campaign.Objective` values a new campaign may have: the outcome-based (ODAX) ones. */
export const OBJECTIVES: Objective[] = [
  'OUTCOME_AWARENESS',
  'OUTCOME_TRAFFIC',
  'OUTCOME_ENGAGEMENT',
  'OUTCOME_LEADS',
  'OUTCOME_SALES',
  'OUTCOME_APP_PROMOTION',
];

/** The SDK's `Campaign.SpecialAdCategories`. */
export const SPECIAL_AD_CATEGORIES = [
  'NONE',
  'CREDIT',
  'EMPLOYMENT',
  'FINANCIAL_PRODUCTS_SERVICES',
  'HOUSING',
  'ISSUES_ELECTIONS_POLITICS',
  'ONLINE_GAMBLING_AND_GAMING',
] as const;

/** The SDK's `Campaign.BidStrategy`. */
export const BID_STRATEGIES = [
  'LOWEST_COST_WITHOUT_CAP',
  'LOWEST_COST_WITH_BID_CAP',
  'COST_CAP',
  'LOWEST_COST_WITH_MIN_ROAS',
] as const;

/** Meta's buying types here: auction (RESERVED, reach and frequency, needs a prediction first). */
export const BUYING_TYPES = ['AUCTION'] as const;

export const AD_FIELDS = [
  'id',
  'account_id',
  'campaign_id',
  'adset_id',
  'name',
  'status',
  'configured_status',
  'effective_status',
  'creative',
  'ad_review_feedback',
  'issues_info',
  'created_time',
  'updated_time',
] as const;

/** The parameters `POST /act_{id}/ads` takes here (every one is in the Python SDK's `create_ad`). */
export const AD_CREATE_PARAMS = ['name', 'adset_id', 'creative', 'status'] as const;

/** What `POST /{ad_id}` may change here (every one is in the SDK's `Ad.Fields`). */
export const AD_UPDATE_PARAMS = ['name', 'status', 'creative'] as const;

/** The ad creative fields the emulator answers (every one is in the SDK's `AdCreative.Fields`). */
export const CREATIVE_FIELDS = [
  'id',
  'account_id',
  'name',
  'object_story_spec',
  'object_type',
  'status',
  'image_hash',
  'call_to_action_type',
] as const;

/** The parameters `POST /act_{id}/adcreatives` takes here (in the Python SDK's `create_ad_creative`). */
export const CREATIVE_CREATE_PARAMS = ['name', 'object_story_spec'] as const;

/** The ad image fields the emulator answers (every one is in the SDK's `AdImage.Fields`). */
export const AD_IMAGE_FIELDS = [
  'id',
  'account_id',
  'hash',
  'name',
  'width',
  'height',
  'original_width',
  'original_height',
  'status',
  'created_time',
] as const;

/** The Page fields `promote_pages` answers here (every one is in the SDK's `Page.Fields`). */
export const PAGE_FIELDS = ['id', 'name'] as const;

export const AD_ACCOUNT_FIELDS = ['id', 'account_id', 'name', 'currency', 'timezone_name'] as const;

export const BILLING_EVENTS = ['IMPRESSIONS', 'LINK_CLICKS', 'THRUPLAY'] as const;

/** Which optimization goals an ad set may have under a campaign objective (Meta's validation table, abridged). */
export const OPTIMIZATION_GOALS: Record<Objective, string[]> = {
  OUTCOME_AWARENESS: ['REACH', 'IMPRESSIONS', 'AD_RECALL_LIFT', 'THRUPLAY'],
  OUTCOME_TRAFFIC: ['LINK_CLICKS', 'LANDING_PAGE_VIEWS', 'REACH', 'IMPRESSIONS'],
  OUTCOME_ENGAGEMENT: ['POST_ENGAGEMENT', 'IMPRESSIONS', 'REACH', 'THRUPLAY'],
  OUTCOME_LEADS: ['LEAD_GENERATION', 'QUALITY_LEAD'],
  OUTCOME_SALES: ['OFFSITE_CONVERSIONS', 'VALUE'],
  OUTCOME_APP_PROMOTION: ['APP_INSTALLS'],
};

/** Meta's time format: `2026-01-05T10:00:00+0000`. */
export const graphTime = (date: Date): string => `${date.toISOString().slice(0, 19)}+0000`;

/**
 * A time as Meta answers it for an ad account: local time in the account's `timezone_name` with
 * that zone's offset then, `2026-01-05T01:00:00-0800`.
 */
export const graphTimeIn = (date: Date, timeZone: string): string =>
  zonedTime(date, timeZone).replace(/([+-]\d{2}):(\d{2})$/, '$1$2');

/** A Graph time (`…+0000`, `…-0800`, or ISO 8601 with a colon) as a Date. */
export const parseGraphTime = (value: string): Date =>
  new Date(value.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));

/**
 * A customer-file custom audience (`subtype` CUSTOM) and what its uploads sent: every hash added and
 * removed, and the rows of each `/users` call, so a test can check them.
 */
export interface CustomAudience {
  id: string;
  account_id: string;
  name: string;
  description?: string;
  customer_file_source: string;
  /** Unix seconds, as Meta answers `time_created`/`time_updated`. */
  time_created: number;
  time_updated: number;
  added: string[];
  removed: string[];
  batches: number[];
  /** Until when (ms since the epoch) the last upload is still being matched. */
  matching_until: number;
}

/** The custom audience fields the emulator answers (every one is in the SDK's `CustomAudience.Fields`). */
export const CUSTOM_AUDIENCE_FIELDS = [
  'id',
  'account_id',
  'name',
  'description',
  'subtype',
  'customer_file_source',
  'approximate_count_lower_bound',
  'approximate_count_upper_bound',
  'operation_status',
  'delivery_status',
  'time_created',
  'time_updated',
] as const;

/** The parameters `POST /act_{id}/customaudiences` takes here (every one is in the SDK's `CustomAudience.Fields`). */
export const CUSTOM_AUDIENCE_CREATE_PARAMS = [
  'name',
  'description',
  'subtype',
  'customer_file_source',
] as const;

/** What `POST /{custom_audience_id}` may change here. */
export const CUSTOM_AUDIENCE_UPDATE_PARAMS = ['name', 'description'] as const;

/** The parameters of `POST`/`DELETE /{custom_audience_id}/users` (the reference's `payload` and `session`). */
export const USERS_PARAMS = ['payload', 'session'] as const;
