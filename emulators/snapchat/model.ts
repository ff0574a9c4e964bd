/**
 * The Ads API objects the Snapchat emulator keeps, in Snap's own field names and values. Every list
 * and enum here is checked against test/fixtures/snapchat/documented.json, which names the page each
 * comes from.
 */

export const STATUSES = ['ACTIVE', 'PAUSED'] as const;
export type Status = (typeof STATUSES)[number];

export const OBJECTIVES = [
  'BRAND_AWARENESS',
  'APP_CONVERSION',
  'APP_INSTALL',
  'CATALOG_SALES',
  'ENGAGEMENT',
  'LEAD_GENERATION',
  'VIDEO_VIEW',
  'WEB_CONVERSION',
  'PROMOTE_STORIES',
  'PROMOTE_PLACES',
] as const;
export type Objective = (typeof OBJECTIVES)[number];

export const OPTIMIZATION_GOALS = [
  'IMPRESSIONS',
  'SWIPES',
  'APP_INSTALLS',
  'VIDEO_VIEWS',
  'VIDEO_VIEWS_15_SEC',
  'USES',
  'STORY_OPENS',
  'PIXEL_PAGE_VIEW',
  'PIXEL_ADD_TO_CART',
  'LANDING_PAGE_VIEW',
  'PIXEL_PURCHASE',
  'PIXEL_SIGNUP',
  'APP_ADD_TO_CART',
  'APP_PURCHASE',
  'APP_SIGNUP',
] as const;
export type OptimizationGoal = (typeof OPTIMIZATION_GOALS)[number];

/**
 * The goals an ad squad may have under each campaign objective: the emulator's abridged reading of
 * Snap's "Squad Optimization Goals" table.
 */
export const GOALS_BY_OBJECTIVE: Record<Objective, readonly OptimizationGoal[]> = {
  BRAND_AWARENESS: ['IMPRESSIONS'],
  APP_CONVERSION: ['APP_ADD_TO_CART', 'APP_PURCHASE', 'APP_SIGNUP'],
  APP_INSTALL: ['APP_INSTALLS', 'SWIPES'],
  CATALOG_SALES: ['PIXEL_PURCHASE', 'PIXEL_ADD_TO_CART'],
  ENGAGEMENT: ['SWIPES', 'STORY_OPENS'],
  LEAD_GENERATION: ['SWIPES'],
  VIDEO_VIEW: ['VIDEO_VIEWS', 'VIDEO_VIEWS_15_SEC'],
  WEB_CONVERSION: [
    'SWIPES',
    'LANDING_PAGE_VIEW',
    'PIXEL_PAGE_VIEW',
    'PIXEL_ADD_TO_CART',
    'PIXEL_PURCHASE',
    'PIXEL_SIGNUP',
  ],
  PROMOTE_STORIES: ['STORY_OPENS'],
  PROMOTE_PLACES: ['SWIPES'],
};

/**
 * Objective v2 types (`objective_v2_properties.objective_v2_type`), which replace `objective` on
 * campaigns created since Snap's simplified objectives, and the goals of their squads: this emulator's
 * reading; the Campaigns page's table of them is not in documented.json (unconfirmed).
 */
export const GOALS_BY_OBJECTIVE_V2 = {
  AWARENESS_AND_ENGAGEMENT: ['IMPRESSIONS', 'SWIPES', 'VIDEO_VIEWS', 'STORY_OPENS'],
  TRAFFIC: ['SWIPES', 'LANDING_PAGE_VIEW'],
  APP_PROMOTION: ['APP_INSTALLS', 'APP_PURCHASE', 'APP_SIGNUP', 'APP_ADD_TO_CART'],
  LEADS: ['SWIPES', 'PIXEL_SIGNUP'],
  SALES: ['PIXEL_PURCHASE', 'PIXEL_ADD_TO_CART', 'PIXEL_PAGE_VIEW'],
} as const satisfies Record<string, readonly OptimizationGoal[]>;
export type ObjectiveV2 = keyof typeof GOALS_BY_OBJECTIVE_V2;

/** The goals a squad of `campaign` may have, by its objective v2 type or else its legacy objective. */
export const goalsOf = (campaign: Campaign): readonly OptimizationGoal[] =>
  campaign.objective_v2_properties
    ? GOALS_BY_OBJECTIVE_V2[campaign.objective_v2_properties.objective_v2_type]
    : GOALS_BY_OBJECTIVE[campaign.objective ?? 'BRAND_AWARENESS'];

export const BILLING_EVENTS = ['IMPRESSION'] as const;
export const ADSQUAD_TYPES = ['SNAP_ADS', 'LENS', 'FILTER'] as const;
export const PLACEMENT_CONFIGS = ['AUTOMATIC', 'CUSTOM'] as const;
export const BID_STRATEGIES = ['AUTO_BID', 'LOWEST_COST_WITH_MAX_BID', 'TARGET_COST'] as const;
export const GEO_OPERATIONS = ['INCLUDE', 'EXCLUDE'] as const;
/** Whether a `targeting.segments` entry shows the squad to its segments or keeps it from them. */
export const SEGMENT_OPERATIONS = ['INCLUDE', 'EXCLUDE'] as const;

