import { type FieldRules, fieldBreaches } from '../toolkit/required-fields.js';
import { DELETED, invalid, MIN_TOTAL_BUDGET, money, name } from './campaign-rules.js';
import { type Patch, patchedSchedule, scheduleErrors } from './patch.js';
import type { InputError } from './protocol.js';
import { type Account, type Group, urn } from './state.js';

/**
 * LinkedIn's campaign group rules the emulator enforces, written from the campaign group schema of
 * "Create and Manage Campaign Groups" (learn.microsoft.com/linkedin/marketing/integrations/ads/
 * account-structure/create-and-manage-campaign-groups): `account`, `name`, `runSchedule.start` and
 * `status` required; an optional `totalBudget` in the account currency (with an end to spend it by);
 * an optional `objectiveType` that every campaign of the group then has, fixed once set.
 */
export const GROUP_CREATE_STATUSES = ['ACTIVE', 'PAUSED', 'DRAFT'];
export const GROUP_UPDATE_STATUSES = ['ACTIVE', 'PAUSED', 'ARCHIVED', 'CANCELED'];
export const OBJECTIVE_TYPES = [
  'BRAND_AWARENESS',
  'ENGAGEMENT',
  'JOB_APPLICANTS',
  'LEAD_GENERATION',
  'WEBSITE_CONVERSIONS',
  'WEBSITE_VISITS',
  'VIDEO_VIEWS',
];
/** The fields this emulator models; another is refused rather than silently ignored. */
const FIELDS = ['account', 'name', 'status', 'runSchedule', 'totalBudget', 'objectiveType'];

const CREATE_RULES: FieldRules = {
  account: { required: true },
  name: { required: true },
  status: { required: true, oneOf: GROUP_CREATE_STATUSES },
  'runSchedule.start': { required: true },
  objectiveType: { oneOf: OBJECTIVE_TYPES },
};

type Body = Record<string, unknown>;

const unknownFields = (body: Body) =>
  Object.keys(body)
    .filter((k) => !FIELDS.includes(k))
    .map((k) => invalid(k, `${k} is not a campaign group field this emulator takes.`));

/** A total budget at least the minimum, in the account currency, spent by the schedule's end. */
function totalBudget(body: Body, account: Account): InputError[] {
  if (body.totalBudget === undefined) return [];
  const errors = money('totalBudget', body.totalBudget, account, MIN_TOTAL_BUDGET);
  if (typeof (body.runSchedule as { end?: unknown } | undefined)?.end !== 'number') {
    errors.push(
      invalid(
        'runSchedule.end',
        'A campaign group with a totalBudget needs runSchedule.end.',
        'MISSING_FIELD',
      ),
    );
  }
  return errors;
}

export function createGroupErrors(body: Body, account: Account): InputError[] {
  const errors = [
    ...unknownFields(body),
    ...fieldBreaches(body, CREATE_RULES).map(({ field, problem, allowed }) =>
      problem === 'missing'
        ? invalid(field, `${field} is required.`, 'MISSING_FIELD')
        : invalid(field, `${field} must be one of ${allowed!.join(', ')}.`),
    ),
  ];
  if (errors.length > 0) return errors;
  errors.push(...name(body.name));
  if (body.account !== urn.account(account.id)) {
    errors.push(invalid('account', `account must be ${urn.account(account.id)}.`));
  }
  errors.push(...scheduleErrors(body.runSchedule, undefined), ...totalBudget(body, account));
  return errors;
}

/** A partial update: name, status, total budget and schedule; the objective is fixed once set. */
export function patchGroupErrors(patch: Patch, group: Group, account: Account): InputError[] {
  const { set } = patch;
  const errors = unknownFields(set);
  if ('account' in set) errors.push(invalid('account', 'account cannot be changed.'));
  if ('objectiveType' in set && set.objectiveType !== group.objectiveType) {
    errors.push(invalid('objectiveType', 'objectiveType cannot be changed once set.'));
  }
  if (DELETED.includes(group.status)) errors.push(invalid('status', 'The campaign group is being deleted.'));
  if ('name' in set) errors.push(...name(set.name));
  if ('status' in set && !GROUP_UPDATE_STATUSES.includes(set.status as string)) {
    errors.push(invalid('status', `status can be set to ${GROUP_UPDATE_STATUSES.join(', ')}.`));
  }
  const schedule = patchedSchedule(group.runSchedule, patch);
  if (schedule !== group.runSchedule) errors.push(...scheduleErrors(schedule, group.runSchedule));
  if ('totalBudget' in set || schedule !== group.runSchedule) {
    errors.push(...totalBudget({ totalBudget: group.totalBudget, ...set, runSchedule: schedule }, account));
  }
  return errors;
}
