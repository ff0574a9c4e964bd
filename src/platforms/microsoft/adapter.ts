import type { AdSet, AdSetChanges, NewAdSet } from '../../adsets/model.js';
import type { AdAccount } from '../../store/connections.js';
import {
  type AdapterFactory,
  NAME_AND_STATUS_UPDATES,
  type PlatformCall,
  PlatformInputError,
} from '../adapter.js';
import { PlatformError } from '../platform-error.js';
import { addAdGroupsBody, addKeywordsBody } from './ad-group-body.js';
import { type AccountApi, MicrosoftAdsApi } from './client.js';
import { partialFailure } from './errors.js';
import { channelKind, microsoftStatus, toAd, toAdSet, toCampaign } from './mapping.js';
import type { Ad, AdGroup, AdvertiserAccount, BatchError, Campaign, Keyword } from './model.js';

/** Campaigns of every type (a flags value): without it, Microsoft returns Search campaigns only. */
const ALL_CAMPAIGN_TYPES = 'Search,Shopping,DynamicSearchAds,Audience,Hotel,PerformanceMax,App';
/** Performance Max campaigns hold asset groups, not ad groups. */
const WITHOUT_AD_GROUPS = 'PerformanceMax';
/**
 * The campaign types whose ad groups hold keywords. Audience, Shopping and the others target by
 * audience, product or page, so their keywords are not asked for: one refused query would otherwise
 * fail the whole list (what Microsoft answers there is undocumented; the emulator refuses it).
 */
const WITH_KEYWORDS = ['Search'];
const AD_TYPES = [
  'Text',
  'Image',
  'Product',
  'AppInstall',
  'ExpandedText',
  'DynamicSearch',
  'ResponsiveAd',
  'ResponsiveSearch',
  'Hotel',
];
const ACCOUNTS_PAGE = 1000;
const isMicrosoftId = (value: string) => /^\d{1,19}$/.test(value);

/** An ad group found in the customer's accounts: where it is, and the API of its account. */
interface Located {
  api: AccountApi;
  account: AdAccount;
  campaign: Campaign;
  adGroup: AdGroup;
}

/**
 * Maps Microsoft Advertising's REST API (ad groups under campaigns, daily budgets on the campaign,
 * keywords as their own entities) to adlink's model.
 */
