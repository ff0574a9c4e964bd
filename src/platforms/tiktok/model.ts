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
  adgroup_id: string;
  operation_status: string;
  secondary_status: string;
}

/** A `/tool/targeting/search/` or `/tool/targeting/info/` tag for a zip or postal code. */
export interface ZipcodeTag {
  name: string;
  geo: { geo_id: string; geo_type: string; region_code: string };
}
