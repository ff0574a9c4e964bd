/** The Ads API shapes the adapter reads, as Snap sends them (ids are UUIDs, money in micro-currency). */

export interface SnapAdAccount {
  id: string;
  name: string;
  currency: string;
}

export interface SnapOrganization {
  id: string;
  name: string;
  ad_accounts?: SnapAdAccount[];
}

export interface SnapCampaign {
  id: string;
  ad_account_id: string;
  name: string;
  status: string;
  /** The objective of campaigns created before objective v2; newer ones carry `objective_v2_properties`. */
  objective?: string;
  objective_v2_properties?: { objective_v2_type?: string } | null;
  /** ISO 8601 in UTC; required on every campaign. */
  start_time?: string;
  end_time?: string;
  /** Spend caps in micro-currency, each optional. */
  daily_budget_micro?: number | null;
  lifetime_spend_cap_micro?: number | null;
  delivery_status?: string[];
  deleted?: boolean;
  [field: string]: unknown;
}

export interface SnapGeo {
  country_code: string;
  operation?: 'INCLUDE' | 'EXCLUDE';
  postal_code?: string[];
}

/** Customer lists (segments) a squad is shown to (`INCLUDE`, the default) or never shown to (`EXCLUDE`). */
export interface SnapSegmentTarget {
  segment_id: string[];
  operation?: 'INCLUDE' | 'EXCLUDE';
}

export interface SnapTargeting {
  geos?: SnapGeo[];
  segments?: SnapSegmentTarget[];
  [dimension: string]: unknown;
}

export interface SnapAdSquad {
  id: string;
  campaign_id: string;
  ad_account_id: string;
  name: string;
  status: string;
  daily_budget_micro?: number;
  lifetime_budget_micro?: number;
  targeting?: SnapTargeting;
  delivery_status?: string[];
  /** ISO 8601 in UTC. */
  start_time?: string;
  end_time?: string;
  created_at: string;
  /** Only with `read_deleted_entities=true`. */
  deleted?: boolean;
  [field: string]: unknown;
}

export interface SnapAd {
  id: string;
  ad_squad_id: string;
  creative_id: string;
  name: string;
  status: string;
  /** SNAP_AD, REMOTE_WEBPAGE (a web view), STORY, COLLECTION, … */
  type: string;
  /** PENDING, APPROVED or REJECTED; the reasons only when rejected. */
  review_status?: string;
  review_status_reasons?: string[];
  delivery_status?: string[];
  created_at: string;
  /** Only with `read_deleted_entities=true`. */
  deleted?: boolean;
  [field: string]: unknown;
}

export interface SnapCreative {
  id: string;
  ad_account_id: string;
  name: string;
  type: string;
  headline?: string;
  brand_name?: string;
  top_snap_media_id?: string;
  call_to_action?: string;
  web_view_properties?: { url: string };
  [field: string]: unknown;
}

export interface SnapMedia {
  id: string;
  ad_account_id: string;
  /** VIDEO, IMAGE, LENS_PACKAGE. */
  type: string;
  media_status?: string;
}

/** One entity of a list answer, with its own outcome. */
export interface SubRequest {
  sub_request_status: string;
  sub_request_error_reason?: string;
  [entity: string]: unknown;
}

/** Every Ads API answer: `request_status`, the entities under their plural name, `paging` on lists. */
export interface SnapAnswer {
  request_status?: string;
  request_id?: string;
  debug_message?: string;
  display_message?: string;
  error_code?: string;
  paging?: { next_link?: string };
  [plural: string]: unknown;
}

/** A segment of the Customer Lists page; customer lists are `source_type` FIRST_PARTY. */
export interface SnapSegment {
  id: string;
  ad_account_id: string;
  name: string;
  description?: string;
  source_type: string;
  retention_in_days: number;
  /** NO_UPLOAD, PROCESSING, COMPLETE. */
  upload_status?: string;
  /** NOT_READY, TOO_FEW_USERS, READY. */
  targetable_status?: string;
  approximate_number_users?: number;
  updated_at: string;
  [field: string]: unknown;
}
