import type { AdSet, AdSetChanges, NewAdSet } from '../../adsets/model.js';
import type { AdapterFactory } from '../../ports/platform-adapter.js';
import type { PlatformCall } from '../../ports/platform-call.js';
import { PlatformInputError } from '../../ports/platform-error.js';
import type { AdAccount } from '../../store/connections.js';
import { type TaggedOperation, taggedParam } from './campaign-body.js';
import { googleCampaigns } from './campaigns.js';
import { GoogleAdsApi } from './client.js';
import { adGroupParam, type FieldPathElement } from './errors.js';
import { keywordCreate, keywordReplacement } from './keyword-changes.js';
import { channelKind, type GoogleRow, googleStatus, toAd, toAdSet, toCampaign } from './mapping.js';
import {
  adGroupsQuery,
  adsQuery,
  CLIENTS_QUERY,
  CUSTOMER_QUERY,
  campaignsQuery,
  isGoogleId,
  keywordsQuery,
} from './queries.js';
import { googleReports } from './reports.js';

/** Ad group types Google wants named on create, per campaign channel. */
const AD_GROUP_TYPES: Record<string, string> = { SEARCH: 'SEARCH_STANDARD', DISPLAY: 'DISPLAY_STANDARD' };
/** The temporary id that lets the keywords of a new ad group ride in the same atomic mutate. */
const NEW_AD_GROUP = '-1';

const byAdGroup = (rows: GoogleRow[]) => {
  const groups = new Map<string, GoogleRow[]>();
  for (const row of rows) {
    const id = row.adGroup?.id ?? '';
    groups.set(id, [...(groups.get(id) ?? []), row]);
  }
  return groups;
};

/** Maps the Google Ads REST API (ad groups under campaigns, budgets on the campaign) to adlink's model. */
export const googleAdapter: AdapterFactory = ({ apiBaseUrl }, { timeoutMs }) => {
  const api = new GoogleAdsApi(apiBaseUrl, timeoutMs);

  /** Ad groups of one customer (or one of them) with their campaigns' budgets, ads and keywords. */
  async function readAdSets(call: PlatformCall, customerId: string, adGroupId?: string): Promise<AdSet[]> {
    // One query after another: a throttled account is not asked four times at once.
    const adGroups = await api.search(call, customerId, adGroupsQuery(adGroupId));
    if (adGroups.length === 0) return [];
    const onlyCampaign = adGroupId ? adGroups[0]?.campaign?.id : undefined;
    const campaigns = await api.search(call, customerId, campaignsQuery(onlyCampaign));
    const ads = byAdGroup(await api.search(call, customerId, adsQuery(adGroupId)));
    const keywords = byAdGroup(await api.search(call, customerId, keywordsQuery(adGroupId)));
    return adGroups.map((adGroup) => {
      const id = adGroup.adGroup?.id ?? '';
      return toAdSet(customerId, {
        adGroup,
        campaign: campaigns.find((c) => c.campaign?.id === adGroup.campaign?.id),
        ads: ads.get(id) ?? [],
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

  const adGroupName = (customerId: string, id: string) => `customers/${customerId}/adGroups/${id}`;

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

    campaigns: googleCampaigns(api),
    reports: googleReports(api),

    async listAdAccounts(call) {
      const accounts = new Map<string, AdAccount>();
      const managers: string[] = [];
      for (const id of await api.accessibleCustomers(call)) {
        const [row] = await api.search(call, id, CUSTOMER_QUERY);
        if (!row?.customer) continue;
        if (row.customer.manager === true) managers.push(id);
        else
          accounts.set(id, {
            id,
            name: row.customer.descriptiveName ?? id,
            currency: row.customer.currencyCode ?? '',
          });
      }
      // A manager account holds other accounts, not campaigns: its client accounts are offered, each
      // called through the manager (`login-customer-id`) unless the user reaches it directly.
      for (const manager of managers) {
        for (const { customerClient: client } of await api.search(call, manager, CLIENTS_QUERY, manager)) {
          if (!client?.id || accounts.has(client.id)) continue;
          accounts.set(client.id, {
            id: client.id,
            name: client.descriptiveName ?? client.id,
            currency: client.currencyCode ?? '',
            manager_id: manager,
          });
        }
      }
      return [...accounts.values()];
    },

    async listCampaigns(call, advertiser) {
      const rows = await api.search(call, advertiser.id, campaignsQuery());
      return rows.map((row) => toCampaign(advertiser.id, row));
    },

    listAdSets: (call, advertiser) => readAdSets(call, advertiser.id),

    getAdSet: locate,

    async createAdSet(call, input: NewAdSet, account) {
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
      const keywords = input.targetings.flatMap((t, i) =>
        t.kind === 'KeywordTargeting'
          ? t.keywords.map((text, k) => ({ text, param: `targetings[${i}].keywords[${k}]` }))
          : [],
      );
      const temporary = adGroupName(account.id, NEW_AD_GROUP);
      const type = AD_GROUP_TYPES[channel ?? ''];
      const paramFor = (path: FieldPathElement[]) => {
        const index = path[0]?.index ?? 0;
        return index === 0 ? adGroupParam(path) : keywords[index - 1]?.param;
      };
      const answer = await api.mutate<{
        mutateOperationResponses?: { adGroupResult?: { resourceName?: string } }[];
      }>(
        call,
        account.id,
        'googleAds:mutate',
        {
          mutateOperations: [
            {
              adGroupOperation: {
                create: {
                  resourceName: temporary,
                  name: input.name,
                  status: googleStatus(input.status),
                  campaign: `customers/${account.id}/campaigns/${input.parentId}`,
                  ...(type ? { type } : {}),
                },
              },
            },
            ...keywords.map(({ text }) => keywordCreate(temporary, text)),
          ],
        },
        paramFor,
      );
      const name = answer?.mutateOperationResponses?.[0]?.adGroupResult?.resourceName ?? '';
      return mustLocate({ ...call, accounts: [account] }, name.slice(name.lastIndexOf('/') + 1));
    },

    /** Name, status and keywords in one atomic mutate: the ad group update, then keyword removes and creates. */
    async updateAdSet(call, id, changes: AdSetChanges) {
      const current = await mustLocate(call, id);
      const name = adGroupName(current.advertiser, id);
      const update = {
        ...(changes.name === undefined ? {} : { name: changes.name }),
        ...(changes.status === undefined ? {} : { status: googleStatus(changes.status) }),
      };
      const operations: TaggedOperation[] = [];
      if (Object.keys(update).length > 0) {
        operations.push({
          operation: {
            adGroupOperation: {
              update: { resourceName: name, ...update },
              updateMask: Object.keys(update).join(','),
            },
          },
          params: { name: 'name', status: 'status' },
          fallback: 'id',
        });
      }
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
    async deleteAdSet(call, id) {
      const current = await mustLocate(call, id);
      if (current.status !== 'Deleted') {
        await api.mutate(call, current.advertiser, 'adGroups:mutate', {
          operations: [{ remove: adGroupName(current.advertiser, id) }],
        });
      }
      return mustLocate(call, id);
    },

    async listAds(call, adSetId) {
      const current = await mustLocate(call, adSetId);
      const rows = await api.search(call, current.advertiser, adsQuery(adSetId));
      return rows.map(toAd);
    },
  };
};
