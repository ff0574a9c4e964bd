import type { AdSet } from '../../adsets/model.js';
import type { AdSetAdapter } from '../../adsets/port.js';
import type { PlatformCall } from '../../ports/platform-call.js';
import { PlatformError } from '../../ports/platform-error.js';
import type { AdAccount } from '../../store/connections.js';
import { adGroupCreateBody } from './adset-body.js';
import { adGroupUpdateBody } from './adset-changes.js';
import { campaignsOf, WITH_DELETED } from './campaigns.js';
import { inAccounts, type TikTokApi } from './client.js';
import { operationStatus, toAdSet } from './mapping.js';
import type { TikTokAdGroup } from './model.js';
import { zipcodeIds, zipcodesById } from './zipcodes.js';

/** TikTok's Marketing API (v1.3) ad groups as adlink's ad sets. */
export function tiktokAdSets(api: TikTokApi): AdSetAdapter {
  const campaigns = (call: PlatformCall, advertiserId: string, filtering: object = {}) =>
    campaignsOf(api, call, advertiserId, filtering);

  /** Ad sets of one account from its ad groups, with their campaign's objective and zip codes. */
  async function assemble(
    call: PlatformCall,
    account: AdAccount,
    adGroups: TikTokAdGroup[],
    narrow: boolean,
  ) {
    if (adGroups.length === 0) return [];
    const only = (key: string, ids: string[]) => (narrow ? { [key]: [...new Set(ids)] } : {});
    const [parents, zipcodes] = await Promise.all([
      campaigns(
        call,
        account.id,
        only(
          'campaign_ids',
          adGroups.map((g) => g.campaign_id),
        ),
      ),
      zipcodesById(
        api,
        call,
        account.id,
        adGroups.flatMap((g) => g.zipcode_ids ?? []),
      ),
    ]);
    const objectives = new Map(parents.map((c) => [c.campaign_id, c.objective_type]));
    return adGroups.map((g) =>
      toAdSet(g, {
        currency: account.currency ?? '',
        objective: objectives.get(g.campaign_id),
        zipcodes,
      }),
    );
  }

  /** The ad group and its ad account, looked up in the customer's accounts (TikTok ids need one). */
  async function locate(call: PlatformCall, id: string) {
    const found = await inAccounts(call, id, async (advertiserId) => {
      const [adGroup] = await api.all<TikTokAdGroup>(call, '/adgroup/get/', {
        advertiser_id: advertiserId,
        filtering: { ...WITH_DELETED, adgroup_ids: [id] },
      });
      return adGroup;
    });
    return found && { account: found.account, adGroup: found.record };
  }

  async function getAdSet(call: PlatformCall, id: string): Promise<AdSet | null> {
    const found = await locate(call, id);
    if (!found) return null;
    const [adSet] = await assemble(call, found.account, [found.adGroup], true);
    return adSet!;
  }

  async function located(call: PlatformCall, id: string) {
    const found = await locate(call, id);
    if (!found) throw new PlatformError('rejected', `ad group ${id} not found`, undefined, 404);
    return found;
  }

  const setStatus = (call: PlatformCall, advertiserId: string, id: string, status: string) =>
    api.post(
      call,
      '/adgroup/status/update/',
      { advertiser_id: advertiserId, adgroup_ids: [id], operation_status: status },
      { operation_status: 'status' },
    );

  return {
    capabilities: {
      settings: ['DailyBudget', 'TotalBudget', 'Objective', 'Runtime'],
      // Keywords exist only for TikTok's search ads (search_keywords with match types and bids).
      targetings: ['GeoTargeting', 'AudienceTargeting'],
      adSetTargeting: true,
      budgetLevel: 'adset',
      objectiveLevel: 'campaign',
      deletion: 'soft',
      createStatuses: ['Running', 'Active', 'Paused'],
      updateStatuses: ['Running', 'Active', 'Paused'],
      // TikTok keeps an ad group's budget mode for its whole life (AdgroupUpdateBody has no budget_mode).
      updates: {
        settings: ['DailyBudget', 'TotalBudget', 'Runtime'],
        targetings: ['GeoTargeting', 'AudienceTargeting'],
        budgetKindChange: false,
      },
      channelKinds: ['Social'],
    },

    async list(call, advertiser) {
      const adGroups = await api.all<TikTokAdGroup>(call, '/adgroup/get/', {
        advertiser_id: advertiser.id,
        filtering: WITH_DELETED,
      });
      return assemble(call, advertiser, adGroups, false);
    },

    get: getAdSet,

    async create(call, input, account) {
      const [campaign] = await campaigns(call, account.id, { campaign_ids: [input.parentId] });
      const zipcodes = await zipcodeIds(api, call, account.id, input.targetings);
      const { body, params } = adGroupCreateBody(input, account, campaign?.objective_type ?? '', zipcodes);
      const created = (await api.post(call, '/adgroup/create/', body, params)) as unknown as TikTokAdGroup;
      const [adSet] = await assemble(call, account, [created], true);
      return adSet!;
    },

    async update(call, id, changes) {
      const { account, adGroup } = await located(call, id);
      const zipcodes = changes.targetings?.some((t) => t.kind === 'GeoTargeting')
        ? await zipcodeIds(api, call, account.id, changes.targetings)
        : undefined;
      const update = adGroupUpdateBody(changes, adGroup, account, zipcodes);
      if (update) await api.post(call, '/adgroup/update/', update.body, update.params);
      if (changes.status !== undefined) {
        await setStatus(call, account.id, id, operationStatus(changes.status));
      }
      return (await getAdSet(call, id))!;
    },

    async delete(call, id) {
      const { account } = await located(call, id);
      await setStatus(call, account.id, id, 'DELETE');
      return (await getAdSet(call, id))!;
    },
  };
}
