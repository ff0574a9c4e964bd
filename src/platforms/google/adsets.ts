import type { AdSet } from '../../adsets/model.js';
import type { AdSetAdapter } from '../../adsets/port.js';
import type { PlatformCall } from '../../ports/platform-call.js';
import { PlatformInputError } from '../../ports/platform-error.js';
import { adGroupCreate, adGroupName, adGroupUpdate } from './adset-body.js';
import { type TaggedOperation, taggedParam } from './campaign-body.js';
import type { GoogleAdsApi } from './client.js';
import { keywordReplacement } from './keyword-changes.js';
import { channelKind, type GoogleRow, toAdSet } from './mapping.js';
import { adGroupsQuery, campaignsQuery, isGoogleId, keywordsQuery } from './queries.js';

const byAdGroup = (rows: GoogleRow[]) => {
  const groups = new Map<string, GoogleRow[]>();
  for (const row of rows) {
    const id = row.adGroup?.id ?? '';
    groups.set(id, [...(groups.get(id) ?? []), row]);
  }
  return groups;
};

/** Google Ads ad groups (under campaigns, which hold the budgets) as adlink's ad sets. */
export function googleAdSets(api: GoogleAdsApi): AdSetAdapter {
  /** Ad groups of one customer (or one of them) with their campaigns' budgets and keywords. */
  async function readAdSets(call: PlatformCall, customerId: string, adGroupId?: string): Promise<AdSet[]> {
    // One query after another: a throttled account is not asked three times at once.
    const adGroups = await api.search(call, customerId, adGroupsQuery(adGroupId));
    if (adGroups.length === 0) return [];
    const onlyCampaign = adGroupId ? adGroups[0]?.campaign?.id : undefined;
    const campaigns = await api.search(call, customerId, campaignsQuery(onlyCampaign));
    const keywords = byAdGroup(await api.search(call, customerId, keywordsQuery(adGroupId)));
    return adGroups.map((adGroup) => {
      const id = adGroup.adGroup?.id ?? '';
      return toAdSet(customerId, {
        adGroup,
        campaign: campaigns.find((c) => c.campaign?.id === adGroup.campaign?.id),
        keywords: keywords.get(id) ?? [],
      });
    });
  }

  /** Ad group ids are unique per customer: the first of the customer's accounts that has it. */
  async function locate(call: PlatformCall, id: string): Promise<AdSet | null> {
    if (!isGoogleId(id)) return null;
    for (const account of call.accounts) {
      const [found] = await readAdSets(call, account.id, id);
      if (found) return found;
    }
    return null;
  }

  async function mustLocate(call: PlatformCall, id: string): Promise<AdSet> {
    const found = await locate(call, id);
    if (!found) throw new PlatformInputError('id', `No Google Ads ad group ${id} in the connected accounts.`);
    return found;
  }

  return {
    capabilities: {
      settings: ['DailyBudget', 'TotalBudget', 'Objective'],
      targetings: ['KeywordTargeting'],
      adSetTargeting: true,
      budgetLevel: 'campaign',
      objectiveLevel: 'campaign',
      deletion: 'soft',
      createStatuses: ['Running', 'Active', 'Paused'],
      updateStatuses: ['Running', 'Active', 'Paused'],
      // Budgets and dates are the campaign's (PUT /v1/google/campaigns/:id); keywords are the ad group's.
      updates: { settings: [], targetings: ['KeywordTargeting'], budgetKindChange: false },
      channelKinds: ['Search', 'Display', 'Video'],
    },

    list: (call, advertiser) => readAdSets(call, advertiser.id),

    get: locate,

    async create(call, input, account) {
      if (!isGoogleId(input.parentId))
        throw new PlatformInputError('parentId', 'Google campaign ids are digits.');
      const [campaign] = await api.search(call, account.id, campaignsQuery(input.parentId));
      const channel = campaign?.campaign?.advertisingChannelType;
      if (channelKind(channel) !== input.channelKind) {
        throw new PlatformInputError(
          'channelKind',
          `Ad groups of campaign ${input.parentId} run on ${channelKind(channel)}, the campaign's channel.`,
        );
      }
      const { body, paramFor } = adGroupCreate(account.id, input, channel);
      const answer = await api.mutate<{
        mutateOperationResponses?: { adGroupResult?: { resourceName?: string } }[];
      }>(call, account.id, 'googleAds:mutate', body, paramFor);
      const name = answer?.mutateOperationResponses?.[0]?.adGroupResult?.resourceName ?? '';
      return mustLocate({ ...call, accounts: [account] }, name.slice(name.lastIndexOf('/') + 1));
    },

    /** Name, status and keywords in one atomic mutate: the ad group update, then keyword removes and creates. */
    async update(call, id, changes) {
      const current = await mustLocate(call, id);
      const name = adGroupName(current.advertiser, id);
      const operations: TaggedOperation[] = [];
      const own = adGroupUpdate(name, changes);
      if (own) operations.push(own);
      for (const [i, targeting] of (changes.targetings ?? []).entries()) {
        if (targeting.kind !== 'KeywordTargeting') continue;
        const criteria = await api.search(call, current.advertiser, keywordsQuery(id));
        operations.push(...keywordReplacement(name, criteria, targeting.keywords, i));
      }
      if (operations.length === 0) return current;
      await api.mutate(
        call,
        current.advertiser,
        'googleAds:mutate',
        { mutateOperations: operations.map((o) => o.operation) },
        taggedParam(operations),
      );
      return mustLocate(call, id);
    },

    /** `remove` sets REMOVED for good; the ad group stays readable in GAQL, so deletion is soft. */
    async delete(call, id) {
      const current = await mustLocate(call, id);
      if (current.status !== 'Deleted') {
        await api.mutate(call, current.advertiser, 'adGroups:mutate', {
          operations: [{ remove: adGroupName(current.advertiser, id) }],
        });
      }
      return mustLocate(call, id);
    },
  };
}
