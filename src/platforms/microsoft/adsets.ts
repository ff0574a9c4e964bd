import { findRuntime } from '../../adsets/instants.js';
import type { AdSet, AdSetChanges, NewAdSet } from '../../adsets/model.js';
import type { AdSetAdapter } from '../../adsets/port.js';
import type { PlatformCall } from '../../ports/platform-call.js';
import { PlatformError, PlatformInputError } from '../../ports/platform-error.js';
import type { AdAccount } from '../../store/connections.js';
import { addAdGroupsBody, keywordChanges, keywordsOf } from './adset-body.js';
import { adGroupDateChanges } from './adset-schedule.js';
import {
  addNewAudiences,
  audienceCriterionsIn,
  audienceTargetSetting,
  replaceAudiences,
  targetsAudiences,
} from './audience-criterions.js';
import { accepted, campaignById, campaignsOf, isMicrosoftId } from './campaign-reads.js';
import type { AccountApi, MicrosoftAdsApi } from './client.js';
import { addNewKeywords, keywordsIn, replaceKeywords } from './keywords.js';
import { channelKind, microsoftStatus, toAdSet } from './mapping.js';
import type { AdGroup, BatchError, Campaign } from './model.js';
import { ianaZone } from './time-zones.js';

/** Performance Max campaigns hold asset groups, not ad groups. */
const WITHOUT_AD_GROUPS = 'PerformanceMax';
/**
 * The campaign types whose ad groups hold keywords. Audience, Shopping and the others target by
 * audience, product or page, so their keywords are not asked for: one refused query would otherwise
 * fail the whole list (what Microsoft answers there is undocumented; the emulator refuses it).
 */
const WITH_KEYWORDS = ['Search'];
/** The IANA zone of an ad group's dates: its campaign's time zone, else its account's. */
const zoneOf = (api: AccountApi, campaign: Campaign) => ianaZone(campaign.TimeZone ?? api.timeZone);

/** Microsoft's refusals of an ad group's dates, as the parameters of the Runtime at `settings[i]`. */
const dateParams = (i: number | undefined): Record<string, string | undefined> =>
  i === undefined
    ? {}
    : {
        CampaignServiceAdGroupStartDateLessThanCurrentDate: `settings[${i}].start`,
        CampaignServiceAdGroupInvalidStartDate: `settings[${i}].start`,
        CampaignServiceAdGroupStartDateCannotBeEarlierThanSubmitDate: `settings[${i}].start`,
        CampaignServiceAdGroupEndDateShouldBeAfterStartDate: `settings[${i}].end`,
        CampaignServiceAdGroupInvalidEndDate: `settings[${i}].end`,
      };

/** An ad group found in the customer's accounts: where it is, and the API of its account. */
interface Located {
  api: AccountApi;
  account: AdAccount;
  campaign: Campaign;
  adGroup: AdGroup;
}

