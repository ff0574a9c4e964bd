import type { AdSetAdapter } from '../../adsets/port.js';
import type { PlatformCall } from '../../ports/platform-call.js';
import { PlatformError } from '../../ports/platform-error.js';
import { accountPath, inSomeAccount } from './accounts.js';
import { createBody, createParams } from './adset-body.js';
import type { LinkedInClient } from './client.js';
import { toAdSet } from './mapping.js';
import {
  CAMPAIGN_STATUSES,
  type Campaign,
  type CampaignGroup,
  type AdAccount as LinkedInAccount,
} from './model.js';
import { partialUpdate } from './patch.js';
import { restliQuery, urnId } from './restli.js';

/** Every status but REMOVED: deleted campaigns stay listed (as Deleted) while LinkedIn keeps them. */
const LISTED_STATUSES = CAMPAIGN_STATUSES.filter((s) => s !== 'REMOVED');

/** LinkedIn campaigns (`adCampaigns`, under campaign groups) as adlink's ad sets; their creatives are the ads adapter's. */
export function linkedinAdSets(li: LinkedInClient): AdSetAdapter {
  const campaignPath = (account: string, id: string) =>
    `${accountPath(account)}/adCampaigns/${encodeURIComponent(id)}`;

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

  const read = async (call: PlatformCall, account: string, id: string) =>
    toAdSet(await li.get<Campaign>(call, campaignPath(account, id)));

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
      return campaigns.map(toAdSet);
    },

    async get(call, id) {
      const found = await locate(call, id);
      return found ? toAdSet(found.campaign) : null;
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
      if (after) return toAdSet(after.campaign);
      return { ...toAdSet(campaign), status: 'Deleted' };
    },
  };
}
