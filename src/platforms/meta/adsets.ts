import type { AdSet } from '../../adsets/model.js';
import type { AdSetAdapter } from '../../adsets/port.js';
import type { PlatformCall } from '../../ports/platform-call.js';
import { PlatformError } from '../../ports/platform-error.js';
import type { AdAccount } from '../../store/connections.js';
import { currencyOf as accountCurrency } from './account-currency.js';
import { toMetaAdSet } from './adset-body.js';
import { toMetaChanges } from './adset-changes.js';
import { fields, type GraphClient } from './client.js';
import { orNotFound } from './errors.js';
import { ADSET_EFFECTIVE_STATUSES, advertiserId, toAdSet } from './mapping.js';
import { FIELDS, type GraphAdSet, type GraphCampaign } from './model.js';

/** Meta ad sets (`/act_{id}/adsets`, `/{adset_id}`) as adlink's ad sets (their ads: `ads.ts`). */
export function metaAdSets(graph: GraphClient): AdSetAdapter {
  /** The ad set read back by id, if it is in one of the call's ad accounts. */
  async function readAdSet(call: PlatformCall, id: string): Promise<AdSet | null> {
    if (!/^\d+$/.test(id)) return null;
    const adSet = await orNotFound(graph.get<GraphAdSet>(call, `/${id}`, fields(FIELDS.adSet)));
    const account = adSet && call.accounts.find((a) => a.id === `act_${adSet.account_id}`);
    if (!adSet || !account) return null;
    return toAdSet(adSet, await currencyOf(call, account));
  }

  const currencyOf = (call: PlatformCall, account: AdAccount) => accountCurrency(graph, call, account);

  /** What an update of budgets, schedule or targeting starts from: the ad set at Meta and its account. */
  async function currentOf(call: PlatformCall, id: string) {
    const adSet = await graph.get<GraphAdSet>(call, `/${id}`, fields(FIELDS.adSetForChange));
    const account = call.accounts.find((a) => a.id === advertiserId(adSet.account_id));
    if (!account) throw new PlatformError('rejected', `Meta ad set ${id} is in no connected ad account`);
    return { adSet, account: { ...account, currency: await currencyOf(call, account) } };
  }

  async function mustRead(call: PlatformCall, id: string): Promise<AdSet> {
    const adSet = await readAdSet(call, id);
    if (!adSet) throw new PlatformError('rejected', `Meta did not return ad set ${id}`);
    return adSet;
  }

  return {
    capabilities: {
      settings: ['DailyBudget', 'TotalBudget', 'Objective', 'Runtime'],
      targetings: ['GeoTargeting', 'AudienceTargeting'],
      adSetTargeting: true,
      budgetLevel: 'adset',
      objectiveLevel: 'campaign',
      deletion: 'soft',
      createStatuses: ['Running', 'Active', 'Paused'],
      updateStatuses: ['Running', 'Active', 'Paused', 'Archived'],
      // The objective is the campaign's; Meta keeps an ad set's budget type for its whole life.
      updates: {
        settings: ['DailyBudget', 'TotalBudget', 'Runtime'],
        targetings: ['GeoTargeting', 'AudienceTargeting'],
        budgetKindChange: false,
      },
      channelKinds: ['Social'],
    },

    async list(call, advertiser) {
      const [adSets, currency] = await Promise.all([
        graph.all<GraphAdSet>(call, `/${advertiser.id}/adsets`, {
          ...fields(FIELDS.adSet),
          effective_status: JSON.stringify(ADSET_EFFECTIVE_STATUSES),
        }),
        currencyOf(call, advertiser),
      ]);
      return adSets.map((adSet) => toAdSet(adSet, currency));
    },

    get: readAdSet,

    async create(call, input, account) {
      const campaign = await graph.get<GraphCampaign>(
        call,
        `/${input.parentId}`,
        fields(FIELDS.parentCampaign),
      );
      const { params, sources } = toMetaAdSet(input, account, campaign);
      const created = await graph.post<{ id: string }>(call, `/${account.id}/adsets`, params, sources);
      return mustRead(call, created.id);
    },

    async update(call, id, changes) {
      const merging = changes.settings !== undefined || changes.targetings !== undefined;
      const { params, sources } = toMetaChanges(changes, merging ? await currentOf(call, id) : undefined);
      await graph.post(call, `/${id}`, params, sources);
      return mustRead(call, id);
    },

    async delete(call, id) {
      await graph.delete(call, `/${id}`);
      return mustRead(call, id);
    },
  };
}
