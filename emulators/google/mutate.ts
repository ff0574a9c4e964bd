import type { FieldPathElement, GoogleAdsError } from './errors.js';
import {
  type Account,
  type AdGroup,
  adGroupPrimaryStatus,
  type EntityStatus,
  type GoogleAdsState,
  idOf,
} from './model.js';
import { addKeyword, defaultAdGroupType } from './seed.js';

/**
 * AdGroupOperation and AdGroupCriterionOperation as Google validates them. Operations run against a
 * staged copy of the account; the caller keeps it only when no operation failed (Google's default,
 * non-partial-failure mutates are atomic).
 */

type Json = Record<string, unknown>;
type Path = FieldPathElement[];

/** A body the API's JSON parser refuses before any Google Ads validation ("Unknown name"). */
export class UnknownFieldError extends Error {
  constructor(readonly field: string) {
    super(`Unknown name "${field}"`);
  }
}

export interface Transaction {
  state: GoogleAdsState;
  account: Account;
  errors: GoogleAdsError[];
  /** Temporary (negative) ids given in this request (`adGroups/-1`) → the ids they became. */
  temp: Map<string, string>;
}

const NAME_MAX = 255;
const KEYWORD_MAX = 80;
const KEYWORD_MAX_WORDS = 10;
const KEYWORD_INVALID = /[!@%^*()={};~`<>?\\|]/;
const AD_GROUP_INPUT = ['resourceName', 'name', 'status', 'campaign', 'type', 'cpcBidMicros'];
const CRITERION_INPUT = ['resourceName', 'adGroup', 'status', 'negative', 'keyword', 'location'];
const OPERATION_KEYS = ['create', 'update', 'remove', 'updateMask'];

export function checkKeys(value: Json, allowed: string[], prefix: string): void {
  for (const key of Object.keys(value))
    if (!allowed.includes(key)) throw new UnknownFieldError(`${prefix}${key}`);
}

export const snake = (camel: string) => camel.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
export const fail = (tx: Transaction, path: Path, errorCode: Record<string, string>, message: string) => {
  tx.errors.push({ errorCode, message, location: { fieldPathElements: path } });
};
export const at = (path: Path, ...names: string[]): Path => [
  ...path,
  ...names.map((fieldName) => ({ fieldName })),
];

/**
 * The one operation of a `{create|update|remove}` object, or null after recording why not; `extra`:
 * the operation's other fields (`policyValidationParameter`).
 */
export function operationOf(tx: Transaction, op: unknown, path: Path, prefix: string, extra: string[] = []) {
  if (typeof op !== 'object' || op === null) {
    fail(tx, path, { requestError: 'OPERATION_REQUIRED' }, 'Operation is required.');
    return null;
  }
  checkKeys(op as Json, [...OPERATION_KEYS, ...extra], prefix);
  const kinds = (['create', 'update', 'remove'] as const).filter((k) => (op as Json)[k] !== undefined);
  if (kinds.length !== 1) {
    fail(
      tx,
      path,
      { requestError: 'OPERATION_REQUIRED' },
      'Exactly one of create, update or remove is required.',
    );
    return null;
  }
  return { kind: kinds[0]!, body: (op as Json)[kinds[0]!], mask: (op as Json).updateMask };
}

/** Records the id a create's temporary resource name (`customers/1/adGroups/-1`) became. */
export function rememberTemporary(tx: Transaction, name: unknown, collection: string, id: string): void {
  const temp = typeof name === 'string' ? new RegExp(`/${collection}/(-\\d+)$`).exec(name)?.[1] : undefined;
  if (temp) tx.temp.set(`${collection}/${temp}`, id);
}

/** An id of this customer named by `customers/{cid}/{collection}/{id}`, temporary ids resolved. */
export function ownId(tx: Transaction, name: unknown, collection: string, path: Path): string | null {
  const match =
    typeof name === 'string' ? new RegExp(`^customers/(\\d+)/${collection}/(-?\\d+)$`).exec(name) : null;
  if (!match) {
    fail(tx, path, { requestError: 'RESOURCE_NAME_MALFORMED' }, 'The resource name is malformed.');
    return null;
  }
  if (match[1] !== tx.account.customer.id) {
    fail(tx, path, { requestError: 'INVALID_CUSTOMER_ID' }, 'The resource belongs to another customer.');
    return null;
  }
  return tx.temp.get(`${collection}/${match[2]}`) ?? match[2]!;
}

function checkName(tx: Transaction, name: unknown, campaign: string, self: string | null, path: Path): void {
  if (typeof name !== 'string' || name.trim() === '') {
    fail(tx, path, { adGroupError: 'MISSING_ADGROUP_NAME' }, 'Ad group name is required.');
    return;
  }
  if (name.length > NAME_MAX) {
    fail(tx, path, { stringLengthError: 'TOO_LONG' }, 'Too long.');
    return;
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: Google refuses control characters in names
  if (/[\u0000-\u001f]/.test(name)) {
    fail(tx, path, { adGroupError: 'INVALID_ADGROUP_NAME' }, 'The ad group name is not valid.');
    return;
  }
  const taken = [...tx.account.adGroups.values()].some(
    (g) => g.campaign === campaign && g.id !== self && g.status !== 'REMOVED' && g.name === name,
  );
  if (taken) {
    fail(
      tx,
      path,
      { adGroupError: 'DUPLICATE_ADGROUP_NAME' },
      'AdGroup with the same name already exists for the campaign.',
    );
  }
}

export function checkStatus(tx: Transaction, status: unknown, path: Path): status is 'ENABLED' | 'PAUSED' {
  if (status === 'ENABLED' || status === 'PAUSED') return true;
  if (status === 'REMOVED') {
    fail(
      tx,
      path,
      { operationAccessDeniedError: 'CREATE_AS_REMOVED_NOT_PERMITTED' },
      'REMOVED is set by a remove operation only.',
    );
  } else {
    fail(tx, path, { requestError: 'INVALID_ENUM_VALUE' }, `Invalid status: ${String(status)}.`);
  }
  return false;
}

export function existingAdGroup(tx: Transaction, name: unknown, path: Path): AdGroup | null {
  const id = ownId(tx, name, 'adGroups', path);
  if (id === null) return null;
  const found = tx.account.adGroups.get(id);
  if (!found) fail(tx, path, { mutateError: 'RESOURCE_NOT_FOUND' }, 'Resource was not found.');
  else if (found.status === 'REMOVED') {
    fail(
      tx,
      path,
      { operationAccessDeniedError: 'OPERATION_NOT_PERMITTED_FOR_REMOVED_RESOURCE' },
      'Operation is not permitted on a removed resource.',
    );
    return null;
  }
  return found ?? null;
}

export function adGroupOperation(tx: Transaction, raw: unknown, path: Path, prefix: string): Json | null {
  const op = operationOf(tx, raw, path, prefix);
  if (!op) return null;
  if (op.kind === 'remove') {
    const adGroup = existingAdGroup(tx, op.body, at(path, 'remove'));
    if (!adGroup) return null;
    adGroup.status = 'REMOVED';
    adGroup.primaryStatus = 'REMOVED';
    return { resourceName: adGroup.resourceName };
  }
  const body = (op.body ?? {}) as Json;
  checkKeys(body, AD_GROUP_INPUT, `${prefix}${op.kind}.`);
  const here = at(path, op.kind);
  return op.kind === 'create' ? createAdGroup(tx, body, here) : updateAdGroup(tx, body, op.mask, path);
}

function createAdGroup(tx: Transaction, body: Json, path: Path): Json | null {
  const errors = tx.errors.length;
  const campaignId =
    body.campaign === undefined ? null : ownId(tx, body.campaign, 'campaigns', at(path, 'campaign'));
  if (body.campaign === undefined)
    fail(tx, at(path, 'campaign'), { fieldError: 'REQUIRED' }, 'The field is required.');
  const campaign = campaignId === null ? undefined : tx.account.campaigns.get(campaignId);
  if (campaignId !== null && !campaign) {
    fail(tx, at(path, 'campaign'), { mutateError: 'RESOURCE_NOT_FOUND' }, 'Resource was not found.');
  }
  if (campaign?.status === 'REMOVED') {
    fail(
      tx,
      at(path, 'campaign'),
      { operationAccessDeniedError: 'OPERATION_NOT_PERMITTED_FOR_REMOVED_RESOURCE' },
      'Operation is not permitted on a removed campaign.',
    );
  }
  if (campaign) checkName(tx, body.name, campaign.resourceName, null, at(path, 'name'));
  const status = body.status ?? 'ENABLED';
  checkStatus(tx, status, at(path, 'status'));
  const type = body.type ?? (campaign && defaultAdGroupType(campaign.advertisingChannelType));
  if (campaign && type !== defaultAdGroupType(campaign.advertisingChannelType)) {
    fail(
      tx,
      at(path, 'type'),
      { adGroupError: 'AD_GROUP_TYPE_NOT_VALID_FOR_ADVERTISING_CHANNEL_TYPE' },
      `Ad group type ${String(type)} is not valid for a ${campaign.advertisingChannelType} campaign.`,
    );
  }
  if (tx.errors.length > errors || !campaign) return null;

  const id = tx.state.newId();
  rememberTemporary(tx, body.resourceName, 'adGroups', id);
  const adGroup: AdGroup = {
    resourceName: `customers/${tx.account.customer.id}/adGroups/${id}`,
    id,
    name: body.name as string,
    status: status as EntityStatus,
    primaryStatus: adGroupPrimaryStatus(status as EntityStatus, campaign),
    type: type as string,
    campaign: campaign.resourceName,
    ...(typeof body.cpcBidMicros === 'string' ? { cpcBidMicros: body.cpcBidMicros } : {}),
  };
  tx.account.adGroups.set(id, adGroup);
  return { resourceName: adGroup.resourceName, adGroup };
}

function updateAdGroup(tx: Transaction, body: Json, mask: unknown, operation: Path): Json | null {
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
  const adGroup = existingAdGroup(tx, body.resourceName, at(path, 'resource_name'));
  if (!adGroup) return null;
  if (typeof mask !== 'string' || mask === '') {
    fail(
      tx,
      at(operation, 'update_mask'),
      { fieldMaskError: 'FIELD_MASK_MISSING' },
      'The field mask is missing.',
    );
    return null;
  }
  const fields = mask.split(',');
  const unknown = fields.filter((f) => !['name', 'status', 'cpcBidMicros', 'cpc_bid_micros'].includes(f));
  if (unknown.length > 0) {
    fail(
      tx,
      at(operation, 'update_mask'),
      { fieldMaskError: 'FIELD_NOT_FOUND' },
      `Unknown fields: ${unknown.join(',')}.`,
    );
    return null;
  }
  const errors = tx.errors.length;
  if (fields.includes('name')) checkName(tx, body.name, adGroup.campaign, adGroup.id, at(path, 'name'));
  if (fields.includes('status')) checkStatus(tx, body.status, at(path, 'status'));
  if (tx.errors.length > errors) return null;
  const campaign = [...tx.account.campaigns.values()].find((c) => c.resourceName === adGroup.campaign)!;
  if (fields.includes('name')) adGroup.name = body.name as string;
  if (fields.includes('status')) adGroup.status = body.status as EntityStatus;
  if (fields.some((f) => snake(f) === 'cpc_bid_micros'))
    adGroup.cpcBidMicros = String(body.cpcBidMicros ?? '0');
  adGroup.primaryStatus = adGroupPrimaryStatus(adGroup.status, campaign);
  return { resourceName: adGroup.resourceName, adGroup };
}

export function criterionOperation(tx: Transaction, raw: unknown, path: Path, prefix: string): Json | null {
  const op = operationOf(tx, raw, path, prefix);
  if (!op) return null;
  if (op.kind === 'update') {
    fail(
      tx,
      at(path, 'update'),
      { operationAccessDeniedError: 'UPDATE_OPERATION_NOT_PERMITTED' },
      'The emulator models keyword criteria as create and remove only.',
    );
    return null;
  }
  if (op.kind === 'remove') {
    const key = typeof op.body === 'string' ? idOf(op.body) : '';
    const criterion = tx.account.criteria.get(key);
    if (!criterion || criterion.resourceName !== op.body) {
      fail(tx, at(path, 'remove'), { mutateError: 'RESOURCE_NOT_FOUND' }, 'Resource was not found.');
      return null;
    }
    tx.account.criteria.delete(key);
    return { resourceName: criterion.resourceName };
  }
  const body = (op.body ?? {}) as Json;
  checkKeys(body, CRITERION_INPUT, `${prefix}create.`);
  return createKeyword(tx, body, at(path, 'create'));
}

function createKeyword(tx: Transaction, body: Json, path: Path): Json | null {
  if (body.keyword === undefined) {
    const kind = body.location === undefined ? 'a criterion' : 'location';
    fail(
      tx,
      at(path, body.location === undefined ? 'keyword' : 'location'),
      { criterionError: 'CANNOT_ADD_CRITERIA_TYPE' },
      `The emulator's ad group criteria are keywords; ${kind} cannot be added to this ad group.`,
    );
    return null;
  }
  const adGroup = existingAdGroup(tx, body.adGroup, at(path, 'ad_group'));
  const { text, matchType } = (body.keyword ?? {}) as Json;
  const errors = tx.errors.length;
  const textPath = at(path, 'keyword', 'text');
  if (typeof text !== 'string' || text.trim() === '') {
    fail(tx, textPath, { criterionError: 'INVALID_KEYWORD_TEXT' }, 'Keyword text is required.');
  } else if (text.length > KEYWORD_MAX) {
    fail(tx, textPath, { criterionError: 'KEYWORD_TEXT_TOO_LONG' }, 'Keyword text is too long.');
  } else if (text.trim().split(/\s+/).length > KEYWORD_MAX_WORDS) {
    fail(tx, textPath, { criterionError: 'KEYWORD_HAS_TOO_MANY_WORDS' }, 'Keyword has too many words.');
  } else if (KEYWORD_INVALID.test(text)) {
    fail(
      tx,
      textPath,
      { criterionError: 'KEYWORD_HAS_INVALID_CHARS' },
      'Keyword text has invalid characters.',
    );
  }
  if (!['EXACT', 'PHRASE', 'BROAD'].includes(matchType as string)) {
    fail(
      tx,
      at(path, 'keyword', 'match_type'),
      { fieldError: 'REQUIRED' },
      'A keyword match type is required.',
    );
  }
  if (tx.errors.length > errors || !adGroup) return null;
  const existing = [...tx.account.criteria.values()].find(
    (c) => c.adGroup === adGroup.resourceName && c.keyword.text === text && c.keyword.matchType === matchType,
  );
  return {
    resourceName:
      existing?.resourceName ??
      addKeyword(tx.state, tx.account, adGroup, text as string, matchType as string),
  };
}
