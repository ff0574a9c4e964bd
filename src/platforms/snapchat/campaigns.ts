import type { ManagedCampaigns } from '../../campaigns/port.js';
import type { PlatformCall } from '../../ports/platform-call.js';
import { PlatformError, PlatformInputError } from '../../ports/platform-error.js';
import { toSnapCampaign, toSnapCampaignChanges } from './campaign-body.js';
import type { SnapClient } from './client.js';
import { NOT_FOUND_CODE } from './errors.js';
import { currencyOf, toCampaign } from './mapping.js';
import type { SnapCampaign } from './model.js';

/** Deleted campaigns and squads stay readable with this, as Snap's soft delete keeps them. */
export const READ_DELETED = { read_deleted_entities: 'true' };
const id = (value: string) => encodeURIComponent(value);
const accountCampaigns = (account: string) => ({
  path: `/adaccounts/${id(account)}/campaigns`,
  plural: 'campaigns',
  singular: 'campaign',
});

/** The ad account's campaigns, deleted ones included. */
export const campaignsOf = (snap: SnapClient, call: PlatformCall, account: string) =>
  snap.all<SnapCampaign>(call, { ...accountCampaigns(account), query: READ_DELETED });

/**
 * Snap campaigns: created and replaced with `POST`/`PUT /adaccounts/{id}/campaigns`, deleted with
 * `DELETE /campaigns/{id}`. Their spend caps and run are settings; the objective is an objective v2 type.
 */
export function snapchatCampaigns(snap: SnapClient): ManagedCampaigns {
  /** The campaign as Snap has it (deleted ones included), or null for an unknown or foreign id. */
  async function read(call: PlatformCall, campaignId: string) {
    try {
      const [campaign] = await snap.get<SnapCampaign>(call, {
        path: `/campaigns/${id(campaignId)}`,
        plural: 'campaigns',
        singular: 'campaign',
        query: READ_DELETED,
      });
      const account = campaign && call.accounts.find((a) => a.id === campaign.ad_account_id);
      return account ? { campaign, account } : null;
    } catch (err) {
      if (err instanceof PlatformError && err.code === NOT_FOUND_CODE) return null;
      throw err;
    }
  }

  async function mustRead(call: PlatformCall, campaignId: string) {
    const found = await read(call, campaignId);
    if (!found) throw new PlatformError('rejected', `Snapchat did not return campaign ${campaignId}`);
    return found;
  }

  const unified = ({ campaign, account }: { campaign: SnapCampaign; account: { currency?: string } }) =>
    toCampaign(campaign, account.currency ?? '');

  return {
    capabilities: {
      // The objective v2 types whose squads adlink can create (see adset-body.ts); the others need
      // an app, a pixel or a catalog. The legacy objectives are read, not created.
      objectives: ['AWARENESS_AND_ENGAGEMENT', 'TRAFFIC'],
      channelKinds: [],
      settings: ['DailyBudget', 'TotalBudget', 'Runtime'],
      updateSettings: ['DailyBudget', 'TotalBudget', 'Runtime'],
      // A daily and a lifetime spend cap are both optional fields of a full update.
      budgetKindChange: true,
      createStatuses: ['Running', 'Active', 'Paused'],
      updateStatuses: ['Running', 'Active', 'Paused'],
      deletion: 'soft',
    },

    async list(call, advertiser) {
      const currency = currencyOf(advertiser);
      return (await campaignsOf(snap, call, advertiser.id)).map((c) => toCampaign(c, currency));
    },

    get: async (call, campaignId) => {
      const found = await read(call, campaignId);
      return found && unified(found);
    },

    async create(call, input, account) {
      const { campaign, fields } = toSnapCampaign(input, account, new Date());
      const created = await snap.write<SnapCampaign>(
        call,
        'POST',
        accountCampaigns(account.id),
        campaign,
        fields,
      );
      return toCampaign(created, account.currency ?? '');
    },

    async update(call, campaignId, changes) {
      const current = await mustRead(call, campaignId);
      if (current.campaign.deleted) {
        throw new PlatformInputError('id', `Snapchat campaign ${campaignId} is deleted and cannot change.`);
      }
      const { campaign, fields } = toSnapCampaignChanges(changes, current.campaign, current.account);
      const list = accountCampaigns(current.account.id);
      const written = await snap.write<SnapCampaign>(call, 'PUT', list, campaign, fields);
      return unified({ campaign: written, account: current.account });
    },

    async delete(call, campaignId) {
      await mustRead(call, campaignId);
      await snap.delete(call, `/campaigns/${id(campaignId)}`);
      return unified(await mustRead(call, campaignId));
    },
  };
}