/** Microsoft Advertising's ad groups (under campaigns, keywords their own entities) as adlink's ad sets. */
export function microsoftAdSets(ms: MicrosoftAdsApi): AdSetAdapter {
  /** One ad group with its keywords, as adlink shows it. */
  async function withParts(
    api: AccountApi,
    account: AdAccount,
    campaign: Campaign,
    adGroup: AdGroup,
  ): Promise<AdSet> {
    const keywords = WITH_KEYWORDS.includes(campaign.CampaignType ?? '')
      ? await keywordsIn(api, adGroup.Id ?? '')
      : [];
    const audiences = await audienceCriterionsIn(api, adGroup.Id ?? '');
    return toAdSet({
      accountId: account.id,
      currency: account.currency ?? '',
      zone: zoneOf(api, campaign),
      campaign,
      adGroup,
      keywords,
      audiences,
    });
  }

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

  return {
    capabilities: {
      settings: ['DailyBudget', 'Objective', 'Runtime'],
      targetings: ['KeywordTargeting', 'AudienceTargeting'],
      adSetTargeting: true,
      budgetLevel: 'campaign',
      objectiveLevel: 'campaign',
      deletion: 'hard',
      createStatuses: ['Running', 'Active', 'Paused'],
      updateStatuses: ['Running', 'Active', 'Paused'],
      // Budgets are the campaign's (change them there); the ad group's dates, keywords and lists change here.
      updates: {
        settings: ['Runtime'],
        targetings: ['KeywordTargeting', 'AudienceTargeting'],
        budgetKindChange: false,
      },
      channelKinds: ['Search', 'Display'],
    },

    /** Campaigns, then every ad group of each (one answer each: Microsoft does not page them). */
    async list(call, advertiser) {
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

    async get(call, id) {
      const found = await locate(call, id);
      return found ? withParts(found.api, found.account, found.campaign, found.adGroup) : null;
    },

    async create(call, input: NewAdSet, account) {
      if (!isMicrosoftId(input.parentId))
        throw new PlatformInputError('parentId', 'Microsoft campaign ids are digits.');
      const api = await ms.account(call, account.id);
      const campaign = await campaignById(api, input.parentId);
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
          addAdGroupsBody(input, campaign, zoneOf(api, campaign)),
        ),
        dateParams(findRuntime(input.settings)?.i),
      );
      const id = AdGroupIds?.[0];
      if (!id)
        throw new PlatformError('rejected', 'Microsoft Advertising answered an add without an ad group id');
      await addNewKeywords(api, campaign, id, keywordsOf(input.targetings));
      await addNewAudiences(api, id, input.targetings).catch(async (err) => {
        await api.request('DELETE', '/AdGroups', { CampaignId: campaign.Id, AdGroupIds: [id] });
        throw err;
      });
      return read({ ...call, accounts: [account] }, id);
    },

    /**
     * UpdateAdGroups with what changed of name, status and dates (fields left out keep their values),
     * then the keywords (see replaceKeywords) and customer lists (see replaceAudiences); each kind is
     * its own entities, so a change of one leaves the others as they are.
     */
    async update(call, id, changes: AdSetChanges) {
      const { api, campaign, adGroup } = await mustLocate(call, id);
      const found = changes.settings && findRuntime(changes.settings);
      const update: AdGroup = {
        ...(changes.name === undefined ? {} : { Name: changes.name }),
        ...(changes.status === undefined ? {} : { Status: microsoftStatus(changes.status) }),
        ...(found
          ? adGroupDateChanges(found.runtime, found.i, adGroup, zoneOf(api, campaign), campaign.TimeZone)
          : {}),
      };
      if (Object.keys(update).length > 0) {
        accepted(
          await api.request<{ PartialErrors?: BatchError[] }>('PUT', '/AdGroups', {
            CampaignId: campaign.Id,
            AdGroups: [{ Id: id, ...update }],
          }),
          dateParams(found?.i),
        );
      }
      for (const [i, targeting] of (changes.targetings ?? []).entries()) {
        if (targeting.kind === 'AudienceTargeting') {
          await replaceAudiences(api, id, targeting, i);
          // After the lists change, so the ad group never targets lists it does not hold yet.
          const includes = targeting.include.length > 0;
          if (targetsAudiences(adGroup) !== includes) {
            accepted(
              await api.request<{ PartialErrors?: BatchError[] }>('PUT', '/AdGroups', {
                CampaignId: campaign.Id,
                AdGroups: [{ Id: id, Settings: audienceTargetSetting(adGroup, includes) }],
              }),
            );
          }
          continue;
        }
        if (!WITH_KEYWORDS.includes(campaign.CampaignType ?? '')) {
          throw new PlatformInputError(
            `targetings[${i}]`,
            `Ad groups of ${campaign.CampaignType} campaigns have no keywords.`,
          );
        }
        await replaceKeywords(api, id, keywordChanges(await keywordsIn(api, id), targeting, i));
      }
      return read(call, id);
    },

    /** DeleteAdGroups is final: the ad group is gone from every read, so the answer is built here. */
    async delete(call, id) {
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
  };
}
