import type { AdSet } from '../../adsets/model.js';
import type { AdapterFactory } from '../../ports/platform-adapter.js';
import type { PlatformCall } from '../../ports/platform-call.js';
import { PlatformError } from '../../ports/platform-error.js';
import type { AdAccount } from '../../store/connections.js';
import { adGroupCreateBody } from './adset-body.js';
import { adGroupUpdateBody } from './adset-changes.js';
import { campaignsOf, tiktokCampaigns, WITH_DELETED } from './campaigns.js';
import { inAccounts, tiktokApi } from './client.js';
import { operationStatus, toAd, toAdSet, toCampaign } from './mapping.js';
import type { TikTokAd, TikTokAdGroup } from './model.js';
import { tiktokReports } from './reports.js';
import { zipcodeIds, zipcodesById } from './zipcodes.js';

/** Maps TikTok's Marketing API (v1.3) ad groups to adlink's ad sets. */
export const tiktokAdapter: AdapterFactory = ({ apiBaseUrl }, { timeoutMs }) => {
  const api = tiktokApi(apiBaseUrl, timeoutMs);

  const campaigns = (call: PlatformCall, advertiserId: string, filtering: object = {}) =>
    campaignsOf(api, call, advertiserId, filtering);

  /** Ad sets of one account from its ad groups, with their campaign's objective, ads and zip codes. */
  async function assemble(
    call: PlatformCall,
    account: AdAccount,
    adGroups: TikTokAdGroup[],
    narrow: boolean,
  ) {
    if (adGroups.length === 0) return [];
    const only = (key: string, ids: string[]) => (narrow ? { [key]: [...new Set(ids)] } : {});
    const [parents, ads, zipcodes] = await Promise.all([
      campaigns(
        call,
        account.id,
        only(
          'campaign_ids',
          adGroups.map((g) => g.campaign_id),
        ),
      ),
      api.all<TikTokAd>(call, '/ad/get/', {
        advertiser_id: account.id,
        filtering: only(
          'adgroup_ids',
          adGroups.map((g) => g.adgroup_id),
        ),
      }),
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
        ads,
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
      targetings: ['GeoTargeting'],
      adSetTargeting: true,
      budgetLevel: 'adset',
      objectiveLevel: 'campaign',
      deletion: 'soft',
      createStatuses: ['Running', 'Active', 'Paused'],
      updateStatuses: ['Running', 'Active', 'Paused'],
      // TikTok keeps an ad group's budget mode for its whole life (AdgroupUpdateBody has no budget_mode).
      updates: {
        settings: ['DailyBudget', 'TotalBudget', 'Runtime'],
        targetings: ['GeoTargeting'],
        budgetKindChange: false,
      },
      channelKinds: ['Social'],
    },

    async listAdAccounts(call) {
      const { list } = await api.get(call, '/oauth2/advertiser/get/', {
        app_id: call.app.clientId,
        secret: call.app.clientSecret,
      });
      const authorized = (list ?? []) as { advertiser_id: string; advertiser_name: string }[];
      if (authorized.length === 0) return [];
      const info = await api.get(call, '/advertiser/info/', {
        advertiser_ids: authorized.map((a) => a.advertiser_id),
      });
      const currencies = new Map(
        ((info.list ?? []) as { advertiser_id: string; currency: string }[]).map((a) => [
          a.advertiser_id,
          a.currency,
        ]),
      );
      return authorized.map((a) => ({
        id: a.advertiser_id,
        name: a.advertiser_name,
        ...(currencies.has(a.advertiser_id) ? { currency: currencies.get(a.advertiser_id)! } : {}),
      }));
    },

    async listCampaigns(call, advertiser) {
      return (await campaigns(call, advertiser.id)).map((c) => toCampaign(c, advertiser.currency ?? ''));
    },

    async listAdSets(call, advertiser) {
      const adGroups = await api.all<TikTokAdGroup>(call, '/adgroup/get/', {
        advertiser_id: advertiser.id,
        filtering: WITH_DELETED,
      });
      return assemble(call, advertiser, adGroups, false);
    },

    getAdSet,

    async createAdSet(call, input, account) {
      const [campaign] = await campaigns(call, account.id, { campaign_ids: [input.parentId] });
      const zipcodes = await zipcodeIds(api, call, account.id, input.targetings);
      const { body, params } = adGroupCreateBody(input, account, campaign?.objective_type ?? '', zipcodes);
      const created = (await api.post(call, '/adgroup/create/', body, params)) as unknown as TikTokAdGroup;
      const [adSet] = await assemble(call, account, [created], true);
      return adSet!;
    },

    async updateAdSet(call, id, changes) {
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

    async deleteAdSet(call, id) {
      const { account } = await located(call, id);
      await setStatus(call, account.id, id, 'DELETE');
      return (await getAdSet(call, id))!;
    },

    campaigns: tiktokCampaigns(api),
    reports: tiktokReports(api),

    async listAds(call, adSetId) {
      const { account } = await located(call, adSetId);
      const ads = await api.all<TikTokAd>(call, '/ad/get/', {
        advertiser_id: account.id,
        filtering: { adgroup_ids: [adSetId] },
      });
      return ads.map(toAd);
    },
  };
};
