/** The emulator's records, in TikTok's field names (Marketing API v1.3). */

export type OperationStatus = 'ENABLE' | 'DISABLE';
export type BudgetMode = 'BUDGET_MODE_DAY' | 'BUDGET_MODE_TOTAL' | 'BUDGET_MODE_DYNAMIC_DAILY_BUDGET';

export interface Advertiser {
  advertiser_id: string;
  name: string;
  currency: string;
  timezone: string;
  country: string;
}

export interface Campaign {
  advertiser_id: string;
  campaign_id: string;
  campaign_name: string;
  objective_type: string;
  operation_status: OperationStatus;
  deleted: boolean;
  budget_mode: 'BUDGET_MODE_INFINITE' | 'BUDGET_MODE_DAY' | 'BUDGET_MODE_TOTAL';
  budget: number;
  /** Campaign Budget Optimization: the campaign's budget is shared out, its ad groups' are ignored. */
  budget_optimize_on: boolean;
  create_time: string;
}

export interface SearchKeyword {
  keyword: string;
  match_type: string;
  keyword_bid?: number;
  keyword_bid_type?: string;
}

export interface AdGroup {
  advertiser_id: string;
  campaign_id: string;
  adgroup_id: string;
  adgroup_name: string;
  operation_status: OperationStatus;
  deleted: boolean;
  /** A seeded delivery problem the emulator does not derive (budget exceeded, in review…). */
  delivery_issue?: string;
  budget_mode: BudgetMode;
  budget: number;
  schedule_type: 'SCHEDULE_START_END' | 'SCHEDULE_FROM_NOW';
  schedule_start_time: string;
  schedule_end_time: string;
  billing_event: string;
  optimization_goal: string;
  pacing: string;
  bid_type?: string;
  placement_type: string;
  placements: string[];
  promotion_type?: string;
  location_ids: string[];
  zipcode_ids: string[];
  search_keywords: SearchKeyword[];
  /** Custom audiences of the same advertiser it reaches, and those it leaves out. */
  audience_ids: string[];
  excluded_audience_ids: string[];
  create_time: string;
  modify_time: string;
}

/** An ad's creative fields (the SDK's AdcreateCreatives, the ones the emulator models). */
export interface Creative {
  ad_name: string;
  ad_format: string;
  ad_text: string;
  call_to_action: string;
  identity_id: string;
  identity_type: string;
  display_name?: string;
  image_ids: string[];
  video_id?: string;
  landing_page_url?: string;
}

/**
 * TikTok's review of an ad, as `/ad/review_info/` reports it; `PENDING` (not yet reviewed) has no
 * result there, and the ad's `secondary_status` says it is in review.
 */
export interface Review {
  review_status: 'PENDING' | 'ALL_AVAILABLE' | 'PART_AVAILABLE' | 'UNAVAILABLE';
  reasons: string[];
}

export interface Ad extends Creative {
  advertiser_id: string;
  campaign_id: string;
  adgroup_id: string;
  ad_id: string;
  operation_status: OperationStatus;
  deleted: boolean;
  review: Review;
  create_time: string;
  modify_time: string;
}

/** An image of the advertiser's Asset Library (`/file/image/ad/upload/`). */
export interface Image {
  advertiser_id: string;
  image_id: string;
  material_id: string;
  width: number;
  height: number;
  format: 'jpeg' | 'png';
  size: number;
  /** MD5 of the bytes, hex. */
  signature: string;
  file_name: string;
  create_time: string;
}

/** Who an ad speaks as (`/identity/get/`). */
export interface Identity {
  advertiser_id: string;
  identity_id: string;
  identity_type: string;
  display_name: string;
  profile_image: string;
}

/** TikTok's time format: "YYYY-MM-DD HH:MM:SS" in UTC. */
export const tiktokTime = (date: Date) => date.toISOString().slice(0, 19).replace('T', ' ');
