import { mapBounded } from '../../map-bounded.js';
import type { AdAccount } from '../../store/connections.js';
import { type AdapterFactory, NAME_AND_STATUS_UPDATES, type PlatformCall } from '../adapter.js';
import { PlatformError } from '../platform-error.js';
import { adGroupCreate, type BidFloorSpec } from './ad-group-body.js';
import { pinterestClient } from './client.js';
import type { ParamSource } from './errors.js';
import { toAd, toAdSet, toCampaign } from './mapping.js';
import {
  ENTITY_STATUSES,
  type KeywordsAnswer,
  type PinterestAd,
  type PinterestAdAccount,
  type PinterestAdGroup,
  type PinterestCampaign,
  type PinterestKeyword,
} from './model.js';
import { PINTEREST_STATUS } from './status.js';

/** Keyword lists asked at once: Pinterest lists keywords per ad group (`ad_group_ids` is a closed beta). */
const KEYWORD_FAN_OUT = 4;
/** Every status: archived (and deleted draft) ad groups stay listed, as adlink's DELETE archives. */
const ALL_STATUSES = { entity_statuses: ENTITY_STATUSES };

/** Maps Pinterest API v5 (ads) to adlink's unified model. See README.md beside this file. */
export const pinterestAdapter: AdapterFactory = ({ apiBaseUrl }, { timeoutMs }) => {
  const pin = pinterestClient(apiBaseUrl, timeoutMs);
  const accountPath = (account: string) => `/ad_accounts/${encodeURIComponent(account)}`;

  const keywordsOf = (call: PlatformCall, account: string, adGroupId: string) =>
    pin.all<PinterestKeyword>(call, `${accountPath(account)}/keywords`, { ad_group_id: adGroupId });

  const campaignsOf = (call: PlatformCall, account: string, ids?: string[]) =>
    pin.all<PinterestCampaign>(call, `${accountPath(account)}/campaigns`, {
      ...ALL_STATUSES,
      ...(ids ? { campaign_ids: ids } : {}),
    });

  const adsOf = (call: PlatformCall, account: string, adGroupId?: string) =>
    pin.all<PinterestAd>(call, `${accountPath(account)}/ads`, {
      ...ALL_STATUSES,
      ...(adGroupId ? { ad_group_ids: [adGroupId] } : {}),
    });

  /** Every micro amount is in the ad account's currency, which adlink keeps from `listAdAccounts`. */
  function currencyOf(call: PlatformCall, account: string): string {
    const currency = call.accounts.find((a) => a.id === account)?.currency;
    if (!currency) throw new PlatformError('rejected', `the currency of ad account ${account} is unknown`);
    return currency;
  }

  /** Pinterest's lowest bid for an ad group of `spec` (`POST bid_floor`, one spec, one floor). */
  async function bidFloorOf(call: PlatformCall, account: string, spec: BidFloorSpec, sources: ParamSource[]) {
    const answer = await pin.post<{ bid_floors?: unknown[] }>(
      call,
      `${accountPath(account)}/bid_floor`,
      { bid_floor_specs: [spec] },
      sources,
    );
    const floor = answer?.bid_floors?.[0];
    if (typeof floor !== 'number' || !Number.isSafeInteger(floor) || floor < 0) {
      throw new PlatformError('rejected', `Pinterest answered no bid floor for ad account ${account}`);
    }
    return floor;
  }

  /** One ad group with its campaign's objective, its ads and its keywords. */
  async function complete(call: PlatformCall, adGroup: PinterestAdGroup) {
    const account = adGroup.ad_account_id;
    const [[campaign], ads, keywords] = await Promise.all([
      campaignsOf(call, account, [adGroup.campaign_id]),
      adsOf(call, account, adGroup.id),
      keywordsOf(call, account, adGroup.id),
    ]);
    return toAdSet(adGroup, {
      currency: currencyOf(call, account),
      objective: campaign?.objective_type,
      ads,
      keywords,
    });
  }

  /** The ad group among the customer's ad accounts (another account's answers 403, a missing one 404). */
  async function locate(call: PlatformCall, id: string): Promise<PinterestAdGroup | null> {
    if (!/^\d{1,18}$/.test(id)) return null;
    for (const { id: account } of call.accounts) {
      try {
        return await pin.get<PinterestAdGroup>(call, `${accountPath(account)}/ad_groups/${id}`);
      } catch (err) {
        if (!(err instanceof PlatformError) || (err.status !== 404 && err.status !== 403)) throw err;
      }
    }
    return null;
  }

  async function mustLocate(call: PlatformCall, id: string): Promise<PinterestAdGroup> {
    const found = await locate(call, id);
    if (!found) {
      throw new PlatformError(
        'rejected',
        `ad group ${id} is not in the customer's ad accounts`,
        undefined,
        404,
      );
    }
    return found;
  }

  /** `PATCH ad_groups` for one ad group, answered with the ad set as it is afterwards. */
  async function patch(call: PlatformCall, adGroup: PinterestAdGroup, changes: Record<string, string>) {
    const updated = await pin.writeOne<PinterestAdGroup>(
      call,
      'PATCH',
      `${accountPath(adGroup.ad_account_id)}/ad_groups`,
      { id: adGroup.id, ...changes },
      [
        ['name', 'name'],
        ['status', 'status'],
        ['archived', 'status'],
      ],
    );
    return complete(call, updated);
  }

  return {
    capabilities: {
      settings: ['DailyBudget', 'TotalBudget', 'Objective', 'Runtime'],
      targetings: ['GeoTargeting', 'KeywordTargeting'],
      adSetTargeting: true,
      budgetLevel: 'adset',
      objectiveLevel: 'campaign',
      // Pinterest cannot delete an ad group: DELETE archives it, and it stays readable as Archived.
      deletion: 'soft',
      createStatuses: ['Running', 'Active', 'Paused'],
      updateStatuses: ['Running', 'Active', 'Paused', 'Archived'],
      updates: NAME_AND_STATUS_UPDATES,
      channelKinds: ['Social'],
    },

    async listAdAccounts(call) {
      const accounts = await pin.all<PinterestAdAccount>(call, '/ad_accounts');
      return accounts.map(
        ({ id, name, currency }): AdAccount => ({ id, name, ...(currency ? { currency } : {}) }),
      );
    },

    async listCampaigns(call, advertiser) {
      return (await campaignsOf(call, advertiser.id)).map(toCampaign);
    },

    async listAdSets(call, advertiser) {
      // Ad groups first: when Pinterest throttles, nothing else is asked.
      const adGroups = await pin.all<PinterestAdGroup>(
        call,
        `${accountPath(advertiser.id)}/ad_groups`,
        ALL_STATUSES,
      );
      const [campaigns, ads] = await Promise.all([
        campaignsOf(call, advertiser.id),
        adsOf(call, advertiser.id),
      ]);
      const objectives = new Map(campaigns.map((c) => [c.id, c.objective_type]));
      return mapBounded(adGroups, KEYWORD_FAN_OUT, async (adGroup) =>
        toAdSet(adGroup, {
          currency: currencyOf(call, advertiser.id),
          objective: objectives.get(adGroup.campaign_id),
          ads: ads.filter((ad) => ad.ad_group_id === adGroup.id),
          keywords: await keywordsOf(call, advertiser.id, adGroup.id),
        }),
      );
    },

    async getAdSet(call, id) {
      const adGroup = await locate(call, id);
      return adGroup ? complete(call, adGroup) : null;
    },

    async createAdSet(call, input, account) {
      const path = accountPath(account.id);
      const [campaign] = await campaignsOf(call, account.id, [input.parentId]);
      if (!campaign)
        throw new PlatformError('rejected', `campaign ${input.parentId} was not found`, undefined, 404);
      const { item, sources, keywords, bidFloor } = adGroupCreate(input, account, campaign);
      if (bidFloor) item.bid_in_micro_currency = await bidFloorOf(call, account.id, bidFloor, sources);
      const adGroup = await pin.writeOne<PinterestAdGroup>(call, 'POST', `${path}/ad_groups`, item, sources);
      const created = keywords
        ? await pin.post<KeywordsAnswer>(
            call,
            `${path}/keywords`,
            {
              parent_id: adGroup.id,
              keywords: keywords.values.map((value) => ({ value, match_type: 'BROAD' })),
            },
            [['value', keywords.param]],
          )
        : { keywords: [] };
      const errors = created?.errors ?? [];
      if (keywords && errors.length > 0) {
        // An ad group cannot be deleted: archived, the half-made ad set never runs.
        await patch(call, adGroup, { status: 'ARCHIVED' });
        const reasons = errors.flatMap((e) => e.error_messages ?? []).join(' ');
        const message = `Pinterest refused the keywords, so ad group ${adGroup.id} was archived: ${reasons}`;
        throw new PlatformError('invalid', message, undefined, 200, undefined, keywords.param);
      }
      return toAdSet(adGroup, {
        currency: currencyOf(call, account.id),
        objective: campaign.objective_type,
        ads: [],
        keywords: created?.keywords ?? [],
      });
    },

    async updateAdSet(call, id, changes) {
      const adGroup = await mustLocate(call, id);
      return patch(call, adGroup, {
        ...(changes.name === undefined ? {} : { name: changes.name }),
        ...(changes.status === undefined || changes.status === 'Deleted'
          ? {}
          : { status: PINTEREST_STATUS[changes.status] }),
      });
    },

    /** Pinterest has no DELETE for ad groups: the ad group is archived, and the answer says Archived. */
    async deleteAdSet(call, id) {
      return patch(call, await mustLocate(call, id), { status: 'ARCHIVED' });
    },

    async listAds(call, adSetId) {
      const adGroup = await mustLocate(call, adSetId);
      return (await adsOf(call, adGroup.ad_account_id, adGroup.id)).map(toAd);
    },
  };
};
