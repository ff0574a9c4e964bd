import { findRuntime } from '../../adsets/instants.js';
import { isBudget } from '../../adsets/model.js';
import type { Campaign, NewCampaign } from '../../campaigns/model.js';
import type { CampaignAdapter } from '../../campaigns/port.js';
import type { PlatformCall } from '../../ports/platform-call.js';
import { PlatformError, PlatformInputError } from '../../ports/platform-error.js';
import type { AdAccount } from '../../store/connections.js';
import { accountPath, inSomeAccount } from './accounts.js';
import { ADSET_OBJECTIVES } from './adset-body.js';
import type { LinkedInClient } from './client.js';
import type { FieldParam } from './errors.js';
import { toCampaign } from './mapping.js';
import type { CampaignGroup } from './model.js';
import { budgetAmount } from './money.js';
import { partialUpdate } from './patch.js';
import { accountUrn, urnId } from './restli.js';
import { newSchedule } from './schedule.js';
import { LINKEDIN_STATUS } from './status.js';

/** The `POST adCampaignGroups` body: the objective on the group, its schedule, its total budget. */
export function groupCreate(input: NewCampaign, account: AdAccount): { body: object; param: FieldParam } {
  const budgets = input.settings.flatMap((s, i) => (isBudget(s) ? [{ s, i }] : []));
  if (budgets.length > 1)
    throw new PlatformInputError('settings', 'A LinkedIn campaign group has one TotalBudget.');
  const runtime = findRuntime(input.settings);
  const budget = budgets[0];
  const body = {
    account: accountUrn(account.id),
    name: input.name,
    status: LINKEDIN_STATUS[input.status],
    objectiveType: input.objective,
    runSchedule: newSchedule(runtime?.runtime),
    ...(budget ? { totalBudget: budgetAmount(budget.s, budget.i, account) } : {}),
  };
  const param: FieldParam = (fieldPath) => {
    const [head] = fieldPath.split('.');
    if (head === 'name' || head === 'status') return head;
    if (head === 'objectiveType') return 'objective';
    if (head === 'account') return 'advertiser';
    if (head === 'totalBudget') return budget ? `settings[${budget.i}].budget` : 'settings';
    if (head === 'runSchedule') {
      return runtime ? `settings[${runtime.i}].${fieldPath.endsWith('.end') ? 'end' : 'start'}` : 'settings';
    }
    return undefined;
  };
  return { body, param };
}

/**
 * LinkedIn campaign groups as adlink's campaigns (`/adAccounts/{a}/adCampaignGroups`): created with
 * an objective, a schedule and an optional total budget, changed by PARTIAL_UPDATE. LinkedIn deletes
 * only DRAFT groups: any other is archived.
 */
export function linkedinCampaigns(li: LinkedInClient): CampaignAdapter {
  const groupPath = (account: string, id: string) =>
    `${accountPath(account)}/adCampaignGroups/${encodeURIComponent(id)}`;
  const locate = (call: PlatformCall, id: string) =>
    inSomeAccount(call, id, (account) => li.get<CampaignGroup>(call, groupPath(account, id)));

  async function mustLocate(call: PlatformCall, id: string) {
    const located = await locate(call, id);
    if (!located) {
      throw new PlatformError(
        'rejected',
        `campaign group ${id} is not in the customer's ad accounts`,
        undefined,
        404,
      );
    }
    return located;
  }

  async function update(call: PlatformCall, id: string, changes: Parameters<typeof partialUpdate>[0]) {
    const { account, found } = await mustLocate(call, id);
    const adAccount = call.accounts.find((a) => a.id === account)!;
    const { body, param } = partialUpdate(changes, found, adAccount);
    await li.request(call, groupPath(account, id), {
      method: 'POST',
      restliMethod: 'partial_update',
      body,
      param,
    });
    return toCampaign(await li.get<CampaignGroup>(call, groupPath(account, id)));
  }

  return {
    capabilities: {
      // LinkedIn puts `objectiveType` on the group, and every campaign in it has that objective:
      // these are the objectives adlink creates ad sets under (it bids automatically for them).
      objectives: ADSET_OBJECTIVES,
      channelKinds: [],
      settings: ['TotalBudget', 'Runtime'],
      updateSettings: ['TotalBudget', 'Runtime'],
      budgetKindChange: false,
      createStatuses: ['Running', 'Active', 'Paused'],
      updateStatuses: ['Running', 'Active', 'Paused', 'Archived'],
      deletion: 'soft',
    },

    async get(call, id) {
      const located = await locate(call, id);
      return located ? toCampaign(located.found) : null;
    },

    async create(call, input, account) {
      const { body, param } = groupCreate(input, account);
      const created = await li.request(call, `${accountPath(account.id)}/adCampaignGroups`, {
        method: 'POST',
        restliMethod: 'create',
        body,
        param,
      });
      if (!created.createdId)
        throw new PlatformError('rejected', 'LinkedIn answered a create without x-restli-id');
      return toCampaign(await li.get<CampaignGroup>(call, groupPath(account.id, urnId(created.createdId))));
    },

    update,

    /** A DRAFT group is deleted (the answer says Deleted); any other is archived, as LinkedIn wants. */
    async delete(call, id): Promise<Campaign> {
      const { account, found } = await mustLocate(call, id);
      if (found.status !== 'DRAFT') return update(call, id, { status: 'Archived' });
      await li.request(call, groupPath(account, id), { method: 'DELETE', restliMethod: 'delete' });
      return { ...toCampaign(found), status: 'Deleted' };
    },
  };
}
