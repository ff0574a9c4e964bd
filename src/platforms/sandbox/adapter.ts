import type { ChannelKind } from '../../adsets/model.js';
import type { AdapterFactory, PlatformCall } from '../adapter.js';
import type { HttpRequest } from '../http-call.js';
import { PlatformError } from '../platform-error.js';
import { type PlatformAnswer, platformFetch } from '../platform-fetch.js';
import {
  CHANNEL_TO_KIND,
  KIND_TO_CHANNEL,
  SANDBOX_STATUS,
  type SandboxAdSet,
  scheduleAndBudget,
  toAd,
  toAdSet,
  toCampaign,
  toSandboxChanges,
  toSandboxInput,
  withoutNull,
} from './mapping.js';
import * as Sandbox from './model.js';
import { sandboxReports } from './report-adapter.js';

interface Page<T> {
  data: T[];
  paging?: { next?: string };
}

const PAGE_SIZE = 100;

/** The unified parameter each field of the sandbox's bodies is (its schedule and budget are settings). */
const UNIFIED_PARAMS: Record<string, string> = {
  id: 'id',
  name: 'name',
  status: 'status',
  objective: 'objective',
  channel: 'channelKind',
  campaign_id: 'parentId',
  budget: 'settings',
  start_time: 'settings',
  end_time: 'settings',
  targeting: 'targetings',
};

/** A 400 of the sandbox's own validation: its message, naming the unified parameter (`params`). */
const sandboxRefusal =
  (params: Record<string, string>) =>
  ({ status, body }: PlatformAnswer): PlatformError | undefined => {
    const error = (body as { error?: { code?: string; message?: string; param?: string } } | null)?.error;
    if (status !== 400 || error?.code !== 'invalid_request' || typeof error.message !== 'string')
      return undefined;
    const param = error.param === undefined ? undefined : params[error.param.split('.')[0]!];
    return new PlatformError('invalid', error.message, undefined, status, error.code, param);
  };

