import { findRuntime } from '../../adsets/instants.js';
import {
  type AudienceTargeting,
  type Budget,
  isBudget,
  type NewAdSet,
  type Runtime,
  type Targeting,
} from '../../adsets/model.js';
import { PlatformInputError } from '../../ports/platform-error.js';
import type { AdAccount } from '../../store/connections.js';
import { microUnits } from '../budget-units.js';
import type { FieldSource } from './errors.js';
import { SNAP_STATUS } from './mapping.js';
import type { SnapGeo, SnapSegmentTarget } from './model.js';

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
  const micros = microUnits(budget, `settings[${i}]`, account);
  if (budget.kind === 'DailyBudget') squad.daily_budget_micro = micros;
  else squad.lifetime_budget_micro = micros;
  const found = findRuntime(input.settings);
  squad.bid_micro = bidMicro(budget.kind, micros, found?.runtime);
  fields.push(...budgetFields(`settings[${i}]`));
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
  const geos: SnapGeo[] = [zipGeo(targeting, geo)!];
  const at = input.targetings.findIndex((t) => t.kind === 'AudienceTargeting');
  const audiences = input.targetings[at];
  squad.targeting = {
    geos,
    ...(audiences?.kind === 'AudienceTargeting' ? { segments: segmentTargets(audiences) } : {}),
  };
  fields.push(
    ...geoFields(geo),
    ...(at >= 0 ? segmentFields(at) : []),
    ['targeting', 'targetings'],
    ['campaign_id', 'parentId'],
    ['name', 'name'],
    ['status', 'status'],
  );
  return { squad, fields };
}

/** The squad fields a budget setting becomes, for Snap's validation messages. */
export const budgetFields = (param: string): FieldSource[] => [
  ['bid_micro', `${param}.budget`],
  ['daily_budget_micro', `${param}.budget`],
  ['lifetime_budget_micro', `${param}.budget`],
];

/**
 * The Ad Squads page marks bid_micro required, AUTO_BID or not. adlink has no bid setting: the bid is
 * one day's budget (a total spread over its Runtime's days), a cap no single bid of the squad can
 * reach, so it never holds automatic bidding back.
 */
export const bidMicro = (kind: Budget['kind'], micros: number, runtime: Runtime | undefined): number =>
  kind === 'DailyBudget' ? micros : Math.floor(micros / runtimeDays(runtime));

/**
 * A ZipcodeGeoTargeting as one Snap geo (null without zip codes). Zip codes of several countries are
 * refused: Snap targets several countries only together with a language, which adlink cannot set.
 */
export function zipGeo(targeting: Extract<Targeting, { kind: 'GeoTargeting' }>, i: number): SnapGeo | null {
  const countries = new Set(targeting.zipcodes.map((z) => z.country));
  if (countries.size > 1) {
    throw new PlatformInputError(
      `targetings[${i}].zipcodes`,
      'Snapchat targets several countries only together with a language, which adlink cannot set: use zip codes of one country.',
    );
  }
  const [country] = countries;
  if (country === undefined) return null;
  return {
    country_code: country.toLowerCase(),
    operation: 'INCLUDE',
    postal_code: targeting.zipcodes.map((z) => z.zipcode),
  };
}

/** The squad fields a GeoTargeting becomes, for Snap's validation messages. */
export const geoFields = (i: number): FieldSource[] => [
  ['postal_code', `targetings[${i}].zipcodes`],
  ['geos', `targetings[${i}]`],
];

/**
 * An AudienceTargeting as Snap's `targeting.segments`: one entry of the included customer lists and one
 * of the excluded (none when both are empty, which is how a squad drops its audiences).
 */
export function segmentTargets({ include, exclude }: AudienceTargeting): SnapSegmentTarget[] {
  return [
    ...(include.length ? [{ segment_id: include, operation: 'INCLUDE' as const }] : []),
    ...(exclude.length ? [{ segment_id: exclude, operation: 'EXCLUDE' as const }] : []),
  ];
}

/** The squad fields an AudienceTargeting becomes, for Snap's validation messages. */
export const segmentFields = (i: number): FieldSource[] => [
  ['segment_id', `targetings[${i}]`],
  ['segments', `targetings[${i}]`],
];

/** The whole days a Runtime spans (at least one); one without an end counts as one. */
function runtimeDays(runtime: Runtime | undefined): number {
  if (!runtime?.end) return 1;
  return Math.max(1, Math.ceil((Date.parse(runtime.end) - Date.parse(runtime.start)) / 86_400_000));
}
