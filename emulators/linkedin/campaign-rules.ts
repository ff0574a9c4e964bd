import { type FieldRules, fieldBreaches } from '../toolkit/required-fields.js';
import { type Patch, patchedSchedule, scheduleErrors } from './patch.js';
import type { InputError } from './protocol.js';
import { type Account, type Campaign, idOf, type LinkedInState, urn } from './state.js';

/**
 * LinkedIn's campaign rules the emulator enforces (create and partial update), written from the
 * campaign schema of "Create and Manage Campaigns" (learn.microsoft.com/linkedin/marketing/integrations/
 * ads/account-structure/create-and-manage-campaigns), since LinkedIn publishes no machine-readable one.
 */

export const CREATE_STATUSES = ['ACTIVE', 'PAUSED', 'DRAFT'];
export const UPDATE_STATUSES = ['ACTIVE', 'PAUSED', 'ARCHIVED', 'CANCELED'];
const TYPES = ['TEXT_AD', 'SPONSORED_UPDATES', 'SPONSORED_INMAILS', 'DYNAMIC'];
const COST_TYPES = ['CPM', 'CPC', 'CPV'];
export const POLITICAL_INTENTS = ['POLITICAL', 'NOT_POLITICAL', 'NOT_DECLARED'];
const PACING_STRATEGIES = ['DAILY', 'LIFETIME'];
/** Automated ("maximum delivery") optimization targets: LinkedIn sets the bid, so no unitCost. */
const AUTOMATED_TARGETS = [
  'MAX_REACH',
  'MAX_IMPRESSION',
  'MAX_CLICK',
  'MAX_LEAD',
  'MAX_QUALIFIED_LEAD',
  'MAX_CONVERSION',
  'MAX_VIDEO_VIEW',
];
/** Targets with a bid amount: manual, target cost and cost cap (unitCost required). */
const BID_TARGETS = [
  'NONE',
  'ENHANCED_CONVERSION',
  'TARGET_COST_PER_CLICK',
  'TARGET_COST_PER_IMPRESSION',
  'TARGET_COST_PER_VIDEO_VIEW',
  'CAP_COST_AND_MAXIMIZE_CLICKS',
  'CAP_COST_AND_MAXIMIZE_IMPRESSIONS',
  'CAP_COST_AND_MAXIMIZE_VIDEO_VIEWS',
  'CAP_COST_AND_MAXIMIZE_LEADS',
];
/** The automated targets each objective offers (Campaign Manager's "maximum delivery" choices). */
const OBJECTIVE_TARGETS: Record<string, string[]> = {
  BRAND_AWARENESS: ['MAX_REACH', 'MAX_IMPRESSION'],
  WEBSITE_VISITS: ['MAX_CLICK'],
  ENGAGEMENT: ['MAX_CLICK'],
  VIDEO_VIEWS: ['MAX_VIDEO_VIEW'],
  LEAD_GENERATION: ['MAX_LEAD', 'MAX_QUALIFIED_LEAD'],
  WEBSITE_CONVERSIONS: ['MAX_CONVERSION'],
};

/** The fields the campaign schema marks required on create, and the enums it lists. */
const CREATE_RULES: FieldRules = {
  account: { required: true },
  campaignGroup: { required: true },
  name: { required: true },
  type: { required: true, oneOf: TYPES },
  costType: { required: true, oneOf: COST_TYPES },
  politicalIntent: { required: true, oneOf: POLITICAL_INTENTS },
  locale: { required: true },
  targetingCriteria: { required: true },
  'runSchedule.start': { required: true },
  status: { required: true, oneOf: CREATE_STATUSES },
  pacingStrategy: { oneOf: PACING_STRATEGIES },
  optimizationTargetType: { oneOf: [...AUTOMATED_TARGETS, ...BID_TARGETS] },
};
/** Minimum budgets, in major units of the account currency. */
const MIN_DAILY_BUDGET = 10;
export const MIN_TOTAL_BUDGET = 100;
const DECIMAL = /^\d{1,12}(\.\d{1,2})?$/;
const LOCATION_FACETS = ['urn:li:adTargetingFacet:locations', 'urn:li:adTargetingFacet:profileLocations'];
/** Statuses of what is being (or has been) deleted: search finders leave them out unless asked. */
export const DELETED = ['PENDING_DELETION', 'REMOVED'];

