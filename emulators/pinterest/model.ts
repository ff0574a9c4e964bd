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

/** `AdResponse.review_status`. */
export const REVIEW_STATUSES = ['OTHER', 'PENDING', 'REJECTED', 'APPROVED'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];
/** `CreativeType`; this emulator makes ads of REGULAR (image) and VIDEO Pins. */
export const CREATIVE_TYPES = [
  'REGULAR',
  'VIDEO',
  'SHOPPING',
  'CAROUSEL',
  'MAX_VIDEO',
  'SHOP_THE_PIN',
  'COLLECTION',
  'IDEA',
  'SHOWCASE',
  'QUIZ',
  'COLLAGE',
  'MAX_WIDTH_REGULAR_COLLECTION',
  'MAX_WIDTH_VIDEO_COLLECTION',
] as const;
export type CreativeType = (typeof CREATIVE_TYPES)[number];
/** `CustomizableCTAType`: the call to action shown below an ad. */
export const CTA_TYPES = [
  'GET_OFFER',
  'LEARN_MORE',
  'ORDER_NOW',
  'SHOP_NOW',
  'SIGN_UP',
  'SUBSCRIBE',
  'BUY_NOW',
  'CONTACT_US',
  'GET_QUOTE',
  'VISIT_SITE',
  'APPLY_NOW',
  'BOOK_NOW',
  'REQUEST_DEMO',
  'REGISTER_NOW',
  'FIND_A_DEALER',
  'ADD_TO_CART',
  'WATCH_NOW',
  'READ_MORE',
  'BUY_TICKETS',
  'DONATE_NOW',
  'DOWNLOAD',
  'EXPLORE_MORE',
  'FIND_A_LOCATION',
  'GET_DEAL',
  'GET_RECIPE',
  'GET_SHOWTIMES',
  'ON_SALE',
  'PLAY_GAME',
  'TRY_IT',
] as const;
export type CtaType = (typeof CTA_TYPES)[number];
/** `ContentType`: the images a Pin is made from (`image_base64`). */
export const CONTENT_TYPES = ['image/jpeg', 'image/png'] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];

export interface Ad {
  id: string;
  ad_account_id: string;
  campaign_id: string;
  ad_group_id: string;
  pin_id: string;
  name: string;
  status: EntityStatus;
  review_status: ReviewStatus;
  /** Returned (as the fields' descriptions say) when review_status is REJECTED. */
  rejected_reasons: string[];
  rejection_labels: string[];
  creative_type: CreativeType;
  customizable_cta_type: CtaType | null;
  destination_url: string | null;
  created_time: number;
  updated_time: number;
  type: 'pinpromotion';
}

/** The emulated user (`Account` of `GET user_account`), who owns every seeded ad account. */
export interface UserAccount {
  id: string;
  username: string;
  account_type: 'BUSINESS';
  business_name: string;
  website_url: string;
  profile_image: string;
  about: string;
}

export interface Board {
  id: string;
  name: string;
  description: string | null;
  privacy: 'PUBLIC' | 'PROTECTED' | 'SECRET';
  is_ads_only: boolean;
  created_at: string;
}

/** A Pin: an image one (its decoded size kept) or a video one (seeded only: `/media` is not served). */
export interface Pin {
  id: string;
  board_id: string;
  title: string | null;
  description: string | null;
  link: string | null;
  alt_text: string | null;
  media:
    | { media_type: 'image'; width: number; height: number; content_type: ContentType; bytes: number }
    | { media_type: 'video'; width: number; height: number };
  created_at: string;
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

/** `CustomerList.status`: TOO_SMALL "the list has less than 100 Pinterest users". */
export type CustomerListStatus = 'PROCESSING' | 'READY' | 'TOO_SMALL' | 'UPLOADING';

/**
 * A customer list and what it was sent: the records of every call (hashes or lower-case emails, as
 * received), those removed, and how many records each call carried, so a test can check them.
 */
export interface CustomerList {
  id: string;
  ad_account_id: string;
  name: string;
  list_type: string;
  members: Set<string>;
  added: string[];
  removed: string[];
  batches: number[];
  num_uploaded_user_records: number;
  num_removed_user_records: number;
  /** Matching the last upload; `POST /_emulator/match` finishes it. */
  matching: boolean;
  created_time: number;
  updated_time: number;
}

/** A CUSTOMER_LIST audience (the only type this emulator makes); size and status come from its list. */
export interface Audience {
  id: string;
  ad_account_id: string;
  name: string;
  description: string | null;
  customer_list_id: string;
  created_timestamp: number;
  updated_timestamp: number;
}

/** "Each audience list needs to have at least 100 people with Pinterest accounts" (`Audience.status`). */
export const MIN_AUDIENCE_SIZE = 100;
