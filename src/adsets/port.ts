import type { PlatformCall } from '../ports/platform-call.js';
import type { AdAccount } from '../store/connections.js';
import type {
  AdSet,
  AdSetChanges,
  AdSetStatus,
  ChannelKind,
  NewAdSet,
  SettingKind,
  TargetingKind,
} from './model.js';

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
export interface AdSetCapabilities {
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

/**
 * Ad sets on one platform (`platforms/<id>/adsets.ts`). Every method calls the platform (no caching
 * here). An ad set that is not in `call.accounts` is not the customer's: `get` answers null for it.
 */
export interface AdSetAdapter {
  capabilities: AdSetCapabilities;
  /** Every ad set of the ad account, following the platform's pagination to the end. */
  list(call: PlatformCall, advertiser: AdAccount): Promise<AdSet[]>;
  get(call: PlatformCall, id: string): Promise<AdSet | null>;
  create(call: PlatformCall, input: NewAdSet, account: AdAccount): Promise<AdSet>;
  /**
   * Writes the changes (only what the capabilities' `updates` declare reaches it) and answers the ad
   * set as the platform holds it afterwards.
   */
  update(call: PlatformCall, id: string, changes: AdSetChanges): Promise<AdSet>;
  /** Deletes (or, where the platform cannot, archives) the ad set; the answer has its real status. */
  delete(call: PlatformCall, id: string): Promise<AdSet>;
}