/** Maps the sandbox's ads API (served at /sandbox/api/v1) to adlink's unified model. */
export const sandboxAdapter: AdapterFactory = ({ apiBaseUrl }, { timeoutMs }) => {
  const request = (
    { accessToken, observed }: PlatformCall,
    path: string,
    init: HttpRequest = {},
    params = UNIFIED_PARAMS,
  ) =>
    platformFetch(
      `${apiBaseUrl}${path}`,
      {
        ...init,
        headers: {
          Authorization: `Bearer ${accessToken}`,
          Accept: 'application/json',
          ...(init.body ? { 'Content-Type': 'application/json' } : {}),
        },
      },
      { timeoutMs, observed, classify: sandboxRefusal(params) },
    );

  async function allPages<T>(call: PlatformCall, path: string): Promise<T[]> {
    const items: T[] = [];
    let after: string | undefined;
    const separator = path.includes('?') ? '&' : '?';
    do {
      const cursor = after ? `&after=${encodeURIComponent(after)}` : '';
      const page = (await request(call, `${path}${separator}limit=${PAGE_SIZE}${cursor}`)) as Page<T>;
      if (!Array.isArray(page?.data)) throw new PlatformError('rejected', 'unexpected list response');
      items.push(...page.data);
      after = page.paging?.next;
    } while (after);
    return items;
  }

  /**
   * A 404 from the sandbox means the object is not there (or another user's); a 403
   * `account_not_granted` that it is in an ad account the customer did not share. Either way it is
   * not the customer's: null, not an error.
   */
  async function orNull<T>(work: Promise<T>): Promise<T | null> {
    try {
      return await work;
    } catch (err) {
      if (err instanceof PlatformError && (err.status === 404 || err.code === 'account_not_granted')) {
        return null;
      }
      throw err;
    }
  }

  return {
    capabilities: {
      settings: ['DailyBudget', 'TotalBudget', 'Objective', 'Runtime'],
      targetings: ['KeywordTargeting', 'GeoTargeting'],
      adSetTargeting: true,
      budgetLevel: 'adset',
      objectiveLevel: 'adset',
      deletion: 'soft',
      createStatuses: ['Running', 'Active', 'Paused'],
      updateStatuses: ['Running', 'Active', 'Paused', 'Archived'],
      updates: {
        settings: ['DailyBudget', 'TotalBudget', 'Objective', 'Runtime'],
        targetings: ['KeywordTargeting', 'GeoTargeting'],
        budgetKindChange: true,
      },
      channelKinds: ['Social', 'Search', 'Display', 'Video', 'Audio', 'DOOH', 'CTV', 'Mail'],
    },

    async listAdAccounts(call) {
      const body = (await request(call, '/me/ad_accounts')) as Page<Sandbox.AdAccount>;
      if (!Array.isArray(body?.data)) throw new PlatformError('rejected', 'unexpected ad account list');
      return body.data.map(({ id, name, currency }) => ({ id, name, currency }));
    },

    async listCampaigns(call, advertiser) {
      const campaigns = await allPages<Sandbox.Campaign>(
        call,
        `/ad_accounts/${encodeURIComponent(advertiser.id)}/campaigns`,
      );
      return campaigns.map(toCampaign);
    },

    async listAdSets(call, advertiser) {
      const path = `/ad_accounts/${encodeURIComponent(advertiser.id)}/adsets?expand=ads`;
      const [live, deleted] = await Promise.all([
        allPages<SandboxAdSet>(call, path),
        allPages<SandboxAdSet>(call, `${path}&status=DELETED`),
      ]);
      return [...live, ...deleted].map(toAdSet);
    },

    async getAdSet(call, id) {
      const adset = await orNull(request(call, `/adsets/${encodeURIComponent(id)}?expand=ads`));
      return adset ? toAdSet(adset as SandboxAdSet) : null;
    },

    async createAdSet(call, input, account) {
      const created = (await request(call, `/ad_accounts/${encodeURIComponent(input.advertiser)}/adsets`, {
        method: 'POST',
        body: JSON.stringify(toSandboxInput(input, account)),
      })) as SandboxAdSet;
      return toAdSet({ ...created, ads: [] });
    },

    async updateAdSet(call, id, changes) {
      await request(call, `/adsets/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        body: JSON.stringify(toSandboxChanges(changes, call.accounts[0])),
      });
      return toAdSet((await request(call, `/adsets/${encodeURIComponent(id)}?expand=ads`)) as SandboxAdSet);
    },

    async deleteAdSet(call, id) {
      await request(call, `/adsets/${encodeURIComponent(id)}`, { method: 'DELETE' });
      return toAdSet((await request(call, `/adsets/${encodeURIComponent(id)}?expand=ads`)) as SandboxAdSet);
    },

    campaigns: {
      capabilities: {
        objectives: [...Sandbox.OBJECTIVES],
        channelKinds: Object.values(CHANNEL_TO_KIND),
        settings: ['DailyBudget', 'TotalBudget', 'Runtime'],
        updateSettings: ['DailyBudget', 'TotalBudget', 'Runtime'],
        budgetKindChange: true,
        createStatuses: ['Running', 'Active', 'Paused'],
        updateStatuses: ['Running', 'Active', 'Paused', 'Archived'],
        deletion: 'soft',
      },

      async get(call, id) {
        const campaign = await orNull(request(call, `/campaigns/${encodeURIComponent(id)}`));
        return campaign ? toCampaign(campaign as Sandbox.Campaign) : null;
      },

      async create(call, input, account) {
        const created = await request(call, `/ad_accounts/${encodeURIComponent(account.id)}/campaigns`, {
          method: 'POST',
          body: JSON.stringify({
            name: input.name,
            objective: input.objective,
            channel: KIND_TO_CHANNEL[input.channelKind as Exclude<ChannelKind, 'Mixed'>],
            status: SANDBOX_STATUS[input.status],
            // A new campaign without an end simply has none.
            ...withoutNull(scheduleAndBudget(input.settings, account)),
          }),
        });
        return toCampaign(created as Sandbox.Campaign);
      },

      async update(call, id, changes) {
        const body = {
          ...(changes.name === undefined ? {} : { name: changes.name }),
          ...(changes.status === undefined ? {} : { status: SANDBOX_STATUS[changes.status] }),
          ...scheduleAndBudget(changes.settings ?? [], call.accounts[0]),
        };
        return toCampaign(
          (await request(call, `/campaigns/${encodeURIComponent(id)}`, {
            method: 'PATCH',
            body: JSON.stringify(body),
          })) as Sandbox.Campaign,
        );
      },

      async delete(call, id) {
        return toCampaign(
          (await request(call, `/campaigns/${encodeURIComponent(id)}`, {
            method: 'DELETE',
          })) as Sandbox.Campaign,
        );
      },
    },

    async listAds(call, adSetId) {
      const body = (await request(call, `/adsets/${encodeURIComponent(adSetId)}/ads`)) as Page<Sandbox.Ad>;
      return (body?.data ?? []).map(toAd);
    },

    reports: sandboxReports(request),
  };
};
