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
import type { AdAccount } from '../../store/connections.js';
import { PlatformInputError } from '../adapter.js';
import type * as Sandbox from './model.js';

/** An ad set as the sandbox answers it, with its ads when asked for them (`expand=ads`). */
export type SandboxAdSet = Sandbox.AdSet & { ads?: Sandbox.Ad[] };

export const CHANNEL_TO_KIND: Record<Sandbox.Channel, ChannelKind> = {
  SOCIAL: 'Social',
  SEARCH: 'Search',
  DISPLAY: 'Display',
  VIDEO: 'Video',
  AUDIO: 'Audio',
  DOOH: 'DOOH',
  CTV: 'CTV',
  MAIL: 'Mail',
};
export const KIND_TO_CHANNEL = Object.fromEntries(
  Object.entries(CHANNEL_TO_KIND).map(([c, k]) => [k, c]),
) as Record<Exclude<ChannelKind, 'Mixed'>, Sandbox.Channel>;

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

export const SANDBOX_STATUS: Partial<Record<AdSetStatus, Sandbox.AdSetStatus>> = {
  Running: 'ACTIVE',
  Active: 'ACTIVE',
  Paused: 'PAUSED',
  Archived: 'ARCHIVED',
};

export function toAd(ad: Sandbox.Ad): Ad {
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

export function toAdSet(adset: SandboxAdSet): AdSet {
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
export function toSandboxInput(input: NewAdSet, account: AdAccount) {
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

export function toCampaign(c: Sandbox.Campaign): Campaign {
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
export function scheduleAndBudget(settings: Setting[], account: AdAccount | undefined) {
  const body: Record<string, unknown> = {};
  settings.forEach((setting, i) => {
    if (isBudget(setting)) body.budget = sandboxBudget(setting, i, account);
    else if (setting.kind === 'Runtime')
      Object.assign(body, { start_time: setting.start, end_time: setting.end ?? null });
  });
  return body;
}

export const withoutNull = (body: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(body).filter(([, value]) => value !== null));

/** The `PATCH /adsets/:id` body of an update: each setting and targeting kind sent replaces its own. */
export function toSandboxChanges(changes: AdSetChanges, account: AdAccount | undefined) {
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
