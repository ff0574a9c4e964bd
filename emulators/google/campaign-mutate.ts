import { minorUnitExponent } from '../../src/adsets/money.js';
import { zonedTime } from '../../src/domain/zoned-time.js';
import type { FieldPathElement } from './errors.js';
import {
  adGroupPrimaryStatus,
  type Campaign,
  type CampaignBudget,
  type EntityStatus,
  type NetworkSettings,
} from './model.js';
import {
  at,
  checkKeys,
  checkStatus,
  fail,
  operationOf,
  ownId,
  rememberTemporary,
  snake,
  type Transaction,
} from './mutate.js';

/**
 * CampaignBudgetOperation and CampaignOperation as Google validates them (v25 protos in
 * google-ads-node; CampaignBudgetError, CampaignError, DateError, DateRangeError,
 * MutateError.EU_POLITICAL_ADVERTISING_DECLARATION_REQUIRED). Campaign dates are
 * `start_date_time`/`end_date_time` in the customer's time zone; Search and Display campaigns have
 * daily granularity only (00:00:00 starts, 23:59:59 ends).
 */

type Json = Record<string, unknown>;
type Path = FieldPathElement[];

const NAME_MAX = 255;
const BUDGET_INPUT = [
  'resourceName',
  'name',
  'period',
  'amountMicros',
  'totalAmountMicros',
  'deliveryMethod',
  'explicitlyShared',
];
const BUDGET_UPDATABLE = [
  'name',
  'amount_micros',
  'total_amount_micros',
  'delivery_method',
  'explicitly_shared',
];
const CAMPAIGN_INPUT = [
  'resourceName',
  'name',
  'status',
  'advertisingChannelType',
  'campaignBudget',
  'startDateTime',
  'endDateTime',
  'containsEuPoliticalAdvertising',
  'networkSettings',
  'manualCpc',
  'targetSpend',
];
const CAMPAIGN_UPDATABLE = ['name', 'status', 'start_date_time', 'end_date_time', 'campaign_budget'];
const IMMUTABLE = ['advertising_channel_type', 'period'];
/** The channels whose campaigns the API creates; Video campaigns need a reservation (VideoCampaignError). */
const CREATABLE_CHANNELS = ['SEARCH', 'DISPLAY'];
const CHANNELS = [
  'SEARCH',
  'DISPLAY',
  'SHOPPING',
  'HOTEL',
  'VIDEO',
  'MULTI_CHANNEL',
  'LOCAL',
  'SMART',
  'PERFORMANCE_MAX',
  'LOCAL_SERVICES',
  'TRAVEL',
  'DEMAND_GEN',
];
const EU_POLITICAL = ['CONTAINS_EU_POLITICAL_ADVERTISING', 'DOES_NOT_CONTAIN_EU_POLITICAL_ADVERTISING'];
const DATE_TIME = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})$/;

const budgetOf = (tx: Transaction, name: string) =>
  [...tx.account.budgets.values()].find((b) => b.resourceName === name);
const campaignsUsing = (tx: Transaction, budget: CampaignBudget, except?: string) =>
  [...tx.account.campaigns.values()].filter(
    (c) => c.campaignBudget === budget.resourceName && c.status !== 'REMOVED' && c.id !== except,
  );
/** Today in the customer's time zone, `yyyy-MM-dd`. */
const today = (tx: Transaction) => zonedTime(new Date(), tx.account.customer.timeZone).slice(0, 10);

/** The update mask's fields in snake case, or null after recording why the mask is refused. */
function maskFields(tx: Transaction, mask: unknown, updatable: string[], path: Path): string[] | null {
  if (typeof mask !== 'string' || mask === '') {
    fail(tx, at(path, 'update_mask'), { fieldMaskError: 'FIELD_MASK_MISSING' }, 'The field mask is missing.');
    return null;
  }
  const fields = mask.split(',').map(snake);
  const immutable = fields.find((f) => IMMUTABLE.includes(f));
  if (immutable) {
    fail(
      tx,
      at(path, 'update', immutable),
      { fieldError: 'IMMUTABLE_FIELD' },
      'The field cannot be modified.',
    );
    return null;
  }
  const unknown = fields.filter((f) => !updatable.includes(f));
  if (unknown.length > 0) {
    fail(
      tx,
      at(path, 'update_mask'),
      { fieldMaskError: 'FIELD_NOT_FOUND' },
      `Unknown fields: ${unknown.join(',')}.`,
    );
    return null;
  }
  return fields;
}

