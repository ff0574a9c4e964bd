import type { ManagedCampaigns } from '../../campaigns/port.js';
import type { PlatformCall } from '../../ports/platform-call.js';
import { PlatformError } from '../../ports/platform-error.js';
import { DELIVERY } from './adset-body.js';
import { campaignCreateBody, campaignUpdateBody } from './campaign-body.js';
import { inAccounts, type TikTokApi } from './client.js';
import { operationStatus, toCampaign } from './mapping.js';
import type { TikTokCampaign } from './model.js';

/** Deleted campaigns, ad groups and ads are listed only when asked for with STATUS_ALL. */
export const WITH_DELETED = { primary_status: 'STATUS_ALL' };

/** The advertiser's campaigns (deleted ones too), narrowed by a FilteringCampaignGet. */
export const campaignsOf = (
  api: TikTokApi,
  call: PlatformCall,
  advertiserId: string,
  filtering: object = {},
) =>
  api.all<TikTokCampaign>(call, '/campaign/get/', {
    advertiser_id: advertiserId,
    filtering: { ...WITH_DELETED, ...filtering },
  });

/** TikTok campaigns: created, renamed, budgeted, switched and deleted with CampaignCreationApi. */
export function tiktokCampaigns(api: TikTokApi): ManagedCampaigns {
  /** The campaign and its advertiser, looked up in the customer's accounts (TikTok ids need one). */
  async function locate(call: PlatformCall, id: string) {
    const found = await inAccounts(call, id, async (advertiserId) => {
      const [campaign] = await campaignsOf(api, call, advertiserId, { campaign_ids: [id] });
      return campaign;
    });
    return found && { account: found.account, campaign: found.record };
  }

  async function located(call: PlatformCall, id: string) {
    const found = await locate(call, id);
    if (!found) throw new PlatformError('rejected', `campaign ${id} not found`, undefined, 404);
    return found;
  }

  async function get(call: PlatformCall, id: string) {
    const found = await locate(call, id);
    return found && toCampaign(found.campaign, found.account.currency ?? '');
  }

  async function mustGet(call: PlatformCall, id: string) {
    const { account, campaign } = await located(call, id);
    return toCampaign(campaign, account.currency ?? '');
  }

  const setStatus = (call: PlatformCall, advertiserId: string, id: string, status: string) =>
    api.post(
      call,
      '/campaign/status/update/',
      { advertiser_id: advertiserId, campaign_ids: [id], operation_status: status },
      { operation_status: 'status' },
    );

  return {
    capabilities: {
      // Those whose ad groups adlink can fill in (see DELIVERY); others need an app, a pixel or a catalog.
      objectives: Object.keys(DELIVERY),
      channelKinds: [],
      settings: ['DailyBudget', 'TotalBudget'],
      updateSettings: ['DailyBudget', 'TotalBudget'],
      budgetKindChange: false,
      createStatuses: ['Running', 'Active', 'Paused'],
      updateStatuses: ['Running', 'Active', 'Paused'],
      deletion: 'soft',
    },

    async list(call, advertiser) {
      return (await campaignsOf(api, call, advertiser.id)).map((c) =>
        toCampaign(c, advertiser.currency ?? ''),
      );
    },

    get,

    async create(call, input, account) {
      const { body, params } = campaignCreateBody(input, account);
      const created = (await api.post(call, '/campaign/create/', body, params)) as unknown as TikTokCampaign;
      if (operationStatus(input.status) !== 'ENABLE') {
        await setStatus(call, account.id, created.campaign_id, operationStatus(input.status));
      }
      return mustGet(call, created.campaign_id);
    },

    async update(call, id, changes) {
      const found = await located(call, id);
      const update = campaignUpdateBody(changes, found.campaign, found.account);
      if (update) await api.post(call, '/campaign/update/', update.body, update.params);
      if (changes.status !== undefined) {
        await setStatus(call, found.account.id, id, operationStatus(changes.status));
      }
      return mustGet(call, id);
    },

    async delete(call, id) {
      const found = await located(call, id);
      await setStatus(call, found.account.id, id, 'DELETE');
      return mustGet(call, id);
    },
  };
}
