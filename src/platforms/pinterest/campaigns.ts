import type { ManagedCampaigns } from '../../campaigns/port.js';
import type { PlatformCall } from '../../ports/platform-call.js';
import { PlatformError } from '../../ports/platform-error.js';
import { accountPath, currencyOf, inSomeAccount } from './accounts.js';
import { campaignCreate, campaignUpdate, OBJECTIVES } from './campaign-body.js';
import type { PinterestClient } from './client.js';
import { toCampaign } from './mapping.js';
import { ENTITY_STATUSES, type PinterestCampaign } from './model.js';

/**
 * Every status: archived (and deleted draft) campaigns, ad groups and ads stay listed, as adlink's
 * DELETE archives.
 */
export const ALL_STATUSES = { entity_statuses: ENTITY_STATUSES };

/** The ad account's campaigns (`ids` only, where given), whatever their status. */
export const campaignsOf = (pin: PinterestClient, call: PlatformCall, account: string, ids?: string[]) =>
  pin.all<PinterestCampaign>(call, `${accountPath(account)}/campaigns`, {
    ...ALL_STATUSES,
    ...(ids ? { campaign_ids: ids } : {}),
  });

/**
 * Pinterest campaigns (`POST`/`PATCH /ad_accounts/{id}/campaigns`, batches of one): budgets are the
 * campaign's spend caps, the Runtime its schedule; Pinterest cannot delete a campaign, so DELETE
 * archives it.
 */
export function pinterestCampaigns(pin: PinterestClient): ManagedCampaigns {
  const read = (call: PlatformCall, id: string) =>
    inSomeAccount(call, id, (account) =>
      pin.get<PinterestCampaign>(call, `${accountPath(account)}/campaigns/${id}`),
    );

  async function mustRead(call: PlatformCall, id: string): Promise<PinterestCampaign> {
    const campaign = await read(call, id);
    if (!campaign) {
      throw new PlatformError(
        'rejected',
        `campaign ${id} is not in the customer's ad accounts`,
        undefined,
        404,
      );
    }
    return campaign;
  }

  const mapped = (call: PlatformCall, campaign: PinterestCampaign) =>
    toCampaign(campaign, currencyOf(call, campaign.ad_account_id));

  async function patch(
    call: PlatformCall,
    campaign: PinterestCampaign,
    update: ReturnType<typeof campaignUpdate>,
  ) {
    const path = `${accountPath(campaign.ad_account_id)}/campaigns`;
    return mapped(
      call,
      await pin.writeOne<PinterestCampaign>(call, 'PATCH', path, update.item, update.sources),
    );
  }

  const accountOf = (call: PlatformCall, campaign: PinterestCampaign) => {
    const account = call.accounts.find((a) => a.id === campaign.ad_account_id);
    if (!account)
      throw new PlatformError('rejected', `campaign ${campaign.id} is in no connected ad account`);
    return account;
  };

  return {
    capabilities: {
      objectives: OBJECTIVES,
      channelKinds: [],
      settings: ['DailyBudget', 'TotalBudget', 'Runtime'],
      updateSettings: ['DailyBudget', 'TotalBudget', 'Runtime'],
      budgetKindChange: true,
      createStatuses: ['Running', 'Active', 'Paused'],
      updateStatuses: ['Running', 'Active', 'Paused', 'Archived'],
      deletion: 'soft',
    },

    async list(call, advertiser) {
      const currency = currencyOf(call, advertiser.id);
      return (await campaignsOf(pin, call, advertiser.id)).map((c) => toCampaign(c, currency));
    },

    async get(call, id) {
      const campaign = await read(call, id);
      return campaign ? mapped(call, campaign) : null;
    },

    async create(call, input, account) {
      const { item, sources } = campaignCreate(input, account);
      const path = `${accountPath(account.id)}/campaigns`;
      return mapped(call, await pin.writeOne<PinterestCampaign>(call, 'POST', path, item, sources));
    },

    async update(call, id, changes) {
      const campaign = await mustRead(call, id);
      return patch(call, campaign, campaignUpdate(changes, campaign, accountOf(call, campaign)));
    },

    /** Pinterest has no DELETE for campaigns: archived, it stays readable as Archived. */
    async delete(call, id) {
      const campaign = await mustRead(call, id);
      return patch(
        call,
        campaign,
        campaignUpdate({ status: 'Archived' }, campaign, accountOf(call, campaign)),
      );
    },
  };
}
