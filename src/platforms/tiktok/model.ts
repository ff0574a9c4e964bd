/** The Marketing API's records as adlink reads them (the fields it uses). */

export interface TikTokCampaign {
  campaign_id: string;
  campaign_name: string;
  advertiser_id: string;
  objective_type: string;
  operation_status: string;
  secondary_status: string;
  /** `BUDGET_MODE_INFINITE` (no limit), `_DAY` or `_TOTAL`; the budget in major units. */
  budget_mode: string;
  budget: number;
}

export interface TikTokAdGroup {
  adgroup_id: string;
  adgroup_name: string;
  advertiser_id: string;
  campaign_id: string;
  operation_status: string;
  secondary_status: string;
  budget_mode: string;
  budget: number;
  zipcode_ids?: string[];
  search_keywords?: { keyword: string }[];
  /** Custom audiences it reaches and those it leaves out. */
  audience_ids?: string[];
  excluded_audience_ids?: string[];
  /** `SCHEDULE_FROM_NOW` runs without an end (TikTok sets one ten years on). */
  schedule_type?: string;
  /** UTC+0, `YYYY-MM-DD HH:MM:SS`. */
  schedule_start_time?: string;
  schedule_end_time?: string;
  create_time: string;
}

export interface TikTokAd {
  ad_id: string;
  ad_name: string;
  advertiser_id: string;
  campaign_id: string;
  adgroup_id: string;
  operation_status: string;
  /** The CreativeStatus enum package's `AD_STATUS_…`: delivery and review (`AD_STATUS_AUDIT`). */
  secondary_status: string;
  /** `SINGLE_VIDEO`, `SINGLE_IMAGE`, `CAROUSEL_ADS`, … */
  ad_format: string;
  create_time: string;
}

/** An ad's entry in `/ad/review_info/`'s `ad_review_map`; an ad not yet reviewed has none. */
export interface TikTokAdReview {
  ad_id: string;
  is_approved: boolean;
  /** `ALL_AVAILABLE` (approved), `PART_AVAILABLE` (approved for part of its targeting), `UNAVAILABLE`. */
  review_status: string;
  reject_info?: { reasons?: string[]; suggestion?: string }[];
}

/** An `/identity/get/` entry. */
export interface TikTokIdentity {
  identity_id: string;
  /** `CUSTOMIZED_USER`, `AUTH_CODE`, `TT_USER` or `BC_AUTH_TT`. */
  identity_type: string;
  display_name: string;
  /** The Business Center that may use a `BC_AUTH_TT` identity. */
  identity_authorized_bc_id?: string;
}

/** A `/tool/targeting/search/` or `/tool/targeting/info/` tag for a zip or postal code. */
export interface ZipcodeTag {
  name: string;
  geo: { geo_id: string; geo_type: string; region_code: string };
}

/** A custom audience as `/dmp/custom_audience/list/` and `/get/` (`audience_details`) answer it. */
export interface TikTokCustomAudience {
  audience_id: string;
  name: string;
  /** Matched TikTok users. */
  cover_num: number;
  /** False while TikTok calculates the audience, and once it has expired. */
  is_valid: boolean;
  create_time: string;
  expired_time: string;
}
