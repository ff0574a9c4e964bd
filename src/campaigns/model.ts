import type { Budget, ChannelKind, Setting, SettingKind } from '../adsets/model.js';
import type { AdSetStatus } from '../domain/ad-set-statuses.js';

/**
 * A campaign's setting as read: a budget the platform shares between campaigns (Google's
 * `explicitly_shared`) says `shared: true` and is read-only through adlink.
 */
export type CampaignSetting = Exclude<Setting, Budget> | (Budget & { shared?: true });

/** The unified campaign, exactly as the API documents it. */
export interface Campaign {
  id: string;
  name: string;
  platform: string;
  status: AdSetStatus;
  advertiser: string;
  /** The platform's own objective value (see the capabilities' `objectives`), or null where it has none. */
  objective: string | null;
  channelKind: ChannelKind | null;
  /** Budgets and the runtime, where the platform keeps them on the campaign; else empty. */
  settings: CampaignSetting[];
}

export interface NewCampaign {
  name: string;
  advertiser: string;
  /** One of the adapter's `campaigns.objectives`. */
  objective: string;
  /** Required where the platform's campaigns choose a channel (`campaigns.channelKinds` not empty). */
  channelKind?: ChannelKind;
  status: AdSetStatus;
  /** Only kinds in the adapter's `campaigns.settings`. */
  settings: Setting[];
}

export interface CampaignChanges {
  name?: string;
  status?: AdSetStatus;
  /** The setting kinds to replace (at most one of each; DailyBudget and TotalBudget are one budget). */
  settings?: Setting[];
}

/** What a platform lets adlink do with campaigns, declared by its adapter and enforced before any call. */
export interface CampaignCapabilities {
  /**
   * The platform's objective values a campaign can be created with through its API. Empty: the
   * platform's API cannot create campaigns (POST is 400 unsupported_for_platform).
   */
  objectives: string[];
  /** Channel kinds a campaign is created for, where the platform's campaigns choose one; else empty. */
  channelKinds: ChannelKind[];
  /** Setting kinds a campaign may be created with (budgets and Runtime where the platform keeps them there). */
  settings: SettingKind[];
  /** Setting kinds an update may change. */
  updateSettings: SettingKind[];
  /** Whether the budget may change kind (DailyBudget ↔ TotalBudget) once the campaign exists. */
  budgetKindChange: boolean;
  createStatuses: AdSetStatus[];
  updateStatuses: AdSetStatus[];
  /** `soft`: a deleted campaign stays readable with status Deleted (or Archived, where it cannot be deleted). */
  deletion: 'soft' | 'hard';
}