/** A money amount (int64 micros as a string) the customer's currency can hold, else why not. */
function checkMoney(tx: Transaction, value: unknown, path: Path): void {
  const unit = 10 ** (6 - minorUnitExponent(tx.account.customer.currencyCode));
  const micros = typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : Number.NaN;
  if (Number.isNaN(micros)) {
    fail(tx, path, { fieldError: 'INVALID_VALUE' }, 'The amount must be an int64 of micros.');
  } else if (micros < 0) {
    fail(tx, path, { campaignBudgetError: 'NEGATIVE_MONEY_AMOUNT' }, 'The budget amount is negative.');
  } else if (micros < unit) {
    fail(
      tx,
      path,
      { campaignBudgetError: 'MONEY_AMOUNT_LESS_THAN_CURRENCY_MINIMUM_CPC' },
      'The budget amount is less than the currency minimum.',
    );
  } else if (micros % unit !== 0) {
    fail(
      tx,
      path,
      { campaignBudgetError: 'NON_MULTIPLE_OF_MINIMUM_CURRENCY_UNIT' },
      'The budget amount is not a multiple of the minimum currency unit.',
    );
  }
}

/** The amounts a budget of its period holds: amount_micros for DAILY, total_amount_micros for CUSTOM_PERIOD. */
function checkAmounts(tx: Transaction, budget: Partial<CampaignBudget>, path: Path): void {
  const [own, other] =
    budget.period === 'CUSTOM_PERIOD'
      ? (['totalAmountMicros', 'amountMicros'] as const)
      : (['amountMicros', 'totalAmountMicros'] as const);
  if (budget[other] !== undefined) {
    fail(
      tx,
      at(path, snake(other)),
      {
        campaignBudgetError:
          other === 'amountMicros'
            ? 'BUDGET_AMOUNT_MUST_BE_UNSET_FOR_CUSTOM_BUDGET_PERIOD'
            : 'TOTAL_BUDGET_AMOUNT_MUST_BE_UNSET_FOR_BUDGET_PERIOD_DAILY',
      },
      `${snake(other)} must be unset for a ${budget.period} budget.`,
    );
  }
  if (budget[own] === undefined)
    fail(tx, at(path, snake(own)), { fieldError: 'REQUIRED' }, 'The field is required.');
  else checkMoney(tx, budget[own], at(path, snake(own)));
}

function checkBudgetName(tx: Transaction, budget: Partial<CampaignBudget>, path: Path): void {
  if (budget.name === undefined) {
    if (budget.explicitlyShared)
      fail(tx, at(path, 'name'), { fieldError: 'REQUIRED' }, 'A shared budget needs a name.');
    return;
  }
  if (typeof budget.name !== 'string' || budget.name.length > NAME_MAX) {
    fail(tx, at(path, 'name'), { stringLengthError: 'TOO_LONG' }, 'Too long.');
    return;
  }
  const taken = [...tx.account.budgets.values()].some(
    (b) => b.id !== budget.id && b.status !== 'REMOVED' && b.name === budget.name,
  );
  if (taken) {
    fail(
      tx,
      at(path, 'name'),
      { campaignBudgetError: 'DUPLICATE_NAME' },
      'Budget with the same name already exists.',
    );
  }
}

function checkDelivery(tx: Transaction, method: unknown, path: Path): void {
  if (method === 'ACCELERATED') {
    fail(
      tx,
      path,
      { campaignBudgetError: 'CANNOT_USE_ACCELERATED_DELIVERY_MODE' },
      'Accelerated delivery is no longer available.',
    );
  } else if (method !== 'STANDARD') {
    fail(
      tx,
      path,
      { requestError: 'INVALID_ENUM_VALUE' },
      `Invalid BudgetDeliveryMethod: ${String(method)}.`,
    );
  }
}

