import type { AdSet } from '../../adsets/model.js';
import type { AdSetAdapter } from '../../adsets/port.js';
import type { PlatformCall } from '../../ports/platform-call.js';
import { PlatformError } from '../../ports/platform-error.js';
import { accountPath, inSomeAccount } from './accounts.js';
import { createBody, createParams } from './adset-body.js';
import type { LinkedInClient } from './client.js';
import { toAd, toAdSet } from './mapping.js';
import {
  CAMPAIGN_STATUSES,
  type Campaign,
  type CampaignGroup,
  type Creative,
  type AdAccount as LinkedInAccount,
} from './model.js';
import { partialUpdate } from './patch.js';
import { campaignUrn, restliQuery, urnId } from './restli.js';

/** Campaigns per creatives lookup: keeps the `campaigns=List(…)` query well under LinkedIn's URL limit. */
const CREATIVE_LOOKUP_BATCH = 40;
/** Every status but REMOVED: deleted campaigns stay listed (as Deleted) while LinkedIn keeps them. */
const LISTED_STATUSES = CAMPAIGN_STATUSES.filter((s) => s !== 'REMOVED');

/** LinkedIn campaigns (`adCampaigns`, under campaign groups) with their creatives, as adlink's ad sets. */
export function linkedinAdSets(li: LinkedInClient): AdSetAdapter {
  const campaignPath = (account: string, id: string) =>
    `${accountPath(account)}/adCampaigns/${encodeURIComponent(id)}`;

  async function creativesOf(
    call: PlatformCall,
    account: string,
    campaignIds: string[],
  ): Promise<Creative[]> {
    const creatives: Creative[] = [];
    for (let i = 0; i < campaignIds.length; i += CREATIVE_LOOKUP_BATCH) {
      const batch = campaignIds.slice(i, i + CREATIVE_LOOKUP_BATCH).map(campaignUrn);
      const query = restliQuery({ q: 'criteria', campaigns: batch });
      creatives.push(...(await li.allPages<Creative>(call, `${accountPath(account)}/creatives?${query}`)));
    }
    return creatives;
  }

  async function withCreatives(call: PlatformCall, account: string, campaigns: Campaign[]): Promise<AdSet[]> {
    const creatives = await creativesOf(
      call,
      account,
      campaigns.map((c) => String(c.id)),
    );
    return campaigns.map((c) =>
      toAdSet(
        c,
        creatives.filter((cr) => urnId(cr.campaign) === String(c.id)),
      ),
    );
  }

  /** The campaign and the account it is in, among the customer's accounts; null when in none. */
  async function locate(
    call: PlatformCall,
    id: string,
  ): Promise<{ account: string; campaign: Campaign } | null> {
    const located = await inSomeAccount(call, id, (account) =>
      li.get<Campaign>(call, campaignPath(account, id)),
    );
    return located && { account: located.account, campaign: located.found };
  }

  async function mustLocate(call: PlatformCall, id: string) {
    const found = await locate(call, id);
    if (!found)
      throw new PlatformError(
        'rejected',
        `campaign ${id} is not in the customer's ad accounts`,
        undefined,
        404,
      );
    return found;
  }

  const read = async (call: PlatformCall, account: string, id: string) => {
    const campaign = await li.get<Campaign>(call, campaignPath(account, id));
    return (await withCreatives(call, account, [campaign]))[0]!;
  };

  return {
    capabilities: {
      settings: ['DailyBudget', 'TotalBudget', 'Objective', 'Runtime'],
      targetings: [],
      adSetTargeting: true,
      budgetLevel: 'adset',
      objectiveLevel: 'campaign',
      deletion: 'soft',
      createStatuses: ['Running', 'Active', 'Paused'],
      updateStatuses: ['Running', 'Active', 'Paused', 'Archived'],
      // A campaign keeps its pacing: a daily budget stays daily, a lifetime one lifetime.
      updates: {
        settings: ['DailyBudget', 'TotalBudget', 'Runtime'],
        targetings: [],
        budgetKindChange: false,
      },
      channelKinds: ['Social'],
    },

    async list(call, advertiser) {
      const query = restliQuery({ q: 'search', search: { status: { values: LISTED_STATUSES } } });
      const campaigns = await li.allPages<Campaign>(
        call,
        `${accountPath(advertiser.id)}/adCampaigns?${query}`,
      );
      return withCreatives(call, advertiser.id, campaigns);
    },

    async get(call, id) {
      const found = await locate(call, id);
      return found ? (await withCreatives(call, found.account, [found.campaign]))[0]! : null;
    },

    async create(call, input, account) {
      const [group, linkedInAccount] = await Promise.all([
        li.get<CampaignGroup>(
          call,
          `${accountPath(account.id)}/adCampaignGroups/${encodeURIComponent(input.parentId)}`,
        ),
        li.get<LinkedInAccount>(call, accountPath(account.id)),
      ]);
      const created = await li.request(call, `${accountPath(account.id)}/adCampaigns`, {
        method: 'POST',
        restliMethod: 'create',
        body: createBody(input, account, {
          objective: group.objectiveType ?? null,
          reference: linkedInAccount.reference,
        }),
        param: createParams(input),
      });
      if (!created.createdId)
        throw new PlatformError('rejected', 'LinkedIn answered a create without x-restli-id');
      return read(call, account.id, urnId(created.createdId));
    },

    async update(call, id, changes) {
      const { account, campaign } = await mustLocate(call, id);
      const adAccount = call.accounts.find((a) => a.id === account)!;
      const { body, param } = partialUpdate(changes, campaign, adAccount);
      await li.request(call, campaignPath(account, id), {
        method: 'POST',
        restliMethod: 'partial_update',
        body,
        param,
      });
      return read(call, account, id);
    },

    /**
     * LinkedIn deletes a DRAFT campaign outright and moves any other to PENDING_DELETION; either way
     * it is Deleted, and the answer says what LinkedIn did by reading the campaign back.
     */
    async delete(call, id) {
      const { account, campaign } = await mustLocate(call, id);
      await li.request(call, campaignPath(account, id), { method: 'DELETE', restliMethod: 'delete' });
      const after = await locate(call, id);
      if (after) return (await withCreatives(call, account, [after.campaign]))[0]!;
      return { ...toAdSet(campaign, []), status: 'Deleted' };
    },

    async listAds(call, adSetId) {
      const { account } = await mustLocate(call, adSetId);
      return (await creativesOf(call, account, [adSetId])).map(toAd);
    },
  };
}
