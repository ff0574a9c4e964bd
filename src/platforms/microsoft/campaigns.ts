import type { ManagedCampaigns } from '../../campaigns/port.js';
import type { PlatformCall } from '../../ports/platform-call.js';
import { PlatformError, PlatformInputError } from '../../ports/platform-error.js';
import type { AdAccount } from '../../store/connections.js';
import { addCampaignsBody, campaignParams, updateCampaignsBody } from './campaign-body.js';
import { accepted, campaignById, campaignsOf } from './campaign-reads.js';
import type { AccountApi, MicrosoftAdsApi } from './client.js';
import { toCampaign } from './mapping.js';
import type { BatchError, Campaign } from './model.js';

/** The campaign types adlink creates: the others need settings it does not model (store, domain, app). */
const OBJECTIVES = ['Search', 'Audience'];

interface Located {
  api: AccountApi;
  account: AdAccount;
  campaign: Campaign;
}

/**
 * Campaigns on Microsoft Advertising (AddCampaigns, UpdateCampaigns, DeleteCampaigns): the daily
 * budget lives here, the objective is the CampaignType, and a delete is final.
 */
export function microsoftCampaigns(ms: MicrosoftAdsApi): ManagedCampaigns {
  async function locate(call: PlatformCall, id: string): Promise<Located | null> {
    for (const account of call.accounts) {
      const api = await ms.account(call, account.id);
      const campaign = await campaignById(api, id);
      if (campaign) return { api, account, campaign };
    }
    return null;
  }

  async function mustLocate(call: PlatformCall, id: string): Promise<Located> {
    const found = await locate(call, id);
    if (!found)
      throw new PlatformInputError(
        'id',
        `No Microsoft Advertising campaign ${id} in the connected accounts.`,
      );
    return found;
  }

  async function read(api: AccountApi, account: AdAccount, id: string) {
    const campaign = await campaignById(api, id);
    if (!campaign) throw new PlatformError('rejected', `Microsoft Advertising lost campaign ${id}`);
    return toCampaign(account, campaign);
  }

  return {
    capabilities: {
      objectives: OBJECTIVES,
      channelKinds: [],
      settings: ['DailyBudget'],
      updateSettings: ['DailyBudget'],
      budgetKindChange: false,
      createStatuses: ['Running', 'Paused'],
      updateStatuses: ['Running', 'Paused'],
      deletion: 'hard',
    },

    async list(call, advertiser) {
      const api = await ms.account(call, advertiser.id);
      return (await campaignsOf(api)).map((c) => toCampaign(advertiser, c));
    },

    async get(call, id) {
      const found = await locate(call, id);
      return found ? toCampaign(found.account, found.campaign) : null;
    },

    async create(call, input, account) {
      const api = await ms.account(call, account.id);
      const { CampaignIds } = accepted(
        await api.request<{ CampaignIds?: (string | null)[]; PartialErrors?: BatchError[] }>(
          'POST',
          '/Campaigns',
          addCampaignsBody(input, account, api.timeZone),
        ),
        campaignParams(input.settings),
      );
      const id = CampaignIds?.[0];
      if (!id)
        throw new PlatformError('rejected', 'Microsoft Advertising answered an add without a campaign id');
      return read(api, account, id);
    },

    async update(call, id, changes) {
      const { api, account, campaign } = await mustLocate(call, id);
      accepted(
        await api.request<{ PartialErrors?: BatchError[] }>(
          'PUT',
          '/Campaigns',
          updateCampaignsBody(changes, campaign, account),
        ),
        campaignParams(changes.settings),
      );
      return read(api, account, id);
    },

    /** DeleteCampaigns is final (its ad groups go with it): the answer is built from the campaign as it was. */
    async delete(call, id) {
      const { api, account, campaign } = await mustLocate(call, id);
      accepted(
        await api.request<{ PartialErrors?: BatchError[] }>('DELETE', '/Campaigns', {
          AccountId: account.id,
          CampaignIds: [id],
        }),
      );
      return { ...toCampaign(account, campaign), status: 'Deleted' };
    },
  };
}