export function budgetOperation(tx: Transaction, raw: unknown, path: Path, prefix: string): Json | null {
  const op = operationOf(tx, raw, path, prefix);
  if (!op) return null;
  if (op.kind === 'remove') {
    const budget = existingBudget(tx, op.body, at(path, 'remove'));
    if (!budget) return null;
    if (campaignsUsing(tx, budget).length > 0) {
      fail(
        tx,
        at(path, 'remove'),
        { campaignBudgetError: 'CAMPAIGN_BUDGET_IN_USE' },
        'The budget is in use.',
      );
      return null;
    }
    budget.status = 'REMOVED';
    return { resourceName: budget.resourceName };
  }
  const body = (op.body ?? {}) as Json;
  checkKeys(body, BUDGET_INPUT, `${prefix}${op.kind}.`);
  const here = at(path, op.kind);
  const errors = tx.errors.length;
  if (op.kind === 'create') {
    const period = body.period ?? 'DAILY';
    const draft = {
      ...body,
      period,
      deliveryMethod: body.deliveryMethod ?? 'STANDARD',
      explicitlyShared: body.explicitlyShared ?? true,
    } as Partial<CampaignBudget>;
    if (period !== 'DAILY' && period !== 'CUSTOM_PERIOD') {
      fail(
        tx,
        at(here, 'period'),
        { campaignBudgetError: 'INVALID_PERIOD' },
        `Invalid budget period ${String(period)}.`,
      );
    } else checkAmounts(tx, draft, here);
    checkBudgetName(tx, draft, here);
    checkDelivery(tx, draft.deliveryMethod, at(here, 'delivery_method'));
    if (tx.errors.length > errors) return null;
    const id = tx.state.newId();
    rememberTemporary(tx, body.resourceName, 'campaignBudgets', id);
    const budget: CampaignBudget = {
      ...(draft as CampaignBudget),
      resourceName: `customers/${tx.account.customer.id}/campaignBudgets/${id}`,
      id,
      status: 'ENABLED',
    };
    tx.account.budgets.set(id, budget);
    return { resourceName: budget.resourceName };
  }
  const budget = existingBudget(tx, body.resourceName, at(here, 'resource_name'));
  const fields = budget && maskFields(tx, op.mask, BUDGET_UPDATABLE, path);
  if (!budget || !fields) return null;
  const changed: Partial<CampaignBudget> = { ...budget };
  for (const field of fields) {
    const key = field.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()) as keyof CampaignBudget;
    (changed as Json)[key] = body[key];
  }
  if (fields.some((f) => f.endsWith('amount_micros'))) checkAmounts(tx, changed, here);
  if (fields.includes('delivery_method'))
    checkDelivery(tx, changed.deliveryMethod, at(here, 'delivery_method'));
  if (fields.includes('explicitly_shared') && budget.explicitlyShared && changed.explicitlyShared !== true) {
    fail(
      tx,
      at(here, 'explicitly_shared'),
      { campaignBudgetError: 'CANNOT_UPDATE_CAMPAIGN_BUDGET_TO_IMPLICITLY_SHARED' },
      'A shared budget cannot become a campaign’s own.',
    );
  }
  checkBudgetName(tx, changed, here);
  if (tx.errors.length > errors) return null;
  Object.assign(budget, changed);
  return { resourceName: budget.resourceName };
}

function existingBudget(tx: Transaction, name: unknown, path: Path): CampaignBudget | null {
  const id = ownId(tx, name, 'campaignBudgets', path);
  const budget = id === null ? undefined : tx.account.budgets.get(id);
  if (id !== null && !budget)
    fail(tx, path, { mutateError: 'RESOURCE_NOT_FOUND' }, 'Resource was not found.');
  if (budget?.status === 'REMOVED') {
    fail(tx, path, { campaignBudgetError: 'CAMPAIGN_BUDGET_REMOVED' }, 'The budget was removed.');
    return null;
  }
  return budget ?? null;
}

function existingCampaign(tx: Transaction, name: unknown, path: Path): Campaign | null {
  const id = ownId(tx, name, 'campaigns', path);
  const campaign = id === null ? undefined : tx.account.campaigns.get(id);
  if (id !== null && !campaign)
    fail(tx, path, { mutateError: 'RESOURCE_NOT_FOUND' }, 'Resource was not found.');
  if (campaign?.status === 'REMOVED') {
    fail(
      tx,
      path,
      { operationAccessDeniedError: 'OPERATION_NOT_PERMITTED_FOR_REMOVED_RESOURCE' },
      'Operation is not permitted on a removed resource.',
    );
    return null;
  }
  return campaign ?? null;
}