type Body = Record<string, unknown>;
export const invalid = (fieldPath: string, description: string, code = 'INVALID_VALUE'): InputError => ({
  fieldPath,
  code,
  description,
});

export function money(field: string, value: unknown, account: Account, minimum: number): InputError[] {
  const m = value as { amount?: unknown; currencyCode?: unknown } | null;
  if (typeof m !== 'object' || m === null || typeof m.amount !== 'string' || !DECIMAL.test(m.amount)) {
    return [invalid(`${field}.amount`, `${field}.amount must be a decimal string such as "50.00".`)];
  }
  if (m.currencyCode !== account.currency) {
    return [
      invalid(`${field}.currencyCode`, `${field} must be in the account currency ${account.currency}.`),
    ];
  }
  if (Number(m.amount) < minimum) {
    return [
      invalid(
        `${field}.amount`,
        `${field} must be at least ${minimum} ${account.currency}.`,
        'FIELD_VALUE_TOO_LOW',
      ),
    ];
  }
  return [];
}

export function name(value: unknown): InputError[] {
  return typeof value === 'string' && value.trim() !== '' && value.length <= 255
    ? []
    : [invalid('name', 'name must be 1 to 255 characters.')];
}

function hasLocation(criteria: unknown): boolean {
  const and = (criteria as { include?: { and?: { or?: Record<string, unknown> }[] } } | null)?.include?.and;
  return (
    Array.isArray(and) &&
    and.some((clause) =>
      LOCATION_FACETS.some((f) => Array.isArray(clause?.or?.[f]) && clause.or[f].length > 0),
    )
  );
}

function budgets(body: Body, account: Account): InputError[] {
  if (body.dailyBudget === undefined && body.totalBudget === undefined) {
    return [invalid('dailyBudget', 'A campaign needs a dailyBudget or a totalBudget.', 'MISSING_FIELD')];
  }
  const errors = [
    ...(body.dailyBudget === undefined
      ? []
      : money('dailyBudget', body.dailyBudget, account, MIN_DAILY_BUDGET)),
    ...(body.totalBudget === undefined
      ? []
      : money('totalBudget', body.totalBudget, account, MIN_TOTAL_BUDGET)),
  ];
  const [daily, total] = [body.dailyBudget, body.totalBudget] as ({ amount: string } | undefined)[];
  if (errors.length === 0 && daily && total && Number(daily.amount) > Number(total.amount)) {
    errors.push(invalid('dailyBudget.amount', 'dailyBudget must not exceed totalBudget.'));
  }
  return errors;
}

export const breachErrors = (body: Body, rules: FieldRules): InputError[] =>
  fieldBreaches(body, rules).map(({ field, problem, allowed }) =>
    problem === 'missing'
      ? invalid(field, `${field} is required.`, 'MISSING_FIELD')
      : invalid(field, `${field} must be one of ${allowed!.join(', ')}.`),
  );

/**
 * Sponsored Content names the organization it promotes (`associatedEntity`, the ad account's
 * `reference`); automated bidding goes without `unitCost`, any other bid needs one and the automated
 * target must be one the objective offers; `totalBudget` is for lifetime pacing with an end date.
 */
function conditionalErrors(body: Body, account: Account): InputError[] {
  const errors: InputError[] = [];
  if (body.type === 'SPONSORED_UPDATES' && body.associatedEntity === undefined) {
    errors.push(
      invalid('associatedEntity', 'associatedEntity is required for Sponsored Content.', 'MISSING_FIELD'),
    );
  } else if (body.associatedEntity !== undefined && body.associatedEntity !== account.reference) {
    errors.push(invalid('associatedEntity', "associatedEntity must be the ad account's organization."));
  }
  const target = body.optimizationTargetType as string | undefined;
  const automated = target !== undefined && AUTOMATED_TARGETS.includes(target);
  if (!automated) {
    errors.push(...money('unitCost', body.unitCost, account, 0.01));
  } else if (!(OBJECTIVE_TARGETS[body.objectiveType as string] ?? []).includes(target)) {
    errors.push(
      invalid(
        'optimizationTargetType',
        `${target} is not offered for the objective ${String(body.objectiveType)}.`,
      ),
    );
  }
  if (body.totalBudget !== undefined) {
    if (body.pacingStrategy !== 'LIFETIME') {
      errors.push(invalid('pacingStrategy', 'totalBudget is for campaigns with LIFETIME pacing.'));
    }
    if (typeof (body.runSchedule as { end?: unknown } | undefined)?.end !== 'number') {
      errors.push(invalid('runSchedule.end', 'A lifetime budget needs runSchedule.end.', 'MISSING_FIELD'));
    }
  }
  return errors;
}

