import type {
  Ad,
  AdSet,
  AdSetChanges,
  AdSetStatus,
  ChannelKind,
  NewAdSet,
  SettingKind,
  TargetingKind,
} from '../adsets/model.js';
import type { Campaign, CampaignCapabilities, CampaignChanges, NewCampaign } from '../campaigns/model.js';
import type { ReportCapabilities, ReportQuery, ReportRun } from '../reports/model.js';
import type { AdAccount } from '../store/connections.js';
import type { PlatformEntry } from './catalog.js';
import type { ObservedCall } from './platform-calls.js';

/** What an update may change besides name and status. */
export interface UpdateCapabilities {
  settings: SettingKind[];
  targetings: TargetingKind[];
  /** Whether the budget may change kind (DailyBudget ↔ TotalBudget) once the ad set exists. */
  budgetKindChange: boolean;
}

/** An adapter that updates only names and statuses. */
export const NAME_AND_STATUS_UPDATES: UpdateCapabilities = {
  settings: [],
  targetings: [],
  budgetKindChange: false,
};

/** What a platform can express, declared by its adapter and enforced before any call is made. */
export interface Capabilities {
  /** Setting kinds an ad set may be created with (`Runtime` where the platform schedules ad sets). */
  settings: SettingKind[];
  targetings: TargetingKind[];
  /** Targeting lives on the ad set; when false, `childResources=Targeting` is ignored on lists. */
  adSetTargeting: boolean;
  /** Where budgets live: on the ad set, or only on the campaign. */
  budgetLevel: 'adset' | 'campaign';
  /**
   * Where the objective lives. On `campaign`, an ad set shows its campaign's objective, and an
   * Objective setting on create must equal it.
   */
  objectiveLevel: 'adset' | 'campaign';
  /** `soft`: a deleted ad set stays readable with status Deleted. */
  deletion: 'soft' | 'hard';
  /** Statuses an ad set may be created with. */
  createStatuses: AdSetStatus[];
  /** Statuses an ad set may be given by an update. */
  updateStatuses: AdSetStatus[];
  updates: UpdateCapabilities;
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

/** The OAuth app a connection was made with: what some APIs want on every call besides the token. */
export interface PlatformApp {
  clientId: string;
  clientSecret: string;
  /** Google Ads' `developer-token`, Microsoft Advertising's `DeveloperToken`. */
  developerToken?: string;
  /** Google Ads' `login-customer-id`: the manager account calls go through. */
  loginCustomerId?: string;
}

/** Everything one platform call is made with. */
export interface PlatformCall {
  accessToken: string;
  app: PlatformApp;
  /**
   * The customer's connected ad accounts (empty while connecting). APIs whose ids are scoped to an
   * account look an id up in these; the service narrows them to one when it knows the ad set's account.
   */
  accounts: AdAccount[];
  /** Where each HTTP call made for this one is reported (set by the registry's observed adapter). */
  observed?: ObservedCall;
}

/**
 * Maps one platform's API to the unified model. Every method calls the platform (no caching here).
 * An ad set that is not in `call.accounts` is not the customer's: `getAdSet` answers null for it.
 */
export interface PlatformAdapter {
  capabilities: Capabilities;
  listAdAccounts(call: PlatformCall): Promise<AdAccount[]>;
  /** Every campaign of the ad account, following the platform's pagination to the end. */
  listCampaigns(call: PlatformCall, advertiser: AdAccount): Promise<Campaign[]>;
  /** Every ad set of the ad account, following the platform's pagination to the end, with their ads. */
  listAdSets(call: PlatformCall, advertiser: AdAccount): Promise<AdSet[]>;
  getAdSet(call: PlatformCall, id: string): Promise<AdSet | null>;
  createAdSet(call: PlatformCall, input: NewAdSet, account: AdAccount): Promise<AdSet>;
  /**
   * Writes the changes (only what the capabilities' `updates` declare reaches it) and answers the ad
   * set as the platform holds it afterwards.
   */
  updateAdSet(call: PlatformCall, id: string, changes: AdSetChanges): Promise<AdSet>;
  /** Deletes (or, where the platform cannot, archives) the ad set; the answer has its real status. */
  deleteAdSet(call: PlatformCall, id: string): Promise<AdSet>;
  listAds(call: PlatformCall, adSetId: string): Promise<Ad[]>;
  /** Campaign management, where the adapter maps it: without it, creating or changing a campaign is 400 unsupported_for_platform. */
  campaigns?: CampaignAdapter;
  /** Performance reports, where the adapter maps the platform's reporting API. */
  reports?: ReportAdapter;
}

/** Reports on one platform (`platforms/<id>/reports.ts`). */
export interface ReportAdapter {
  capabilities: ReportCapabilities;
  /** Starts one ad account's report; a synchronous platform answers it at once. */
  start(call: PlatformCall, account: AdAccount, query: ReportQuery): Promise<ReportRun>;
  /** Polls a pending run (only where `start` can answer `pending`). */
  resume?(call: PlatformCall, account: AdAccount, query: ReportQuery, job: string): Promise<ReportRun>;
}

/** Campaign management on one platform (`platforms/<id>/campaigns.ts`); lists are `listCampaigns`. */
export interface CampaignAdapter {
  capabilities: CampaignCapabilities;
  /** The campaign, or null when it is not in `call.accounts` (or does not exist). */
  get(call: PlatformCall, id: string): Promise<Campaign | null>;
  create(call: PlatformCall, input: NewCampaign, account: AdAccount): Promise<Campaign>;
  /** Writes name, status and the settings `capabilities.updateSettings` declare; answers the campaign as it now is. */
  update(call: PlatformCall, id: string, changes: CampaignChanges): Promise<Campaign>;
  /** Deletes (or, where the platform cannot, archives) the campaign; the answer has its real status. */
  delete(call: PlatformCall, id: string): Promise<Campaign>;
}

/** Builds a platform's adapter from its catalog entry (URLs already resolved for this deployment). */
export type AdapterFactory = (entry: PlatformEntry, options: { timeoutMs: number }) => PlatformAdapter;
