import type { PlatformCall } from '../ports/platform-call.js';
import type { AdAccount } from '../store/connections.js';
import type { Campaign, CampaignCapabilities, CampaignChanges, NewCampaign } from './model.js';

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
