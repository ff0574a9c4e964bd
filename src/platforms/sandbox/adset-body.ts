import { findRuntime } from '../../adsets/instants.js';
import {
  type AdSetChanges,
  type Budget,
  type ChannelKind,
  isBudget,
  type NewAdSet,
  type Setting,
  type Targeting,
} from '../../adsets/model.js';
import { fitsMinorUnits, toMinorUnits } from '../../adsets/money.js';
import { PlatformInputError } from '../../ports/platform-error.js';
import type { AdAccount } from '../../store/connections.js';
import { KIND_TO_CHANNEL, SANDBOX_STATUS } from './mapping.js';

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

/** The customer lists of an AudienceTargeting (both empty removes them), if one is given. */
function audiences(targetings: Targeting[]) {
  const given = targetings.find((t) => t.kind === 'AudienceTargeting');
  return given ? { audiences: { include: given.include, exclude: given.exclude } } : {};
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
    ...audiences(targetings),
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
