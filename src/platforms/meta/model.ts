/** The Graph API shapes the adapter reads, as Meta sends them (budgets and ids are strings). */

export interface GraphAdAccount {
  id: string;
  account_id: string;
  name: string;
  currency: string;
}

/** A campaign budget (Advantage campaign budget), in offset units; absent when the ad sets have the budgets. */
export interface GraphBudgets {
  daily_budget?: string;
  lifetime_budget?: string;
}

export interface GraphCampaign extends GraphBudgets {
  id: string;
  account_id: string;
  name: string;
  objective?: string;
  status: string;
  effective_status: string;
}

/**
 * Meta's targeting spec: adlink reads zip codes and custom audiences and keeps the rest (countries,
 * ages, …) as it is.
 */
export interface GraphTargeting {
  geo_locations?: { countries?: string[]; zips?: { key: string }[]; [criterion: string]: unknown };
  custom_audiences?: { id: string; name?: string }[];
  excluded_custom_audiences?: { id: string; name?: string }[];
  [criterion: string]: unknown;
}

export interface GraphAdSet extends GraphBudgets {
  id: string;
  account_id: string;
  campaign_id: string;
  campaign?: { id: string; objective?: string } & GraphBudgets;
  name: string;
  status: string;
  effective_status: string;
  targeting?: GraphTargeting;
  /** In the ad account's time zone: `2026-01-05T01:00:00-0800`. */
  start_time?: string;
  end_time?: string;
  created_time: string;
}

export interface GraphCallToAction {
  type: string;
  value?: { link?: string };
}

/** A Page post as an ad creative spells it: a link ad's `link_data`, or another story (video, photo…). */
export interface GraphStorySpec {
  page_id: string;
  link_data?: {
    link?: string;
    image_hash?: string;
    picture?: string;
    message?: string;
    name?: string;
    description?: string;
    call_to_action?: GraphCallToAction;
    child_attachments?: unknown[];
  };
  [story: string]: unknown;
}

export interface GraphCreative {
  id: string;
  object_type?: string;
  object_story_spec?: GraphStorySpec;
}

/** `ad_review_feedback`: policy → explanation, overall and per placement (`instagram`). */
export interface GraphReviewFeedback {
  global?: Record<string, string>;
  placement_specific?: Record<string, Record<string, string>>;
}

export interface GraphAd {
  id: string;
  account_id: string;
  campaign_id: string;
  adset_id: string;
  name: string;
  status: string;
  effective_status: string;
  creative?: GraphCreative;
  ad_review_feedback?: GraphReviewFeedback;
  issues_info?: { error_summary?: string; error_message?: string }[];
  created_time: string;
}

/** An image of an ad account's library (`adimages`). */
export interface GraphImage {
  hash: string;
  name?: string;
  width: number;
  height: number;
  created_time: string;
}

/** Meta's `CustomAudienceStatus`: a numeric code and its explanation. */
export interface GraphAudienceStatus {
  code: number;
  description?: string;
}

/** A customer-file custom audience; the counts are -1 while Meta cannot say. */
export interface GraphCustomAudience {
  id: string;
  account_id: string;
  name: string;
  description?: string;
  approximate_count_lower_bound?: number;
  operation_status?: GraphAudienceStatus;
  delivery_status?: GraphAudienceStatus;
  /** Unix seconds. */
  time_updated?: number;
}

export interface GraphPage<T> {
  data: T[];
  paging?: { cursors?: { after?: string }; next?: string };
}

/** The fields the adapter asks for (the emulator test checks each against the SDK). */
export const FIELDS = {
  adAccount: ['id', 'account_id', 'name', 'currency'],
  campaign: [
    'id',
    'account_id',
    'name',
    'objective',
    'status',
    'effective_status',
    'daily_budget',
    'lifetime_budget',
  ],
  /** What an ad set's create or budget change needs to know of its campaign. */
  parentCampaign: ['objective', 'daily_budget', 'lifetime_budget'],
  adSet: [
    'id',
    'account_id',
    'campaign_id',
    'campaign{objective}',
    'name',
    'status',
    'effective_status',
    'daily_budget',
    'lifetime_budget',
    'targeting',
    'start_time',
    'end_time',
    'created_time',
  ],
  /** What an update of budgets, schedule or targeting starts from. */
  adSetForChange: [
    'id',
    'account_id',
    'daily_budget',
    'lifetime_budget',
    'targeting',
    'start_time',
    'end_time',
    'campaign{daily_budget,lifetime_budget}',
  ],
  ad: [
    'id',
    'account_id',
    'campaign_id',
    'adset_id',
    'name',
    'status',
    'effective_status',
    'creative{id,object_type,object_story_spec}',
    'ad_review_feedback',
    'issues_info',
    'created_time',
  ],
  image: ['hash', 'name', 'width', 'height', 'created_time'],
  page: ['id', 'name'],
  customAudience: [
    'id',
    'account_id',
    'name',
    'description',
    'approximate_count_lower_bound',
    'operation_status',
    'delivery_status',
    'time_updated',
  ],
} as const;