function checkCampaignName(tx: Transaction, name: unknown, self: string | null, path: Path): void {
  if (typeof name !== 'string' || name.trim() === '') {
    fail(tx, path, { fieldError: 'REQUIRED' }, 'The campaign name is required.');
  } else if (name.length > NAME_MAX) {
    fail(tx, path, { stringLengthError: 'TOO_LONG' }, 'Too long.');
  } else if (
    [...tx.account.campaigns.values()].some((c) => c.id !== self && c.status !== 'REMOVED' && c.name === name)
  ) {
    fail(tx, path, { campaignError: 'DUPLICATE_CAMPAIGN_NAME' }, 'A campaign with this name already exists.');
  }
}

/** The budget a campaign is given: one that exists, and not another campaign's own (implicitly shared) budget. */
function checkBudgetLink(
  tx: Transaction,
  name: unknown,
  self: string | null,
  path: Path,
): CampaignBudget | null {
  if (name === undefined) {
    fail(tx, path, { fieldError: 'REQUIRED' }, 'The campaign budget is required.');
    return null;
  }
  const budget = existingBudget(tx, name, path);
  if (budget && !budget.explicitlyShared && campaignsUsing(tx, budget, self ?? undefined).length > 0) {
    fail(
      tx,
      path,
      { campaignBudgetError: 'CANNOT_USE_IMPLICITLY_SHARED_CAMPAIGN_BUDGET_WITH_MULTIPLE_CAMPAIGNS' },
      'The budget belongs to another campaign.',
    );
    return null;
  }
  return budget;
}

function checkNetworks(
  tx: Transaction,
  channel: string,
  networks: NetworkSettings | undefined,
  path: Path,
): void {
  const n = networks ?? {};
  if (channel === 'DISPLAY' && (n.targetGoogleSearch || n.targetSearchNetwork)) {
    fail(
      tx,
      path,
      { campaignError: 'CANNOT_TARGET_SEARCH_NETWORK' },
      'Display campaigns cannot target search.',
    );
  } else if (channel === 'SEARCH' && n.targetSearchNetwork && !n.targetGoogleSearch) {
    fail(
      tx,
      path,
      { campaignError: 'CANNOT_TARGET_SEARCH_NETWORK_WITHOUT_GOOGLE_SEARCH' },
      'Search partners need Google Search.',
    );
  } else if (
    channel === 'SEARCH' &&
    !n.targetGoogleSearch &&
    !n.targetSearchNetwork &&
    !n.targetContentNetwork
  ) {
    fail(
      tx,
      path,
      { campaignError: 'CAMPAIGN_MUST_TARGET_AT_LEAST_ONE_NETWORK' },
      'The campaign must target at least one network.',
    );
  }
}

/** Start and end in the customer's time zone: whole days for Search and Display, not in the past, in order. */
function checkDates(
  tx: Transaction,
  dates: { start: unknown; end: unknown; startMoved: boolean; endMoved: boolean },
  path: Path,
): void {
  const errors = tx.errors.length;
  const day = today(tx);
  const parts = (value: unknown, field: string, time: string, edge: string) => {
    const match = typeof value === 'string' ? DATE_TIME.exec(value) : null;
    if (!match || Number.isNaN(Date.parse(`${match[1]}T${match[2]}Z`))) {
      fail(
        tx,
        at(path, field),
        { dateError: 'INVALID_STRING_DATE_TIME_SECONDS' },
        'The format should be yyyy-mm-dd hh:mm:ss.',
      );
      return undefined;
    }
    if (match[2] !== time) {
      fail(tx, at(path, field), { dateError: edge }, `This campaign type takes whole days (${time}).`);
      return undefined;
    }
    return match[1]!;
  };
  const start = parts(
    dates.start,
    'start_date_time',
    '00:00:00',
    'DATE_RANGE_ERROR_START_TIME_MUST_BE_THE_START_OF_A_DAY',
  );
  const end =
    dates.end === undefined
      ? undefined
      : parts(dates.end, 'end_date_time', '23:59:59', 'DATE_RANGE_ERROR_END_TIME_MUST_BE_THE_END_OF_A_DAY');
  if (tx.errors.length > errors) return;
  if (dates.startMoved && start! < day) {
    fail(
      tx,
      at(path, 'start_date_time'),
      { campaignError: 'CANNOT_SET_DATE_TO_PAST' },
      'The start date is in the past.',
    );
  }
  if (dates.endMoved && end !== undefined && end < day) {
    fail(
      tx,
      at(path, 'end_date_time'),
      { campaignError: 'CANNOT_SET_DATE_TO_PAST' },
      'The end date is in the past.',
    );
  } else if (end !== undefined && end < start!) {
    fail(
      tx,
      at(path, 'end_date_time'),
      { dateRangeError: 'START_DATE_AFTER_END_DATE' },
      'The start is after the end.',
    );
  }
}