/** The smallest daily budget, "across all supported currencies": 5.00 in micro-currency. */
export const MIN_DAILY_BUDGET_MICRO = 5_000_000;
/** The smallest campaign spend cap, daily or lifetime: 20.00 (unconfirmed, see documented.json). */
export const MIN_CAMPAIGN_SPEND_CAP_MICRO = 20_000_000;

/** The delivery statuses the emulator derives (a subset of Snap's "Delivery Status" list). */
export const DELIVERY_STATUSES = [
  'VALID',
  'INVALID_NOT_ACTIVE',
  'INVALID_NOT_EFFECTIVE_ACTIVE',
  'INVALID_START_TIME',
  'INVALID_END_TIME',
  'INVALID_EFFECTIVE_DELETED',
] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export interface Organization {
  id: string;
  name: string;
  created_at: string;
  updated_at: string;
}

export interface AdAccount {
  id: string;
  organization_id: string;
  name: string;
  type: string;
  status: Status;
  currency: string;
  timezone: string;
  created_at: string;
  updated_at: string;
}

export interface Campaign {
  id: string;
  ad_account_id: string;
  name: string;
  status: Status;
  /** Absent on campaigns created with objective v2 properties. */
  objective?: Objective;
  objective_v2_properties?: { objective_v2_type: ObjectiveV2 };
  start_time: string;
  end_time?: string;
  /** Daily spend cap, in micro-currency. */
  daily_budget_micro?: number;
  lifetime_spend_cap_micro?: number;
  created_at: string;
  updated_at: string;
  deleted: boolean;
}

export interface Geo {
  country_code: string;
  operation?: (typeof GEO_OPERATIONS)[number];
  postal_code?: string[];
}

/** Customer lists (segments of the squad's ad account); `operation` INCLUDE when absent. */
export interface SegmentTarget {
  segment_id: string[];
  operation?: (typeof SEGMENT_OPERATIONS)[number];
}

export interface Targeting {
  geos: Geo[];
  segments?: SegmentTarget[];
  demographics?: { languages?: string[] }[];
  regulated_content?: boolean;
}

/** What a create or a full update sets on an ad squad. */
export interface AdSquadValues {
  name: string;
  status: Status;
  type: (typeof ADSQUAD_TYPES)[number];
  billing_event: (typeof BILLING_EVENTS)[number];
  optimization_goal: OptimizationGoal;
  placement_v2: { config: (typeof PLACEMENT_CONFIGS)[number] };
  targeting: Targeting;
  bid_strategy?: (typeof BID_STRATEGIES)[number];
  bid_micro?: number;
  daily_budget_micro?: number;
  lifetime_budget_micro?: number;
  start_time: string;
  end_time?: string;
}

export interface AdSquad extends AdSquadValues {
  id: string;
  campaign_id: string;
  ad_account_id: string;
  created_at: string;
  updated_at: string;
  deleted: boolean;
}

/** Media types (Media page) and what an uploaded file's media goes through. */
export const MEDIA_TYPES = ['VIDEO', 'IMAGE', 'LENS_PACKAGE'] as const;
export const MEDIA_STATUSES = ['PENDING_UPLOAD', 'READY'] as const;

export interface Media {
  id: string;
  ad_account_id: string;
  name: string;
  type: (typeof MEDIA_TYPES)[number];
  media_status: (typeof MEDIA_STATUSES)[number];
  /** What the upload held: the emulator's own record (Snap answers no dimensions). */
  file?: { width: number; height: number; bytes: number; contentType: string };
  created_at: string;
  updated_at: string;
}

/** A Top Snap image (Media page, "Upload Media - Image"): 1080×1920 (9:16), PNG or JPG, at most 5 MB. */
export const TOP_SNAP_IMAGE = {
  width: 1080,
  height: 1920,
  maxBytes: 5 * 1024 * 1024,
  types: ['image/png', 'image/jpeg'],
} as const;

export const CREATIVE_TYPES = [
  'SNAP_AD',
  'APP_INSTALL',
  'WEB_VIEW',
  'DEEP_LINK',
  'AD_TO_LENS',
  'AD_TO_CALL',
  'AD_TO_MESSAGE',
  'PREVIEW',
  'COMPOSITE',
  'LENS',
  'LENS_WEB_VIEW',
  'LENS_APP_INSTALL',
  'LENS_DEEP_LINK',
  'COLLECTION',
  'LEAD_GENERATION',
] as const;
export type CreativeType = (typeof CREATIVE_TYPES)[number];

/** The creative types the emulator builds (what each needs beyond the common fields is not emulated). */
export const EMULATED_CREATIVE_TYPES = ['SNAP_AD', 'WEB_VIEW'] as const satisfies readonly CreativeType[];

