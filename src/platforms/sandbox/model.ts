/** The sandbox platform's own objects, shaped like a typical ads API (not adlink's unified model). */
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
  targeting: { keywords: string[]; zipcodes: Zipcode[] };
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

export interface Ad {
  id: string;
  adset_id: string;
  name: string;
  status: AdStatus;
  channel: Channel;
  targeting?: { keywords: string[] };
}

/** An ad set with `expand=ads`: its ads, as `GET /adsets/:id/ads` lists them. */
export type ExpandedAdSet = AdSet & { ads: Ad[] };

export const delivery = (adset: AdSetStatus, campaign: CampaignStatus): AdSet['delivery'] =>
  adset === 'ACTIVE' && campaign === 'ACTIVE' ? 'DELIVERING' : 'NOT_DELIVERING';