/** What is wrong with a create body for `account` (empty: it is accepted). */
export function createErrors(body: Body, account: Account, state: LinkedInState): InputError[] {
  const errors: InputError[] = [...breachErrors(body, CREATE_RULES), ...conditionalErrors(body, account)];
  if (errors.length > 0) return errors;
  errors.push(...name(body.name));
  if (body.account !== urn.account(account.id)) {
    errors.push(invalid('account', `account must be ${urn.account(account.id)}.`));
  }
  const group =
    typeof body.campaignGroup === 'string' ? state.groups.get(idOf(body.campaignGroup)) : undefined;
  if (!group || group.account !== urn.account(account.id) || DELETED.includes(group.status)) {
    errors.push(invalid('campaignGroup', 'campaignGroup must be a campaign group of this account.'));
  } else if (group.objectiveType && body.objectiveType !== group.objectiveType) {
    errors.push(
      invalid(
        'objectiveType',
        `objectiveType must be the campaign group's objective ${group.objectiveType}.`,
      ),
    );
  }
  errors.push(...budgets(body, account));
  const locale = body.locale as { country?: unknown; language?: unknown } | undefined;
  if (!/^[A-Z]{2}$/.test(String(locale?.country)) || !/^[a-z]{2}$/.test(String(locale?.language))) {
    errors.push(invalid('locale', 'locale must be {country: "US", language: "en"} style.'));
  }
  if (!hasLocation(body.targetingCriteria)) {
    errors.push(
      invalid('targetingCriteria', 'targetingCriteria must include a location facet.', 'MISSING_FIELD'),
    );
  }
  if (typeof (body.runSchedule as { start?: unknown } | undefined)?.start !== 'number') {
    errors.push(invalid('runSchedule.start', 'runSchedule.start must be epoch milliseconds.'));
  }
  if (body.type === 'SPONSORED_UPDATES' && typeof body.offsiteDeliveryEnabled !== 'boolean') {
    errors.push(
      invalid(
        'offsiteDeliveryEnabled',
        'offsiteDeliveryEnabled is required for Sponsored Content.',
        'MISSING_FIELD',
      ),
    );
  }
  return errors;
}

/** The `$set` fields a partial update may change here. */
const PATCHABLE = ['name', 'status', 'dailyBudget', 'totalBudget', 'runSchedule'];

export function patchErrors(patch: Patch, campaign: Campaign, account: Account): InputError[] {
  const { set } = patch;
  const errors = Object.keys(set)
    .filter((k) => !PATCHABLE.includes(k))
    .map((k) => invalid(k, `${k} cannot be changed by this emulator.`));
  if (DELETED.includes(campaign.status)) errors.push(invalid('status', 'The campaign is being deleted.'));
  if ('name' in set) errors.push(...name(set.name));
  if ('status' in set && !UPDATE_STATUSES.includes(set.status as string)) {
    errors.push(invalid('status', `status can be set to ${UPDATE_STATUSES.join(', ')}.`));
  }
  if ('totalBudget' in set && campaign.pacingStrategy !== 'LIFETIME') {
    errors.push(invalid('totalBudget', 'totalBudget is for campaigns with LIFETIME pacing.'));
  }
  if ('dailyBudget' in set || 'totalBudget' in set) {
    errors.push(
      ...budgets({ dailyBudget: campaign.dailyBudget, totalBudget: campaign.totalBudget, ...set }, account),
    );
  }
  const schedule = patchedSchedule(campaign.runSchedule, patch);
  if (schedule !== campaign.runSchedule) {
    errors.push(...scheduleErrors(schedule, campaign.runSchedule));
    if (campaign.totalBudget && (schedule as { end?: unknown }).end === undefined) {
      errors.push(invalid('runSchedule.end', 'A lifetime budget needs runSchedule.end.', 'MISSING_FIELD'));
    }
  }
  return errors;
}

/** The campaign's fields after an accepted patch. */
export const patched = (campaign: Campaign, patch: Patch): Partial<Campaign> => ({
  ...patch.set,
  runSchedule: patchedSchedule(campaign.runSchedule, patch) as Campaign['runSchedule'],
});
