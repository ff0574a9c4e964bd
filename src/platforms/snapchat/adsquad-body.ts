import { findRuntime } from '../../adsets/instants.js';
import { isBudget, type NewAdSet, type Runtime } from '../../adsets/model.js';
import { toMicros } from '../../adsets/money.js';
import type { AdAccount } from '../../store/connections.js';
import { PlatformInputError } from '../adapter.js';
import type { SnapGeo } from './api-types.js';
import type { FieldSource } from './errors.js';
import { SNAP_STATUS } from './mapping.js';

/**
 * What a squad optimizes for under each campaign objective that needs nothing else: the legacy
 * `objective`s and the objective v2 types. The others (app installs and promotion, catalogs, sales,
 * leads, stories, places) need an app, a pixel, a catalog or a profile adlink cannot name.
 */
const OPTIMIZATION_GOAL: Record<string, string> = {
  BRAND_AWARENESS: 'IMPRESSIONS',
  VIDEO_VIEW: 'VIDEO_VIEWS',
  ENGAGEMENT: 'SWIPES',
  WEB_CONVERSION: 'SWIPES',
  AWARENESS_AND_ENGAGEMENT: 'IMPRESSIONS',
  TRAFFIC: 'SWIPES',
};

/**
 * The ad squad `POST /campaigns/{id}/adsquads` creates for a unified ad set, and the Snap fields it
 * sent with the unified parameters they came from (most specific first, for Snap's validation
 * messages). What Snap cannot hold is refused by name before any call.
 */
export function toSnapAdSquad(
  input: NewAdSet,
  account: AdAccount,
  objective: string | undefined,
  now: Date,
): { squad: Record<string, unknown>; fields: FieldSource[] } {
  const goal = objective ? OPTIMIZATION_GOAL[objective] : undefined;
  if (!goal) {
    throw new PlatformInputError(
      'parentId',
      `Snapchat ad squads under a ${objective ?? 'campaign without an objective'} campaign need an app, pixel, catalog or profile, which adlink cannot set.`,
    );
  }
  const squad: Record<string, unknown> = {
    campaign_id: input.parentId,
    name: input.name,
    status: SNAP_STATUS[input.status],
    type: 'SNAP_ADS',
    billing_event: 'IMPRESSION',
    optimization_goal: goal,
    placement_v2: { config: 'AUTOMATIC' },
    bid_strategy: 'AUTO_BID',
    // Whether a squad needs start_time is unconfirmed (a campaign does, by the Campaigns page); Snap's
    // own examples always carry one, and sent it cannot be refused as missing.
    start_time: now.toISOString(),
  };
  const fields: FieldSource[] = [];

  const budgets = input.settings.flatMap((s, i) => (isBudget(s) ? [{ s, i }] : []));
  if (budgets.length !== 1) {
    throw new PlatformInputError(
      'settings',
      'A Snapchat ad squad has one budget: a DailyBudget or a TotalBudget.',
    );
  }
  const [{ s: budget, i }] = budgets as [(typeof budgets)[number]];
  if (budget.currency !== account.currency) {
    throw new PlatformInputError(
      `settings[${i}].currency`,
      `Budgets of ad account ${account.id} are in ${account.currency}.`,
    );
  }
  const micros = toMicros(budget.budget, budget.currency);
  if (micros === undefined) {
    throw new PlatformInputError(`settings[${i}].budget`, `${budget.currency} amounts have fewer decimals.`);
  }
  if (budget.kind === 'DailyBudget') squad.daily_budget_micro = micros;
  else squad.lifetime_budget_micro = micros;
  const found = findRuntime(input.settings);
  // The Ad Squads page marks bid_micro required, AUTO_BID or not. adlink has no bid setting: the bid is
  // one day's budget (a total spread over its Runtime's days), a cap no single bid of the squad can
  // reach, so it never holds automatic bidding back.
  squad.bid_micro = budget.kind === 'DailyBudget' ? micros : Math.floor(micros / runtimeDays(found?.runtime));
  fields.push(
    ['bid_micro', `settings[${i}].budget`],
    ['daily_budget_micro', `settings[${i}].budget`],
    ['lifetime_budget_micro', `settings[${i}].budget`],
  );
  if (found) {
    squad.start_time = new Date(found.runtime.start).toISOString();
    if (found.runtime.end) squad.end_time = new Date(found.runtime.end).toISOString();
    fields.push(['end_time', `settings[${found.i}].end`], ['start_time', `settings[${found.i}].start`]);
  }

  const geo = input.targetings.findIndex((t) => t.kind === 'GeoTargeting');
  const targeting = input.targetings[geo];
  if (targeting?.kind !== 'GeoTargeting') {
    throw new PlatformInputError(
      'targetings',
      'Snapchat ad squads need a location: add a ZipcodeGeoTargeting.',
    );
  }
  const countries = new Set(targeting.zipcodes.map((z) => z.country));
  if (countries.size > 1) {
    throw new PlatformInputError(
      `targetings[${geo}].zipcodes`,
      'Snapchat targets several countries only together with a language, which adlink cannot set: use zip codes of one country.',
    );
  }
  const geos: SnapGeo[] = [
    {
      country_code: [...countries][0]!.toLowerCase(),
      operation: 'INCLUDE',
      postal_code: targeting.zipcodes.map((z) => z.zipcode),
    },
  ];
  squad.targeting = { geos };
  fields.push(
    ['postal_code', `targetings[${geo}].zipcodes`],
    ['geos', `targetings[${geo}]`],
    ['targeting', 'targetings'],
    ['campaign_id', 'parentId'],
    ['name', 'name'],
    ['status', 'status'],
  );
  return { squad, fields };
}

/** The whole days a Runtime spans (at least one); one without an end counts as one. */
function runtimeDays(runtime: Runtime | undefined): number {
  if (!runtime?.end) return 1;
  return Math.max(1, Math.ceil((Date.parse(runtime.end) - Date.parse(runtime.start)) / 86_400_000));
}
