import { findRuntime, utcInstant } from '../../adsets/instants.js';
import {
  type Ad,
  type AdSet,
  type AdSetChanges,
  type AdSetStatus,
  type Budget,
  type ChannelKind,
  isBudget,
  type NewAdSet,
  type Setting,
  type Targeting,
} from '../../adsets/model.js';
import { fitsMinorUnits, fromMinorUnits, toMinorUnits } from '../../adsets/money.js';
import type { Campaign, CampaignSetting } from '../../campaigns/model.js';
import type { AdapterFactory } from '../../ports/platform-adapter.js';
import type { PlatformCall } from '../../ports/platform-call.js';
import { PlatformError, PlatformInputError } from '../../ports/platform-error.js';
import type { AdAccount } from '../../store/connections.js';
import type { HttpRequest } from '../http-call.js';
import { type PlatformAnswer, platformFetch } from '../platform-fetch.js';
import * as Sandbox from './model.js';
import { sandboxReports } from './report-adapter.js';

type SandboxAdSet = Sandbox.AdSet & { ads?: Sandbox.Ad[] };
interface Page<T> {
  data: T[];
  paging?: { next?: string };
}

const CHANNEL_TO_KIND: Record<Sandbox.Channel, ChannelKind> = {
  SOCIAL: 'Social',
  SEARCH: 'Search',
  DISPLAY: 'Display',
  VIDEO: 'Video',
  AUDIO: 'Audio',
  DOOH: 'DOOH',
  CTV: 'CTV',
  MAIL: 'Mail',
};
const KIND_TO_CHANNEL = Object.fromEntries(Object.entries(CHANNEL_TO_KIND).map(([c, k]) => [k, c])) as Record<
  Exclude<ChannelKind, 'Mixed'>,
  Sandbox.Channel
>;

function status(adset: Pick<Sandbox.AdSet, 'status' | 'delivery'>): AdSetStatus {
  switch (adset.status) {
    case 'ACTIVE':
      return adset.delivery === 'DELIVERING' ? 'Running' : 'Active';
    case 'PAUSED':
      return 'Paused';
    case 'ARCHIVED':
      return 'Archived';
    default:
      return 'Deleted';
  }
}

const SANDBOX_STATUS: Partial<Record<AdSetStatus, Sandbox.AdSetStatus>> = {
  Running: 'ACTIVE',
  Active: 'ACTIVE',
  Paused: 'PAUSED',
  Archived: 'ARCHIVED',
};

function toAd(ad: Sandbox.Ad): Ad {
  return {
    id: ad.id,
    name: ad.name,
    status: status({ status: ad.status, delivery: 'NOT_DELIVERING' }),
    channelKind: CHANNEL_TO_KIND[ad.channel],
    targetings: ad.targeting?.keywords.length
      ? [{ kind: 'KeywordTargeting', keywords: ad.targeting.keywords }]
      : [],
  };
}

function toAdSet(adset: SandboxAdSet): AdSet {
  const ads = (adset.ads ?? []).map(toAd);
  const channels = new Set([adset.channel, ...(adset.ads ?? []).map((a) => a.channel)]);
  const { budget, targeting } = adset;
  const settings: Setting[] = [
    {
      kind: budget.type === 'DAILY' ? 'DailyBudget' : 'TotalBudget',
      budget: fromMinorUnits(budget.amount, budget.currency),
      currency: budget.currency,
    },
    ...(adset.objective ? [{ kind: 'Objective' as const, objective: adset.objective }] : []),
    {
      kind: 'Runtime',
      // Ad sets stored before the sandbox kept schedules deliver from their creation.
      start: adset.start_time ?? utcInstant(new Date(adset.created_time)),
      ...(adset.end_time ? { end: adset.end_time } : {}),
    },
  ];
  const targetings: Targeting[] = [];
  if (targeting.keywords.length) targetings.push({ kind: 'KeywordTargeting', keywords: targeting.keywords });
  if (targeting.zipcodes.length) {
    targetings.push({
      kind: 'GeoTargeting',
      type: 'ZipcodeGeoTargeting',
      zipcodes: targeting.zipcodes.map(({ country, zip }) => ({ country, zipcode: zip })),
    });
  }
  return {
    id: adset.id,
    name: adset.name,
    platform: 'sandbox',
    status: status(adset),
    advertiser: adset.account_id,
    parentId: adset.campaign_id,
    channelKind: channels.size > 1 ? 'Mixed' : CHANNEL_TO_KIND[adset.channel],
    settings,
    ads,
    targetings,
    created_at: adset.created_time,
  };
}

/** What the sandbox accepts as a zipcode (its API refuses anything else). */
const SANDBOX_ZIPCODE = /^[A-Za-z0-9][A-Za-z0-9 -]{0,11}$/;

/** A budget setting as the sandbox holds it: minor units of the account's currency. */
function sandboxBudget(budget: Budget, i: number, account: AdAccount | undefined) {
  if (account?.currency && budget.currency !== account.currency) {
    throw new PlatformInputError(
      `settings[${i}].currency`,
      `Budgets of ad account ${account.id} are in ${account.currency}.`,
    );
  }
  if (!fitsMinorUnits(budget.budget, budget.currency)) {
    throw new PlatformInputError(`settings[${i}].budget`, `Too many decimals for ${budget.currency}.`);
  }
  return {
    type: budget.kind === 'DailyBudget' ? 'DAILY' : 'LIFETIME',
    amount: toMinorUnits(budget.budget, budget.currency),
  };
}