export const microsoftAdapter: AdapterFactory = ({ apiBaseUrl, apiUrls }, { timeoutMs }) => {
  const customerBase = apiUrls?.customerManagement;
  if (!customerBase) throw new Error('the microsoft catalog entry needs apiUrls.customerManagement');
  const ms = new MicrosoftAdsApi(apiBaseUrl, customerBase, timeoutMs);

  const campaignsOf = async (api: AccountApi) =>
    (
      await api.request<{ Campaigns?: Campaign[] }>('POST', '/Campaigns/QueryByAccountId', {
        AccountId: api.accountId,
        CampaignType: ALL_CAMPAIGN_TYPES,
      })
    ).Campaigns ?? [];

  /** One ad group with its keywords and ads, as adlink shows it. */
  async function withParts(
    api: AccountApi,
    account: AdAccount,
    campaign: Campaign,
    adGroup: AdGroup,
  ): Promise<AdSet> {
    const AdGroupId = adGroup.Id;
    const keywords = WITH_KEYWORDS.includes(campaign.CampaignType ?? '')
      ? ((await api.request<{ Keywords?: Keyword[] }>('POST', '/Keywords/QueryByAdGroupId', { AdGroupId }))
          .Keywords ?? [])
      : [];
    const ads = await adsOf(api, AdGroupId ?? '');
    return toAdSet({
      accountId: account.id,
      currency: account.currency ?? '',
      campaign,
      adGroup,
      keywords,
      ads,
    });
  }

  const adsOf = async (api: AccountApi, AdGroupId: string) =>
    (await api.request<{ Ads?: Ad[] }>('POST', '/Ads/QueryByAdGroupId', { AdGroupId, AdTypes: AD_TYPES }))
      .Ads ?? [];

  /**
   * Where an ad group is: Microsoft reads ad groups by id only within a campaign, so each campaign of
   * the customer's accounts is asked in turn.
   */
  async function locate(call: PlatformCall, id: string): Promise<Located | null> {
    if (!isMicrosoftId(id)) return null;
    for (const account of call.accounts) {
      const api = await ms.account(call, account.id);
      for (const campaign of await campaignsOf(api)) {
        if (campaign.CampaignType === WITHOUT_AD_GROUPS) continue;
        const { AdGroups } = await api.request<{ AdGroups?: (AdGroup | null)[] }>(
          'POST',
          '/AdGroups/QueryByIds',
          {
            CampaignId: campaign.Id,
            AdGroupIds: [id],
          },
        );
        const adGroup = AdGroups?.[0];
        if (adGroup) return { api, account, campaign, adGroup };
      }
    }
    return null;
  }

  async function mustLocate(call: PlatformCall, id: string): Promise<Located> {
    const found = await locate(call, id);
    if (!found)
      throw new PlatformInputError(
        'id',
        `No Microsoft Advertising ad group ${id} in the connected accounts.`,
      );
    return found;
  }

  const read = async (call: PlatformCall, id: string) => {
    const { api, account, campaign, adGroup } = await mustLocate(call, id);
    return withParts(api, account, campaign, adGroup);
  };

  /** A batch operation's answer, refused where it carries PartialErrors. */
  const accepted = <T extends { PartialErrors?: BatchError[] | null }>(answer: T) => {
    const failure = partialFailure(answer.PartialErrors);
    if (failure) throw failure;
    return answer;
  };

  return {
    capabilities: {
      settings: ['DailyBudget', 'Objective'],
      targetings: ['KeywordTargeting'],
      adSetTargeting: true,
      budgetLevel: 'campaign',
      objectiveLevel: 'campaign',
      deletion: 'hard',
      createStatuses: ['Running', 'Active', 'Paused'],
      updateStatuses: ['Running', 'Active', 'Paused'],
      updates: NAME_AND_STATUS_UPDATES,
      channelKinds: ['Search', 'Display'],
    },

    /** The signed-in user's accounts (Customer Management: GetUser, then SearchAccounts by user, paged). */
    async listAdAccounts(call) {
      const { User } = await ms.customer<{ User?: { Id?: string } }>(call, '/User/Query', { UserId: null });
      if (!User?.Id) throw new PlatformError('rejected', 'Microsoft Advertising answered no user');
      const accounts: AdvertiserAccount[] = [];
      for (let index = 0; ; index++) {
        const { Accounts } = await ms.customer<{ Accounts?: AdvertiserAccount[] }>(call, '/Accounts/Search', {
          Predicates: [{ Field: 'UserId', Operator: 'Equals', Value: User.Id }],
          PageInfo: { Index: index, Size: ACCOUNTS_PAGE },
        });
        accounts.push(...(Accounts ?? []));
        if ((Accounts ?? []).length < ACCOUNTS_PAGE) break;
      }
      return accounts.map((a) => ({
        id: a.Id ?? '',
        name: a.Name ?? a.Id ?? '',
        currency: a.CurrencyCode ?? '',
      }));
    },

    async listCampaigns(call, advertiser) {
      const api = await ms.account(call, advertiser.id);
      return (await campaignsOf(api)).map((c) => toCampaign(advertiser.id, c));
    },

    /** Campaigns, then every ad group of each (one answer each: Microsoft does not page them). */
    async listAdSets(call, advertiser) {
      const api = await ms.account(call, advertiser.id);
      const adSets: AdSet[] = [];
      for (const campaign of await campaignsOf(api)) {
        if (campaign.CampaignType === WITHOUT_AD_GROUPS) continue;
        const { AdGroups } = await api.request<{ AdGroups?: AdGroup[] }>(
          'POST',
          '/AdGroups/QueryByCampaignId',
          {
            CampaignId: campaign.Id,
          },
        );
        for (const adGroup of AdGroups ?? [])
          adSets.push(await withParts(api, advertiser, campaign, adGroup));
      }
      return adSets;
    },

    async getAdSet(call, id) {
      const found = await locate(call, id);
      return found ? withParts(found.api, found.account, found.campaign, found.adGroup) : null;
    },

    async createAdSet(call, input: NewAdSet, account) {
      if (!isMicrosoftId(input.parentId))
        throw new PlatformInputError('parentId', 'Microsoft campaign ids are digits.');
      const api = await ms.account(call, account.id);
      const { Campaigns } = await api.request<{ Campaigns?: (Campaign | null)[] }>(
        'POST',
        '/Campaigns/QueryByIds',
        {
          AccountId: account.id,
          CampaignIds: [input.parentId],
          CampaignType: ALL_CAMPAIGN_TYPES,
        },
      );
      const campaign = Campaigns?.[0];
      if (!campaign)
        throw new PlatformInputError('parentId', `No campaign ${input.parentId} in account ${account.id}.`);
      if (channelKind(campaign.CampaignType) !== input.channelKind) {
        throw new PlatformInputError(
          'channelKind',
          `Ad groups of campaign ${input.parentId} run on ${channelKind(campaign.CampaignType)}, the campaign's channel.`,
        );
      }
      const { AdGroupIds } = accepted(
        await api.request<{ AdGroupIds?: (string | null)[]; PartialErrors?: BatchError[] }>(
          'POST',
          '/AdGroups',
          addAdGroupsBody(input, campaign),
        ),
      );
      const id = AdGroupIds?.[0];
      if (!id)
        throw new PlatformError('rejected', 'Microsoft Advertising answered an add without an ad group id');
      await addKeywords(api, campaign, id, input);
      return read({ ...call, accounts: [account] }, id);
    },

    async updateAdSet(call, id, changes: AdSetChanges) {
      const { api, campaign } = await mustLocate(call, id);
      // Fields left out of an update keep their values.
      accepted(
        await api.request<{ PartialErrors?: BatchError[] }>('PUT', '/AdGroups', {
          CampaignId: campaign.Id,
          AdGroups: [
            {
              Id: id,
              ...(changes.name === undefined ? {} : { Name: changes.name }),
              ...(changes.status === undefined ? {} : { Status: microsoftStatus(changes.status) }),
            },
          ],
        }),
      );
      return read(call, id);
    },

    /** DeleteAdGroups is final: the ad group is gone from every read, so the answer is built here. */
    async deleteAdSet(call, id) {
      const { api, account, campaign, adGroup } = await mustLocate(call, id);
      const current = await withParts(api, account, campaign, adGroup);
      accepted(
        await api.request<{ PartialErrors?: BatchError[] }>('DELETE', '/AdGroups', {
          CampaignId: campaign.Id,
          AdGroupIds: [id],
        }),
      );
      return { ...current, status: 'Deleted' };
    },

    async listAds(call, adSetId) {
      const { api, campaign } = await mustLocate(call, adSetId);
      return (await adsOf(api, adSetId)).map((ad) => toAd(ad, campaign));
    },
  };

  /**
   * The keywords of a new ad group, as Keyword entities. AddKeywords is not atomic with AddAdGroups:
   * when Microsoft refuses a keyword, the new ad group is deleted again so nothing half-made remains.
   */
  async function addKeywords(api: AccountApi, campaign: Campaign, adGroupId: string, input: NewAdSet) {
    const { body, params } = addKeywordsBody(input, adGroupId);
    if (params.length === 0) return;
    const answer = await api.request<{ PartialErrors?: BatchError[] }>('POST', '/Keywords', body);
    const failure = partialFailure(answer.PartialErrors, (index) => params[index]);
    if (!failure) return;
    await api.request('DELETE', '/AdGroups', { CampaignId: campaign.Id, AdGroupIds: [adGroupId] });
    throw failure;
  }
};
