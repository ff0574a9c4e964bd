import type { Ad, AdSet, AdSetChanges, NewAdSet } from '../adsets/model.js';
import type { AdSetCapabilities } from '../adsets/port.js';
import type { Campaign } from '../campaigns/model.js';
import type { CampaignAdapter } from '../campaigns/port.js';
import type { ReportAdapter } from '../reports/port.js';
import type { AdAccount } from '../store/connections.js';
import type { PlatformCall } from './platform-call.js';
import type { PlatformEntry } from './platform-entry.js';

/**
 * Maps one platform's API to the unified model. Every method calls the platform (no caching here).
 * An ad set that is not in `call.accounts` is not the customer's: `getAdSet` answers null for it.
 */
export interface PlatformAdapter {
  capabilities: AdSetCapabilities;
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

/** Builds a platform's adapter from its catalog entry (URLs already resolved for this deployment). */
export type AdapterFactory = (entry: PlatformEntry, options: { timeoutMs: number }) => PlatformAdapter;