function checkTotalBudgetEnd(tx: Transaction, budget: CampaignBudget | null, end: unknown, path: Path): void {
  if (budget?.period === 'CUSTOM_PERIOD' && end === undefined) {
    fail(
      tx,
      at(path, 'end_date_time'),
      { campaignError: 'END_DATE_TIME_REQUIRED_FOR_TOTAL_BUDGET' },
      'A campaign with a total budget needs an end date.',
    );
  }
}

const primaryStatus = (status: EntityStatus) =>
  status === 'ENABLED' ? 'ELIGIBLE' : status === 'PAUSED' ? 'PAUSED' : 'REMOVED';

/** A campaign's status reaches its ad groups' serving status. */
function setStatus(tx: Transaction, campaign: Campaign, status: EntityStatus): void {
  campaign.status = status;
  campaign.primaryStatus = primaryStatus(status);
  for (const adGroup of tx.account.adGroups.values()) {
    if (adGroup.campaign === campaign.resourceName)
      adGroup.primaryStatus = adGroupPrimaryStatus(adGroup.status, campaign);
  }
}

export function campaignOperation(tx: Transaction, raw: unknown, path: Path, prefix: string): Json | null {
  const op = operationOf(tx, raw, path, prefix);
  if (!op) return null;
  if (op.kind === 'remove') {
    const campaign = existingCampaign(tx, op.body, at(path, 'remove'));
    if (!campaign) return null;
    setStatus(tx, campaign, 'REMOVED');
    return { resourceName: campaign.resourceName };
  }
  const body = (op.body ?? {}) as Json;
  checkKeys(body, CAMPAIGN_INPUT, `${prefix}${op.kind}.`);
  return op.kind === 'create'
    ? createCampaign(tx, body, at(path, 'create'))
    : updateCampaign(tx, body, op.mask, path);
}

