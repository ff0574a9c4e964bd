import type { Campaign } from '../../campaigns/model.js';
import type { ManagedCampaigns } from '../../campaigns/port.js';
import type { PlatformCall } from '../../ports/platform-call.js';
import { PlatformError } from '../../ports/platform-error.js';
import { currencyOf } from './account-currency.js';
import { CAMPAIGN_OBJECTIVES, toMetaCampaign, toMetaCampaignChanges } from './campaign-body.js';
import { fields, type GraphClient } from './client.js';
import { orNotFound } from './errors.js';
import { advertiserId, CAMPAIGN_EFFECTIVE_STATUSES, toCampaign } from './mapping.js';
import { FIELDS, type GraphCampaign } from './model.js';

/**
 * Meta campaigns (`/act_{id}/campaigns`, `/{campaign_id}`): created with an ODAX objective and,
 * optionally, a daily campaign budget (Advantage campaign budget); renamed, paused, archived, their
 * budget changed; deleted softly (readable afterwards with status Deleted).
 */
export function metaCampaigns(graph: GraphClient): ManagedCampaigns {
  /** The campaign and its ad account (with the currency), if it is in one of the call's accounts. */
  async function withAccount(call: PlatformCall, id: string) {
    if (!/^\d+$/.test(id)) return null;
    const campaign = await orNotFound(graph.get<GraphCampaign>(call, `/${id}`, fields(FIELDS.campaign)));
    const account = campaign && call.accounts.find((a) => a.id === advertiserId(campaign.account_id));
    if (!campaign || !account) return null;
    return { campaign, account: { ...account, currency: await currencyOf(graph, call, account) } };
  }

  const read = async (call: PlatformCall, id: string): Promise<Campaign | null> => {
    const found = await withAccount(call, id);
    return found && toCampaign(found.campaign, found.account.currency);
  };

  async function mustRead(call: PlatformCall, id: string): Promise<Campaign> {
    const campaign = await read(call, id);
    if (!campaign) throw new PlatformError('rejected', `Meta did not return campaign ${id}`);
    return campaign;
  }

  return {
    capabilities: {
      objectives: CAMPAIGN_OBJECTIVES,
      // Meta campaigns do not choose a channel: placements are the ad sets' (Facebook, Instagram, …).
      channelKinds: [],
      // A lifetime campaign budget is spent over its ad sets' schedules, which the campaign does not hold.
      settings: ['DailyBudget'],
      updateSettings: ['DailyBudget'],
      budgetKindChange: false,
      createStatuses: ['Running', 'Active', 'Paused'],
      updateStatuses: ['Running', 'Active', 'Paused', 'Archived'],
      deletion: 'soft',
    },

    async list(call, advertiser) {
      const [campaigns, currency] = await Promise.all([
        graph.all<GraphCampaign>(call, `/${advertiser.id}/campaigns`, {
          ...fields(FIELDS.campaign),
          effective_status: JSON.stringify(CAMPAIGN_EFFECTIVE_STATUSES),
        }),
        currencyOf(graph, call, advertiser),
      ]);
      return campaigns.map((campaign) => toCampaign(campaign, currency));
    },

    get: read,

    async create(call, input, account) {
      const currency = await currencyOf(graph, call, account);
      const { params, sources } = toMetaCampaign(input, { ...account, currency });
      const created = await graph.post<{ id: string }>(call, `/${account.id}/campaigns`, params, sources);
      return mustRead(call, created.id);
    },

    async update(call, id, changes) {
      const found = changes.settings?.length ? await withAccount(call, id) : undefined;
      if (found === null)
        throw new PlatformError('rejected', `Meta campaign ${id} is in no connected ad account`);
      const { params, sources } = toMetaCampaignChanges(changes, found?.account);
      await graph.post(call, `/${id}`, params, sources);
      return mustRead(call, id);
    },

    async delete(call, id) {
      await graph.delete(call, `/${id}`);
      return mustRead(call, id);
    },
  };
}
