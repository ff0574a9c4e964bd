/** The parts of Pinterest API v5 answers the adapter reads (field names of its OpenAPI description). */

export const ENTITY_STATUSES = ['ACTIVE', 'PAUSED', 'ARCHIVED', 'DRAFT', 'DELETED_DRAFT'] as const;
export type EntityStatus = (typeof ENTITY_STATUSES)[number];

export interface PinterestAdAccount {
  id: string;
  name: string;
  currency?: string;
}

export interface PinterestCampaign {
  id: string;
  ad_account_id: string;
  name: string;
  status: EntityStatus;
  summary_status?: string;
  objective_type?: string;
  is_campaign_budget_optimization?: boolean;
  /** Micro units of the account currency; at most one of the two is set. */
  daily_spend_cap?: number | null;
  lifetime_spend_cap?: number | null;
  /** Unix seconds. */
  start_time?: number | null;
  end_time?: number | null;
  created_time: number;
}

/**
 * GEO, LOCATION and the audiences (ids of the ad account's audiences) are what adlink reads; other
 * criteria (ages, interests, …) are kept as they are.
 */
export interface TargetingSpec {
  GEO?: string[] | null;
  LOCATION?: string[] | null;
  AUDIENCE_INCLUDE?: string[] | null;
  AUDIENCE_EXCLUDE?: string[] | null;
  [criterion: string]: string[] | string | null | undefined;
}

export interface PinterestAdGroup {
  id: string;
  ad_account_id: string;
  campaign_id: string;
  name: string;
  status: EntityStatus;
  summary_status?: string;
  budget_in_micro_currency?: number | null;
  budget_type?: 'DAILY' | 'LIFETIME' | 'CBO_ADGROUP';
  targeting_spec?: TargetingSpec | null;
  /** Unix seconds; no start means from creation, no end means until stopped. */
  start_time?: number | null;
  end_time?: number | null;
  /** Unix seconds. */
  created_time: number;
}

export interface PinterestAd {
  id: string;
  ad_account_id: string;
  campaign_id: string;
  ad_group_id: string;
  pin_id: string;
  name?: string | null;
  status: EntityStatus;
  /** REGULAR is an image Pin's ad; VIDEO, CAROUSEL, … are kinds adlink reads but cannot create. */
  creative_type: string;
  /** OTHER, PENDING, REJECTED or APPROVED. */
  review_status?: string | null;
  /** Returned when review_status is REJECTED: codes (`LANDING_PAGE`) and their texts. */
  rejected_reasons?: string[] | null;
  rejection_labels?: string[] | null;
  customizable_cta_type?: string | null;
  /** Unix seconds. */
  created_time: number;
}

/** A Pin: what an ad promotes (its image, title, description and link). */
export interface PinterestPin {
  id: string;
  title?: string | null;
  description?: string | null;
  link?: string | null;
  media?: { media_type: string } | null;
}

export interface PinterestBoard {
  id: string;
  name: string;
  is_ads_only?: boolean;
}

/** `GET user_account`: the profile Pins are made by. */
export interface PinterestUserAccount {
  id: string;
  username?: string;
  business_name?: string | null;
}

export interface PinterestKeyword {
  id: string;
  parent_id: string;
  value: string;
  match_type: string | null;
  archived?: boolean;
}

/**
 * One row of an analytics answer (`…/campaigns|ad_groups|ads/analytics`): the id column of its level,
 * `DATE` with a time granularity, and the asked columns that have a value (others are left out).
 */
export type AnalyticsRow = Partial<Record<string, string | number | null>>;

/** A list answer: `bookmark` is absent or null on the last page. */
export interface Page<T> {
  items: T[];
  bookmark?: string | null;
}

/** One item of a batch answer (`POST`/`PATCH ad_groups`): the object, or why it was refused. */
export interface BatchElement<T> {
  data?: T | null;
  exceptions?: { code?: number; message?: string }[] | null;
}

/** `POST keywords`: all created, or none and the refusals in `errors`. */
export interface KeywordsAnswer {
  keywords?: PinterestKeyword[];
  errors?: { data?: { value?: string }; error_messages?: string[] }[];
}

/** A CUSTOMER_LIST audience (`Audience`): what adlink calls an audience; its members are its list's. */
export interface PinterestAudience {
  id: string;
  ad_account_id: string;
  name: string;
  description?: string | null;
  audience_type?: string;
  rule?: { customer_list_id?: string } | null;
  /** Null while Pinterest matches the list. */
  size?: number | null;
  /** READY, INITIALIZING or TOO_SMALL. */
  status?: string;
  /** Unix seconds. */
  created_timestamp?: number | null;
  updated_timestamp?: number | null;
}

/** A customer list (`CustomerList`): the records an audience is matched from. */
export interface PinterestCustomerList {
  id: string;
  status?: string;
}