function createCampaign(tx: Transaction, body: Json, path: Path): Json | null {
  const errors = tx.errors.length;
  checkCampaignName(tx, body.name, null, at(path, 'name'));
  const status = body.status ?? 'ENABLED';
  checkStatus(tx, status, at(path, 'status'));
  const channel = body.advertisingChannelType;
  if (channel === undefined) {
    fail(tx, at(path, 'advertising_channel_type'), { fieldError: 'REQUIRED' }, 'The field is required.');
  } else if (!CHANNELS.includes(channel as string)) {
    fail(
      tx,
      at(path, 'advertising_channel_type'),
      { requestError: 'INVALID_ENUM_VALUE' },
      `Invalid AdvertisingChannelType: ${String(channel)}.`,
    );
  } else if (channel === 'VIDEO') {
    fail(
      tx,
      at(path, 'advertising_channel_type'),
      { videoCampaignError: 'MUTATE_REQUIRES_RESERVATION' },
      'Video campaigns cannot be created through the API without a reservation.',
    );
  } else if (!CREATABLE_CHANNELS.includes(channel as string)) {
    fail(
      tx,
      at(path, 'advertising_channel_type'),
      { operationAccessDeniedError: 'OPERATION_NOT_PERMITTED_FOR_CAMPAIGN_TYPE' },
      `The emulator creates SEARCH and DISPLAY campaigns, not ${String(channel)}.`,
    );
  }
  const budget = checkBudgetLink(tx, body.campaignBudget, null, at(path, 'campaign_budget'));
  const bidding = ['manualCpc', 'targetSpend'].filter((k) => body[k] !== undefined);
  if (bidding.length !== 1) {
    fail(
      tx,
      at(path, 'campaign_bidding_strategy'),
      { fieldError: 'REQUIRED' },
      'Exactly one bidding strategy is required.',
    );
  }
  if (!EU_POLITICAL.includes(body.containsEuPoliticalAdvertising as string)) {
    fail(
      tx,
      at(path, 'contains_eu_political_advertising'),
      { mutateError: 'EU_POLITICAL_ADVERTISING_DECLARATION_REQUIRED' },
      'The campaign must declare whether it contains EU political advertising.',
    );
  }
  checkNetworks(
    tx,
    channel as string,
    body.networkSettings as NetworkSettings | undefined,
    at(path, 'network_settings'),
  );
  const start = body.startDateTime ?? `${today(tx)} 00:00:00`;
  checkDates(tx, { start, end: body.endDateTime, startMoved: true, endMoved: true }, path);
  checkTotalBudgetEnd(tx, budget, body.endDateTime, path);
  if (tx.errors.length > errors || !budget) return null;

  const id = tx.state.newId();
  rememberTemporary(tx, body.resourceName, 'campaigns', id);
  const campaign: Campaign = {
    resourceName: `customers/${tx.account.customer.id}/campaigns/${id}`,
    id,
    name: body.name as string,
    status: status as EntityStatus,
    primaryStatus: primaryStatus(status as EntityStatus),
    advertisingChannelType: channel as string,
    campaignBudget: budget.resourceName,
    startDateTime: start as string,
    ...(body.endDateTime === undefined ? {} : { endDateTime: body.endDateTime as string }),
    containsEuPoliticalAdvertising: body.containsEuPoliticalAdvertising as string,
    ...(body.networkSettings === undefined
      ? {}
      : { networkSettings: body.networkSettings as NetworkSettings }),
    biddingStrategyType: bidding[0] === 'manualCpc' ? 'MANUAL_CPC' : 'TARGET_SPEND',
  };
  tx.account.campaigns.set(id, campaign);
  return { resourceName: campaign.resourceName };
}

function updateCampaign(tx: Transaction, body: Json, mask: unknown, operation: Path): Json | null {
  const path = at(operation, 'update');
  if (body.resourceName === undefined) {
    fail(
      tx,
      at(path, 'resource_name'),
      { requestError: 'RESOURCE_NAME_MISSING' },
      'Resource name is missing.',
    );
    return null;
  }
  const campaign = existingCampaign(tx, body.resourceName, at(path, 'resource_name'));
  const fields = campaign && maskFields(tx, mask, CAMPAIGN_UPDATABLE, operation);
  if (!campaign || !fields) return null;
  const errors = tx.errors.length;
  const has = (field: string) => fields.includes(field);
  if (has('name')) checkCampaignName(tx, body.name, campaign.id, at(path, 'name'));
  if (has('status')) checkStatus(tx, body.status, at(path, 'status'));
  const budget = has('campaign_budget')
    ? checkBudgetLink(tx, body.campaignBudget, campaign.id, at(path, 'campaign_budget'))
    : (budgetOf(tx, campaign.campaignBudget) ?? null);
  const start = has('start_date_time') ? body.startDateTime : campaign.startDateTime;
  // A field in the mask without a value is cleared: no end date runs the campaign indefinitely.
  const end = has('end_date_time') ? body.endDateTime : campaign.endDateTime;
  const startMoved = start !== campaign.startDateTime;
  if (startMoved && campaign.startDateTime.slice(0, 10) <= today(tx)) {
    fail(
      tx,
      at(path, 'start_date_time'),
      { campaignError: 'CANNOT_MODIFY_START_DATE_IF_ALREADY_STARTED' },
      'The campaign has already started.',
    );
  } else {
    checkDates(tx, { start, end, startMoved, endMoved: end !== campaign.endDateTime }, path);
  }
  checkTotalBudgetEnd(tx, budget, end, path);
  if (tx.errors.length > errors) return null;
  if (has('name')) campaign.name = body.name as string;
  if (budget) campaign.campaignBudget = budget.resourceName;
  campaign.startDateTime = start as string;
  if (end === undefined) delete campaign.endDateTime;
  else campaign.endDateTime = end as string;
  if (has('status')) setStatus(tx, campaign, body.status as EntityStatus);
  return { resourceName: campaign.resourceName };
}