/** The targeting lists of the targetings given, refusing zipcodes the sandbox cannot hold by name. */
function sandboxTargeting(targetings: Targeting[]) {
  targetings.forEach((t, i) => {
    if (t.kind !== 'GeoTargeting') return;
    t.zipcodes.forEach(({ zipcode }, j) => {
      if (!SANDBOX_ZIPCODE.test(zipcode)) {
        throw new PlatformInputError(
          `targetings[${i}].zipcodes[${j}].zipcode`,
          'Sandbox zipcodes are 1–12 letters, digits, spaces or hyphens.',
        );
      }
    });
  });
  const of = (kind: Targeting['kind']) => targetings.some((t) => t.kind === kind);
  return {
    ...(of('KeywordTargeting')
      ? { keywords: targetings.flatMap((t) => (t.kind === 'KeywordTargeting' ? t.keywords : [])) }
      : {}),
    ...(of('GeoTargeting')
      ? {
          zipcodes: targetings.flatMap((t) =>
            t.kind === 'GeoTargeting'
              ? t.zipcodes.map(({ country, zipcode }) => ({ country, zip: zipcode }))
              : [],
          ),
        }
      : {}),
  };
}

/** The ad set as the sandbox's create endpoint takes it; anything it cannot hold is refused by name. */
function toSandboxInput(input: NewAdSet, account: AdAccount) {
  const budgets = input.settings.flatMap((s, i) => (isBudget(s) ? [{ s, i }] : []));
  if (budgets.length !== 1) {
    throw new PlatformInputError(
      'settings',
      'Sandbox ad sets need exactly one DailyBudget or TotalBudget setting.',
    );
  }
  const { s: budget, i } = budgets[0]!;
  const objectives = input.settings.filter((s) => s.kind === 'Objective');
  if (objectives.length > 1) throw new PlatformInputError('settings', 'At most one Objective setting.');
  const runtime = findRuntime(input.settings)?.runtime;
  return {
    name: input.name,
    campaign_id: input.parentId,
    status: SANDBOX_STATUS[input.status],
    channel: KIND_TO_CHANNEL[input.channelKind as Exclude<ChannelKind, 'Mixed'>],
    budget: sandboxBudget(budget, i, account),
    ...(objectives[0] ? { objective: objectives[0].objective } : {}),
    ...(runtime ? { start_time: runtime.start, ...(runtime.end ? { end_time: runtime.end } : {}) } : {}),
    targeting: { keywords: [], zipcodes: [], ...sandboxTargeting(input.targetings) },
  };
}

function toCampaign(c: Sandbox.Campaign): Campaign {
  const settings: CampaignSetting[] = [];
  if (c.budget) {
    settings.push({
      kind: c.budget.type === 'DAILY' ? 'DailyBudget' : 'TotalBudget',
      budget: fromMinorUnits(c.budget.amount, c.budget.currency),
      currency: c.budget.currency,
      ...(c.budget.shared ? { shared: true as const } : {}),
    });
  }
  if (c.start_time) {
    settings.push({ kind: 'Runtime', start: c.start_time, ...(c.end_time ? { end: c.end_time } : {}) });
  }
  return {
    id: c.id,
    name: c.name,
    platform: 'sandbox',
    status: status({ status: c.status, delivery: c.status === 'ACTIVE' ? 'DELIVERING' : 'NOT_DELIVERING' }),
    advertiser: c.account_id,
    objective: c.objective,
    channelKind: CHANNEL_TO_KIND[c.channel],
    settings,
  };
}

/**
 * The budget and schedule fields of settings (a campaign's create or update): a budget in minor units,
 * a Runtime as start and end (a Runtime without an end removes the end).
 */
function scheduleAndBudget(settings: Setting[], account: AdAccount | undefined) {
  const body: Record<string, unknown> = {};
  settings.forEach((setting, i) => {
    if (isBudget(setting)) body.budget = sandboxBudget(setting, i, account);
    else if (setting.kind === 'Runtime')
      Object.assign(body, { start_time: setting.start, end_time: setting.end ?? null });
  });
  return body;
}

const withoutNull = (body: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(body).filter(([, value]) => value !== null));

/** The `PATCH /adsets/:id` body of an update: each setting and targeting kind sent replaces its own. */
function toSandboxChanges(changes: AdSetChanges, account: AdAccount | undefined) {
  const body: Record<string, unknown> = {};
  if (changes.name !== undefined) body.name = changes.name;
  if (changes.status !== undefined) body.status = SANDBOX_STATUS[changes.status];
  Object.assign(body, scheduleAndBudget(changes.settings ?? [], account));
  for (const setting of changes.settings ?? []) {
    if (setting.kind === 'Objective') body.objective = setting.objective;
  }
  if (changes.targetings) body.targeting = sandboxTargeting(changes.targetings);
  return body;
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