/** The calls to action of a WEB_VIEW creative (the Creatives page's "Creative type to CTA mapping"). */
export const WEB_VIEW_CALLS_TO_ACTION = [
  'APPLY_NOW',
  'MORE',
  'ORDER_NOW',
  'PLAY',
  'READ',
  'SHOP_NOW',
  'SHOW',
  'SIGN_UP',
  'VIEW',
  'WATCH',
  'DONATE',
  'DOWNLOAD',
  'RESPOND',
  'BUY_TICKETS',
  'SHOWTIMES',
  'BOOK_NOW',
  'GET_NOW',
  'LISTEN',
  'TRY',
  'VOTE',
  'VIEW_MENU',
  'PRE_REGISTER',
  'PLAY_GAME',
] as const;
export const TOP_SNAP_CROP_POSITIONS = ['OPTIMIZED', 'MIDDLE', 'TOP', 'BOTTOM'] as const;
export const HEADLINE_MAX = 34;
export const BRAND_NAME_MAX = 32;
export const WEB_VIEW_URL_MAX = 2048;

/** What a create or a full update sets on a creative. */
export interface CreativeValues {
  name: string;
  type: (typeof EMULATED_CREATIVE_TYPES)[number];
  headline: string;
  brand_name: string;
  top_snap_media_id: string;
  shareable?: boolean;
  call_to_action?: (typeof WEB_VIEW_CALLS_TO_ACTION)[number];
  top_snap_crop_position?: (typeof TOP_SNAP_CROP_POSITIONS)[number];
  profile_properties?: { profile_id: string };
  web_view_properties?: { url: string; allow_snap_javascript_sdk?: boolean; block_preload?: boolean };
}

export interface Creative extends CreativeValues {
  id: string;
  ad_account_id: string;
  created_at: string;
  updated_at: string;
}

export const AD_TYPES = [
  'SNAP_AD',
  'APP_INSTALL',
  'REMOTE_WEBPAGE',
  'DEEP_LINK',
  'STORY',
  'AD_TO_LENS',
  'AD_TO_CALL',
  'AD_TO_MESSAGE',
  'FILTER',
  'LENS',
  'LENS_WEB_VIEW',
  'LENS_APP_INSTALL',
  'LENS_DEEP_LINK',
  'COLLECTION',
  'LEAD_GENERATION',
] as const;
export type AdType = (typeof AD_TYPES)[number];

/** The creative type each emulated ad type takes (the Ads page's "Ad Type <-> Creative Type Mapping"). */
export const CREATIVE_TYPE_OF_AD: Partial<Record<AdType, CreativeType>> = {
  SNAP_AD: 'SNAP_AD',
  REMOTE_WEBPAGE: 'WEB_VIEW',
};

/** An ad's review (read only): PENDING until Snap reviews it; reasons only when REJECTED. */
export const REVIEW_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** What a create or a full update sets on an ad. */
export interface AdValues {
  name: string;
  creative_id: string;
  status: Status;
  type: AdType;
}

export interface Ad extends AdValues {
  id: string;
  ad_squad_id: string;
  ad_account_id: string;
  review_status: ReviewStatus;
  review_status_reasons?: string[];
  created_at: string;
  updated_at: string;
  deleted: boolean;
}

/** The fields the emulator answers for each entity (`deleted` only with `read_deleted_entities`). */
export const ORGANIZATION_FIELDS = ['id', 'name', 'created_at', 'updated_at', 'ad_accounts'] as const;
export const AD_ACCOUNT_FIELDS = [
  'id',
  'organization_id',
  'name',
  'type',
  'status',
  'currency',
  'timezone',
  'created_at',
  'updated_at',
] as const;
export const CAMPAIGN_FIELDS = [
  'id',
  'ad_account_id',
  'name',
  'status',
  'objective',
  'objective_v2_properties',
  'start_time',
  'end_time',
  'daily_budget_micro',
  'lifetime_spend_cap_micro',
  'delivery_status',
  'created_at',
  'updated_at',
  'deleted',
] as const;
export const ADSQUAD_FIELDS = [
  'id',
  'campaign_id',
  'ad_account_id',
  'name',
  'status',
  'type',
  'billing_event',
  'optimization_goal',
  'placement_v2',
  'targeting',
  'bid_strategy',
  'bid_micro',
  'daily_budget_micro',
  'lifetime_budget_micro',
  'start_time',
  'end_time',
  'delivery_status',
  'created_at',
  'updated_at',
  'deleted',
] as const;
export const AD_FIELDS = [
  'id',
  'ad_squad_id',
  'creative_id',
  'name',
  'status',
  'type',
  'review_status',
  'review_status_reasons',
  'delivery_status',
  'created_at',
  'updated_at',
  'deleted',
] as const;
export const MEDIA_FIELDS = [
  'id',
  'ad_account_id',
  'name',
  'type',
  'media_status',
  'created_at',
  'updated_at',
] as const;
export const CREATIVE_FIELDS = [
  'id',
  'ad_account_id',
  'name',
  'type',
  'headline',
  'brand_name',
  'top_snap_media_id',
  'shareable',
  'call_to_action',
  'top_snap_crop_position',
  'profile_properties',
  'web_view_properties',
  'created_at',
  'updated_at',
] as const;
