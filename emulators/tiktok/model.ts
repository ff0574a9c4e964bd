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
  create_time: string;
  modify_time: string;
}

export interface Ad {
  advertiser_id: string;
  campaign_id: string;
  adgroup_id: string;
  ad_id: string;
  ad_name: string;
  operation_status: OperationStatus;
  deleted: boolean;
  create_time: string;
}

/** TikTok's time format: "YYYY-MM-DD HH:MM:SS" in UTC. */
export const tiktokTime = (date: Date) => date.toISOString().slice(0, 19).replace('T', ' ');
