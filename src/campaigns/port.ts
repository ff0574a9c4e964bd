import type { PlatformCall } from '../ports/platform-call.js';
import type { AdAccount } from '../store/connections.js';
import type { Campaign, CampaignCapabilities, CampaignChanges, NewCampaign } from './model.js';

/**
 * Campaigns on one platform (`platforms/<id>/campaigns.ts`): every adapter lists them; where it maps
 * the platform's campaign management too, it declares its capabilities. Without management, creating
 * or changing a campaign is 400 unsupported_for_platform and a campaign is read through `list`.
 */
export type CampaignAdapter = CampaignReads | ManagedCampaigns;

export interface CampaignReads {
  /** Every campaign of the ad account, following the platform's pagination to the end. */
  list(call: PlatformCall, advertiser: AdAccount): Promise<Campaign[]>;
}

export interface ManagedCampaigns extends CampaignReads {
  capabilities: CampaignCapabilities;
  /** The campaign, or null when it is not in `call.accounts` (or does not exist). */
  get(call: PlatformCall, id: string): Promise<Campaign | null>;
  create(call: PlatformCall, input: NewCampaign, account: AdAccount): Promise<Campaign>;
  /**
   * Writes name, status and the settings `capabilities.updateSettings` declare; answers the campaign
   * as it now is.
   */
  update(call: PlatformCall, id: string, changes: CampaignChanges): Promise<Campaign>;
  /** Deletes (or, where the platform cannot, archives) the campaign; the answer has its real status. */
  delete(call: PlatformCall, id: string): Promise<Campaign>;
}

/** Whether the adapter manages the platform's campaigns, not only lists them. */
export const isManaged = (campaigns: CampaignAdapter): campaigns is ManagedCampaigns =>
  'capabilities' in campaigns;
