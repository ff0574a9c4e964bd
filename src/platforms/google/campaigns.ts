import { type Budget, isBudget } from '../../adsets/model.js';
import type { Campaign, CampaignChanges } from '../../campaigns/model.js';
import type { ManagedCampaigns } from '../../campaigns/port.js';
import type { PlatformCall } from '../../ports/platform-call.js';
import { PlatformInputError } from '../../ports/platform-error.js';
import type { AdAccount } from '../../store/connections.js';
import { googleDates } from './account-time.js';
import {
  budgetFields,
  budgetParams,
  CREATABLE_CHANNELS,
  type CreatableChannel,
  campaignCreate,
  runtimeParams,
  type TaggedOperation,
  taggedParam,
} from './campaign-body.js';
import type { GoogleAdsApi } from './client.js';
import { type GoogleRow, googleStatus, toCampaign } from './mapping.js';
import { CUSTOMER_QUERY, campaignsQuery, isGoogleId } from './queries.js';

interface Located {
  row: GoogleRow;
  campaign: Campaign;
  account: AdAccount;
}

const campaignName = (customerId: string, id: string) => `customers/${customerId}/campaigns/${id}`;

/**
 * Google Ads campaigns: SEARCH and DISPLAY campaigns with their own budget (micros of the account
 * currency) and dates (whole days in the account's time zone). A budget shared between campaigns
 * is shown with `shared: true` and never written.
 */
export function googleCampaigns(api: GoogleAdsApi): ManagedCampaigns {
  /** Campaign ids are unique per customer: the first of the customer's accounts that has it. */
  async function locate(call: PlatformCall, id: string): Promise<Located | null> {
    if (!isGoogleId(id)) return null;
    for (const account of call.accounts) {
      const [row] = await api.search(call, account.id, campaignsQuery(id));
      if (row) return { row, campaign: toCampaign(account.id, row), account };
    }
    return null;
  }

  async function mustLocate(call: PlatformCall, id: string): Promise<Located> {
    const found = await locate(call, id);
    if (!found) throw new PlatformInputError('id', `No Google Ads campaign ${id} in the connected accounts.`);
    return found;
  }

  async function mutate(call: PlatformCall, customerId: string, operations: TaggedOperation[]) {
    return api.mutate<{ mutateOperationResponses?: { campaignResult?: { resourceName?: string } }[] }>(
      call,
      customerId,
      'googleAds:mutate',
      { mutateOperations: operations.map((o) => o.operation) },
      taggedParam(operations),
    );
  }

  /** The budget and campaign updates a change needs; an unchanged start (maybe past by now) is not resent. */
  function updates(current: Located, changes: CampaignChanges): TaggedOperation[] {
    const { row, account } = current;
    const timeZone = row.customer?.timeZone ?? '';
    const campaign: Record<string, unknown> = {};
    const mask: string[] = [];
    const params: Record<string, string> = { name: 'name', status: 'status' };
    const operations: TaggedOperation[] = [];
    if (changes.name !== undefined) {
      campaign.name = changes.name;
      mask.push('name');
    }
    if (changes.status !== undefined) {
      campaign.status = googleStatus(changes.status);
      mask.push('status');
    }
    changes.settings?.forEach((setting, i) => {
      if (isBudget(setting)) {
        const shown = current.campaign.settings.find(isBudget);
        if (shown && 'shared' in shown) {
          throw new PlatformInputError(
            `settings[${i}]`,
            'The campaign spends a budget shared with other campaigns; adlink does not change shared budgets.',
          );
        }
        if (shown && shown.kind !== setting.kind) {
          throw new PlatformInputError(
            `settings[${i}]`,
            `Google cannot turn a ${shown.kind} into a ${setting.kind}.`,
          );
        }
        const { period: _immutable, ...amount } = budgetFields(setting as Budget, i, account);
        operations.push({
          operation: {
            campaignBudgetOperation: {
              update: { resourceName: row.campaign?.campaignBudget, ...amount },
              updateMask: Object.keys(amount).join(','),
            },
          },
          params: budgetParams(i),
          fallback: `settings[${i}]`,
        });
      } else if (setting.kind === 'Runtime') {
        const dates = googleDates(setting, timeZone, i);
        if (dates.startDateTime !== row.campaign?.startDateTime) {
          campaign.startDateTime = dates.startDateTime;
          mask.push('startDateTime');
        }
        // In the mask without a value, the end is cleared: the campaign runs indefinitely.
        if (dates.endDateTime !== row.campaign?.endDateTime) {
          if (dates.endDateTime !== undefined) campaign.endDateTime = dates.endDateTime;
          mask.push('endDateTime');
        }
        Object.assign(params, runtimeParams(i));
      }
    });
    if (mask.length > 0) {
      operations.push({
        operation: {
          campaignOperation: {
            update: { resourceName: campaignName(account.id, current.campaign.id), ...campaign },
            updateMask: mask.join(','),
          },
        },
        params,
        fallback: 'settings',
      });
    }
    return operations;
  }

  return {
    capabilities: {
      objectives: Object.keys(CREATABLE_CHANNELS),
      channelKinds: Object.values(CREATABLE_CHANNELS),
      settings: ['DailyBudget', 'TotalBudget', 'Runtime'],
      updateSettings: ['DailyBudget', 'TotalBudget', 'Runtime'],
      budgetKindChange: false,
      createStatuses: ['Running', 'Active', 'Paused'],
      updateStatuses: ['Running', 'Active', 'Paused'],
      deletion: 'soft',
    },

    async list(call, advertiser) {
      const rows = await api.search(call, advertiser.id, campaignsQuery());
      return rows.map((row) => toCampaign(advertiser.id, row));
    },

    get: async (call, id) => (await locate(call, id))?.campaign ?? null,

    async create(call, input, account) {
      const channel = CREATABLE_CHANNELS[input.objective as CreatableChannel];
      if (input.channelKind !== undefined && input.channelKind !== channel) {
        throw new PlatformInputError(
          'channelKind',
          `A Google ${input.objective} campaign runs on ${channel ?? 'another channel'}: its advertising channel type is the objective.`,
        );
      }
      const [customer] = await api.search(call, account.id, CUSTOMER_QUERY);
      const operations = campaignCreate(input, account, customer?.customer?.timeZone ?? '');
      const answer = await mutate(call, account.id, operations);
      const name = answer?.mutateOperationResponses?.[1]?.campaignResult?.resourceName ?? '';
      return (await mustLocate({ ...call, accounts: [account] }, name.slice(name.lastIndexOf('/') + 1)))
        .campaign;
    },

    async update(call, id, changes) {
      const current = await mustLocate(call, id);
      const operations = updates(current, changes);
      if (operations.length === 0) return current.campaign;
      await mutate(call, current.account.id, operations);
      return (await mustLocate(call, id)).campaign;
    },

    /** `remove` sets REMOVED for good; the campaign stays readable, so deletion is soft. */
    async delete(call, id) {
      const current = await mustLocate(call, id);
      if (current.campaign.status !== 'Deleted') {
        await api.mutate(call, current.account.id, 'campaigns:mutate', {
          operations: [{ remove: campaignName(current.account.id, id) }],
        });
      }
      return (await mustLocate(call, id)).campaign;
    },
  };
}
