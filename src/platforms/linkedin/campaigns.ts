import type { Campaign } from '../../campaigns/model.js';
import type { ManagedCampaigns } from '../../campaigns/port.js';
import type { PlatformCall } from '../../ports/platform-call.js';
import { PlatformError } from '../../ports/platform-error.js';
import { accountPath, inSomeAccount } from './accounts.js';
import { ADSET_OBJECTIVES } from './adset-body.js';
import { groupCreate } from './campaign-body.js';
import type { LinkedInClient } from './client.js';
import { toCampaign } from './mapping.js';
import type { CampaignGroup } from './model.js';
import { partialUpdate } from './patch.js';
import { restliQuery, urnId } from './restli.js';

/**
 * LinkedIn campaign groups as adlink's campaigns (`/adAccounts/{a}/adCampaignGroups`): created with
 * an objective, a schedule and an optional total budget, changed by PARTIAL_UPDATE. LinkedIn deletes
 * only DRAFT groups: any other is archived.
 */
export function linkedinCampaigns(li: LinkedInClient): ManagedCampaigns {
  const groupPath = (account: string, id: string) =>
    `${accountPath(account)}/adCampaignGroups/${encodeURIComponent(id)}`;
  const locate = (call: PlatformCall, id: string) =>
    inSomeAccount(call, id, (account) => li.get<CampaignGroup>(call, groupPath(account, id)));

  async function mustLocate(call: PlatformCall, id: string) {
    const located = await locate(call, id);
    if (!located) {
      throw new PlatformError(
        'rejected',
        `campaign group ${id} is not in the customer's ad accounts`,
        undefined,
        404,
      );
    }
    return located;
  }

  async function update(call: PlatformCall, id: string, changes: Parameters<typeof partialUpdate>[0]) {
    const { account, found } = await mustLocate(call, id);
    const adAccount = call.accounts.find((a) => a.id === account)!;
    const { body, param } = partialUpdate(changes, found, adAccount);
    await li.request(call, groupPath(account, id), {
      method: 'POST',
      restliMethod: 'partial_update',
      body,
      param,
    });
    return toCampaign(await li.get<CampaignGroup>(call, groupPath(account, id)));
  }

  return {
    capabilities: {
      // LinkedIn puts `objectiveType` on the group, and every campaign in it has that objective:
      // these are the objectives adlink creates ad sets under (it bids automatically for them).
      objectives: ADSET_OBJECTIVES,
      channelKinds: [],
      settings: ['TotalBudget', 'Runtime'],
      updateSettings: ['TotalBudget', 'Runtime'],
      budgetKindChange: false,
      createStatuses: ['Running', 'Active', 'Paused'],
      updateStatuses: ['Running', 'Active', 'Paused', 'Archived'],
      deletion: 'soft',
    },

    async list(call, advertiser) {
      const groups = await li.allPages<CampaignGroup>(
        call,
        `${accountPath(advertiser.id)}/adCampaignGroups?${restliQuery({ q: 'search' })}`,
      );
      return groups.map(toCampaign);
    },

    async get(call, id) {
      const located = await locate(call, id);
      return located ? toCampaign(located.found) : null;
    },

    async create(call, input, account) {
      const { body, param } = groupCreate(input, account);
      const created = await li.request(call, `${accountPath(account.id)}/adCampaignGroups`, {
        method: 'POST',
        restliMethod: 'create',
        body,
        param,
      });
      if (!created.createdId)
        throw new PlatformError('rejected', 'LinkedIn answered a create without x-restli-id');
      return toCampaign(await li.get<CampaignGroup>(call, groupPath(account.id, urnId(created.createdId))));
    },

    update,

    /** A DRAFT group is deleted (the answer says Deleted); any other is archived, as LinkedIn wants. */
    async delete(call, id): Promise<Campaign> {
      const { account, found } = await mustLocate(call, id);
      if (found.status !== 'DRAFT') return update(call, id, { status: 'Archived' });
      await li.request(call, groupPath(account, id), { method: 'DELETE', restliMethod: 'delete' });
      return { ...toCampaign(found), status: 'Deleted' };
    },
  };
}
