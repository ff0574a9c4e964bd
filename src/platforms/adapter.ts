import type {
  Ad,
  AdSet,
  AdSetChanges,
  AdSetStatus,
  Campaign,
  ChannelKind,
  NewAdSet,
  SettingKind,
  TargetingKind,
} from '../adsets/model.js';
import type { AdAccount } from '../store/connections.js';

/** What a platform can express, declared by its adapter and enforced before any call is made. */
export interface Capabilities {
  settings: SettingKind[];
  targetings: TargetingKind[];
  /** Targeting lives on the ad set; when false, `childResources=Targeting` is ignored on lists. */
  adSetTargeting: boolean;
  /** Where budgets live: on the ad set, or only on the campaign. */
  budgetLevel: 'adset' | 'campaign';
  /** `soft`: a deleted ad set stays readable with status Deleted. */
  deletion: 'soft' | 'hard';
  /** Statuses an ad set may be created with. */
  createStatuses: AdSetStatus[];
  /** Statuses an ad set may be given by an update. */
  updateStatuses: AdSetStatus[];
  channelKinds: ChannelKind[];
}

/** The input was valid for adlink but breaks one of the platform's own rules (a 400 naming `param`). */
export class PlatformInputError extends Error {
  constructor(
    readonly param: string,
    message: string,
  ) {
    super(message);
  }
}

/** Maps one platform's API to the unified model. Every method calls the platform (no caching here). */
export interface PlatformAdapter {
  capabilities: Capabilities;
  listAdAccounts(accessToken: string): Promise<AdAccount[]>;
  listCampaigns(accessToken: string, advertiser: string): Promise<Campaign[]>;
  /** Every ad set of the ad account, following the platform's pagination to the end, with their ads. */
  listAdSets(accessToken: string, advertiser: string): Promise<AdSet[]>;
  getAdSet(accessToken: string, id: string): Promise<AdSet | null>;
  createAdSet(accessToken: string, input: NewAdSet, account: AdAccount): Promise<AdSet>;
  updateAdSet(accessToken: string, id: string, changes: AdSetChanges): Promise<AdSet>;
  deleteAdSet(accessToken: string, id: string): Promise<AdSet>;
  listAds(accessToken: string, adSetId: string): Promise<Ad[]>;
}
