/**
 * The sandbox ads API's wire format: its objects, shaped like a typical ads API (not adlink's unified
 * model), and its reports. Both sides use it: the server (src/sandbox/) answers in it, the adapter
 * beside this file reads it; it imports nothing.
 */
export const CHANNELS = ['SOCIAL', 'SEARCH', 'DISPLAY', 'VIDEO', 'AUDIO', 'DOOH', 'CTV', 'MAIL'] as const;
export type Channel = (typeof CHANNELS)[number];

export type AdStatus = 'ACTIVE' | 'PAUSED' | 'ARCHIVED';
export type AdSetStatus = AdStatus | 'DELETED';
/** A deleted campaign stays readable, as DELETED. */
export type CampaignStatus = AdSetStatus;
export type BudgetType = 'DAILY' | 'LIFETIME';
/** The objectives a campaign is created with (an ad set may name its own, any text). */
export const OBJECTIVES = ['AWARENESS', 'REACH', 'TRAFFIC', 'LEADS', 'SALES', 'STORE_VISITS'] as const;

export interface AdAccount {
  id: string;
  name: string;
  currency: string;
  timezone: string;
}

export interface Campaign {
  id: string;
  account_id: string;
  name: string;
  objective: string;
  status: CampaignStatus;
  channel: Channel;
  /**
   * What the campaign may spend over its ad sets' own budgets (`amount` in minor units), or none. A
   * `shared` budget belongs to several campaigns and cannot be changed through a campaign.
   */
  budget?: { type: BudgetType; amount: number; currency: string; shared: boolean } | null;
  /** When the campaign delivers, in its account's time zone; absent: as its ad sets say. */
  start_time?: string;
  end_time?: string | null;
  created_time: string;
  updated_time?: string;
}

export interface Zipcode {
  /** ISO 3166-1 alpha-2. */
  country: string;
  zip: string;
}

export interface AdSet {
  id: string;
  account_id: string;
  campaign_id: string;
  name: string;
  status: AdSetStatus;
  delivery: 'DELIVERING' | 'NOT_DELIVERING';
  channel: Channel;
  /** `amount` in minor units of the account's currency. */
  budget: { type: BudgetType; amount: number; currency: string };
  objective: string;
  /** `audiences` (customer lists of the same account) is absent on ad sets stored before the sandbox had them. */
  targeting: { keywords: string[]; zipcodes: Zipcode[]; audiences?: AudienceTargeting };
  /**
   * When it delivers from, in its account's time zone with that zone's offset. Absent on ad sets
   * stored before the sandbox kept schedules: they deliver from their creation.
   */
  start_time?: string;
  /** When it stops delivering (in the account's time zone), or null: it runs until stopped. */
  end_time?: string | null;
  created_time: string;
  updated_time: string;
}

/** Customer lists an ad set delivers to (`include`) and never to (`exclude`). */
export interface AudienceTargeting {
  include: string[];
  exclude: string[];
}

/** The calls to action an IMAGE creative may carry. */
export const CALLS_TO_ACTION = [
  'LEARN_MORE',
  'SHOP_NOW',
  'SIGN_UP',
  'SUBSCRIBE',
  'CONTACT_US',
  'GET_QUOTE',
  'GET_OFFER',
  'BOOK_NOW',
  'APPLY_NOW',
  'DOWNLOAD',
  'ORDER_NOW',
  'REGISTER',
  'DONATE',
  'WATCH_MORE',
] as const;
export type CallToAction = (typeof CALLS_TO_ACTION)[number];

/**
 * What an ad shows: a responsive search ad, a single image with a title, or a video (what the demo
 * data and the test controls create; the API does not create videos).
 */
export type Creative =
  | {
      type: 'SEARCH';
      headlines: string[];
      descriptions: string[];
      final_url: string;
      path1?: string;
      path2?: string;
    }
  | {
      type: 'IMAGE';
      image_id: string;
      title: string;
      body?: string;
      link: string;
      call_to_action?: CallToAction;
      profile_id?: string;
    }
  | { type: 'VIDEO' };

/** The sandbox's review of an ad: PENDING for a few seconds after a creative is set, then decided. */
export interface AdReview {
  status: 'PENDING' | 'APPROVED' | 'REJECTED';
  reasons: string[];
}

/** An ad as the API answers it. */
export interface Ad {
  id: string;
  adset_id: string;
  /** The ad set's campaign and account (answered; not kept with the ad). */
  campaign_id?: string;
  account_id?: string;
  name: string;
  status: AdStatus;
  channel: Channel;
  targeting?: { keywords: string[] };
  /** Absent on ads kept before the sandbox kept creatives: they are videos. */
  creative?: Creative;
  review?: AdReview;
  created_time?: string;
}

/** An image uploaded to an ad account (`POST /ad_accounts/:id/images`). */
export interface Image {
  id: string;
  account_id: string;
  width: number;
  height: number;
  bytes: number;
  sha256: string;
  content_type: string;
  created_time: string;
}

/** Who an account's ads may speak as (`GET /ad_accounts/:id/profiles`). */
export interface Profile {
  id: string;
  name: string;
}

/** An ad set with `expand=ads`: its ads, as `GET /adsets/:id/ads` lists them. */
export type ExpandedAdSet = AdSet & { ads: Ad[] };

/** The levels a report run (`POST /ad_accounts/:account/reports`) sums at. */
export const REPORT_LEVELS = ['CAMPAIGN', 'ADSET', 'AD'] as const;
/** How far back the sandbox reports: three years before the account's today. */
export const LOOKBACK_DAYS = 3 * 365;

/** One row of a sandbox report; `spend` in minor units of the account's currency. */
export interface SandboxReportRow {
  campaign_id: string;
  campaign_name: string;
  adset_id?: string;
  adset_name?: string;
  ad_id?: string;
  ad_name?: string;
  date?: string;
  spend: number;
  impressions: number;
  clicks: number;
  conversions: number;
}

/** A customer list (`/ad_accounts/:id/audiences`): `size` is null while the sandbox matches it. */
export interface Audience {
  id: string;
  account_id: string;
  name: string;
  description: string | null;
  status: 'MATCHING' | 'READY' | 'TOO_SMALL';
  size: number | null;
  created_time: string;
  updated_time: string;
}

/** `POST` and `DELETE /audiences/:id/users`: one kind of SHA-256 hashes, at most 1,000 a call. */
export interface AudienceUsers {
  schema: 'EMAIL_SHA256' | 'PHONE_SHA256';
  hashes: string[];
}

/** Matched people an audience needs before it serves. */
export const AUDIENCE_MIN_SIZE = 100;
export const AUDIENCE_BATCH = 1000;
