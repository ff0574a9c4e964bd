import type { ManagedCampaigns } from '../../campaigns/port.js';
import { toSandboxCampaign, toSandboxCampaignChanges } from './campaign-body.js';
import type { SandboxApi } from './client.js';
import { orNull } from './errors.js';
import { CHANNEL_TO_KIND, toCampaign } from './mapping.js';
import * as Sandbox from './model.js';

/** The sandbox's campaigns (`/ad_accounts/:id/campaigns`, `/campaigns/:id`): a deleted one stays readable. */
export function sandboxCampaigns({ request, allPages }: SandboxApi): ManagedCampaigns {
  return {
    capabilities: {
      objectives: [...Sandbox.OBJECTIVES],
      channelKinds: Object.values(CHANNEL_TO_KIND),
      settings: ['DailyBudget', 'TotalBudget', 'Runtime'],
      updateSettings: ['DailyBudget', 'TotalBudget', 'Runtime'],
      budgetKindChange: true,
      createStatuses: ['Running', 'Active', 'Paused'],
      updateStatuses: ['Running', 'Active', 'Paused', 'Archived'],
      deletion: 'soft',
    },

    async list(call, advertiser) {
      const campaigns = await allPages<Sandbox.Campaign>(
        call,
        `/ad_accounts/${encodeURIComponent(advertiser.id)}/campaigns`,
      );
      return campaigns.map(toCampaign);
    },

    async get(call, id) {
      const campaign = await orNull(request(call, `/campaigns/${encodeURIComponent(id)}`));
      return campaign ? toCampaign(campaign as Sandbox.Campaign) : null;
    },

    async create(call, input, account) {
      const created = await request(call, `/ad_accounts/${encodeURIComponent(account.id)}/campaigns`, {
        method: 'POST',
        body: JSON.stringify(toSandboxCampaign(input, account)),
      });
      return toCampaign(created as Sandbox.Campaign);
    },

    async update(call, id, changes) {
      return toCampaign(
        (await request(call, `/campaigns/${encodeURIComponent(id)}`, {
          method: 'PATCH',
          body: JSON.stringify(toSandboxCampaignChanges(changes, call.accounts[0])),
        })) as Sandbox.Campaign,
      );
    },

    async delete(call, id) {
      return toCampaign(
        (await request(call, `/campaigns/${encodeURIComponent(id)}`, {
          method: 'DELETE',
        })) as Sandbox.Campaign,
      );
    },
  };
}
