import { FORBIDDEN_AD_TEXT, googleTextLength, RSA_LIMITS } from '../../src/platforms/google/ad-text.js';
import type { FieldPathElement } from './errors.js';
import { type AdGroupAd, type AdTextAsset, idOf, pendingReview } from './model.js';
import {
  at,
  checkKeys,
  checkStatus,
  existingAdGroup,
  fail,
  operationOf,
  ownId,
  rememberTemporary,
  snake,
  type Transaction,
  UnknownFieldError,
} from './mutate.js';

/**
 * AdGroupAdOperation, AdOperation (AdService: ads are updated in place), LabelOperation and
 * AdGroupAdLabelOperation as v25 describes them (services/ad_group_ad_service.proto, ad_service.proto,
 * label_service.proto, ad_group_ad_label_service.proto; resources/ad.proto, common/ad_type_infos.proto).
 */

type Json = Record<string, unknown>;
type Path = FieldPathElement[];

/** The Ad fields a create may carry that the emulator models (resources/ad.proto). */
const AD_INPUT = ['finalUrls', 'responsiveSearchAd', 'name'];
/** Other kinds of the `ad_data` oneof: real fields, but not what the emulator creates. */
const OTHER_AD_DATA: Record<string, Record<string, string>> = {
  textAd: { adGroupAdError: 'CANNOT_CREATE_TEXT_ADS' },
  expandedTextAd: { adGroupAdError: 'CANNOT_CREATE_DEPRECATED_ADS' },
};
const AD_DATA = [
  'imageAd',
  'videoAd',
  'videoResponsiveAd',
  'responsiveDisplayAd',
  'appAd',
  'demandGenMultiAssetAd',
  'demandGenCarouselAd',
  'shoppingProductAd',
  'hotelAd',
];
const RSA_INPUT = ['headlines', 'descriptions', 'path1', 'path2'];
const PINS = {
  headlines: ['HEADLINE_1', 'HEADLINE_2', 'HEADLINE_3'],
  descriptions: ['DESCRIPTION_1', 'DESCRIPTION_2'],
};
/** AdService update masks the emulator applies (REST takes camelCase or snake_case paths). */
const AD_MASK = [
  'final_urls',
  'responsive_search_ad.headlines',
  'responsive_search_ad.descriptions',
  'responsive_search_ad.path1',
  'responsive_search_ad.path2',
];
const LABEL_MAX = 80;
/** LabelError.EXCEEDED_LABEL_LIMIT_PER_TYPE: "Cannot apply more than 50 labels per resource." */
const LABELS_PER_AD = 50;

const adGroupAdKey = (name: unknown) =>
  typeof name === 'string' ? /^customers\/\d+\/adGroupAds\/(\d+~\d+)$/.exec(name)?.[1] : undefined;

function existingAd(tx: Transaction, name: unknown, path: Path, removedToo = false): AdGroupAd | null {
  const key = adGroupAdKey(name);
  const found = key === undefined ? undefined : tx.account.ads.get(key);
  if (!found || found.resourceName !== name) {
    fail(tx, path, { mutateError: 'RESOURCE_NOT_FOUND' }, 'Resource was not found.');
    return null;
  }
  if (found.status === 'REMOVED' && !removedToo) {
    fail(
      tx,
      path,
      { adGroupAdError: 'CANNOT_OPERATE_ON_REMOVED_ADGROUPAD' },
      'Cannot operate on removed ad group ad.',
    );
    return null;
  }
  return found;
}

/** A text of the ad: at most `max` characters as Google counts them, none its policy disapproves. */
function checkText(tx: Transaction, text: unknown, max: number, path: Path): void {
  if (typeof text !== 'string' || text.trim() === '') {
    fail(tx, path, { adError: 'TOO_SHORT' }, 'The string has too few characters.');
  } else if (googleTextLength(text) > max) {
    fail(tx, path, { adError: 'TOO_LONG' }, `The string has too many characters (at most ${max}).`);
  } else if (FORBIDDEN_AD_TEXT.pattern.test(text)) {
    // A PROHIBITED finding stops the save: PolicyFindingError with the topics (errors.proto PolicyFindingDetails).
    tx.errors.push({
      errorCode: { policyFindingError: 'POLICY_FINDING' },
      message:
        'The resource has been disapproved since the policy summary includes policy topics of type PROHIBITED.',
      location: { fieldPathElements: path },
      details: {
        policyFindingDetails: { policyTopicEntries: [{ topic: 'SYMBOLS', type: 'PROHIBITED' }] },
      },
    });
  }
}

function checkAssets(tx: Transaction, list: unknown, kind: 'headlines' | 'descriptions', path: Path) {
  const limits = RSA_LIMITS[kind];
  const here = at(path, kind);
  if (!Array.isArray(list) || list.length < limits.min) {
    fail(tx, here, { collectionSizeError: 'TOO_FEW' }, `Too few ${kind} (at least ${limits.min}).`);
    return;
  }
  if (list.length > limits.max) {
    fail(tx, here, { collectionSizeError: 'TOO_MANY' }, `Too many ${kind} (at most ${limits.max}).`);
    return;
  }
  list.forEach((raw, index) => {
    const asset = (raw ?? {}) as Json;
    checkKeys(asset, ['text', 'pinnedField'], `${kind}[${index}].`);
    const item = [...path, { fieldName: kind, index }];
    checkText(tx, asset.text, limits.maxLength, at(item, 'text'));
    if (asset.pinnedField !== undefined && !PINS[kind].includes(asset.pinnedField as string)) {
      fail(tx, at(item, 'pinned_field'), { requestError: 'INVALID_ENUM_VALUE' }, 'Invalid pinned field.');
    }
  });
}

/** A responsive search ad's content and its final URLs, as Google validates them on create and update. */
function checkResponsiveSearchAd(tx: Transaction, ad: Json, path: Path): void {
  const urls = ad.finalUrls;
  if (!Array.isArray(urls) || urls.length === 0) {
    fail(tx, at(path, 'final_urls'), { fieldError: 'REQUIRED' }, 'The field is required.');
  } else {
    urls.forEach((url, index) => {
      if (typeof url !== 'string' || !/^https?:\/\/[^/\s]+\.[^/\s]+/.test(url)) {
        const where = [...path, { fieldName: 'final_urls', index }];
        fail(tx, where, { adError: 'URL_MALFORMED' }, 'The URL is malformed.');
      }
    });
  }
  const rsa = (ad.responsiveSearchAd ?? {}) as Json;
  checkKeys(rsa, RSA_INPUT, 'ad.responsiveSearchAd.');
  const rsaPath = at(path, 'responsive_search_ad');
  checkAssets(tx, rsa.headlines, 'headlines', rsaPath);
  checkAssets(tx, rsa.descriptions, 'descriptions', rsaPath);
  for (const field of ['path1', 'path2'] as const) {
    if (rsa[field] !== undefined) checkText(tx, rsa[field], RSA_LIMITS.paths.maxLength, at(rsaPath, field));
  }
  if (rsa.path2 !== undefined && rsa.path1 === undefined) {
    fail(
      tx,
      at(rsaPath, 'path2'),
      { adError: 'CANNOT_SET_PATH2_WITHOUT_PATH1' },
      'Cannot set path2 without path1.',
    );
  }
}

const assets = (list: unknown): AdTextAsset[] =>
  (list as Json[]).map(({ text, pinnedField }) => ({
    text: text as string,
    ...(pinnedField ? { pinnedField: pinnedField as string } : {}),
  }));

function responsiveSearchAdOf(rsa: Json): NonNullable<AdGroupAd['ad']['responsiveSearchAd']> {
  return {
    headlines: assets(rsa.headlines),
    descriptions: assets(rsa.descriptions),
    ...(rsa.path1 === undefined ? {} : { path1: rsa.path1 as string }),
    ...(rsa.path2 === undefined ? {} : { path2: rsa.path2 as string }),
  };
}

export function adGroupAdOperation(tx: Transaction, raw: unknown, path: Path, prefix: string): Json | null {
  const op = operationOf(tx, raw, path, prefix, ['policyValidationParameter']);
  if (!op) return null;
  if (op.kind === 'remove') {
    const found = existingAd(tx, op.body, at(path, 'remove'));
    if (!found) return null;
    found.status = 'REMOVED';
    return { resourceName: found.resourceName };
  }
  const body = (op.body ?? {}) as Json;
  checkKeys(body, ['resourceName', 'adGroup', 'status', 'ad'], `${prefix}${op.kind}.`);
  return op.kind === 'create'
    ? createAdGroupAd(tx, body, at(path, 'create'), `${prefix}create.`)
    : updateAdGroupAd(tx, body, op.mask, path);
}

function createAdGroupAd(tx: Transaction, body: Json, path: Path, prefix: string): Json | null {
  const errors = tx.errors.length;
  if (body.adGroup === undefined)
    fail(tx, at(path, 'ad_group'), { fieldError: 'REQUIRED' }, 'The field is required.');
  const adGroup = body.adGroup === undefined ? null : existingAdGroup(tx, body.adGroup, at(path, 'ad_group'));
  const status = body.status ?? 'ENABLED';
  checkStatus(tx, status, at(path, 'status'));
  const ad = (body.ad ?? {}) as Json;
  const adPath = at(path, 'ad');
  const kinds = Object.keys(ad).filter((k) => !AD_INPUT.includes(k));
  const other = kinds.find((k) => OTHER_AD_DATA[k] || AD_DATA.includes(k));
  if (other) {
    fail(
      tx,
      at(adPath, snake(other)),
      OTHER_AD_DATA[other] ?? { adError: 'INVALID_AD_TYPE' },
      'The emulator creates responsive search ads (ad.responsive_search_ad) only.',
    );
    return null;
  }
  checkKeys(ad, AD_INPUT, `${prefix}ad.`);
  if (ad.responsiveSearchAd === undefined) {
    fail(tx, adPath, { adError: 'INVALID_AD_TYPE' }, 'Invalid Ad type. A specific type of Ad is required.');
    return null;
  }
  if (ad.name !== undefined) {
    // resources/ad.proto: `name` is supported for DisplayUploadAd, ImageAd, … and Demand Gen ads only.
    fail(
      tx,
      at(adPath, 'name'),
      { fieldError: 'VALUE_MUST_BE_UNSET' },
      'A responsive search ad has no name.',
    );
  }
  if (adGroup && adGroup.type !== 'SEARCH_STANDARD') {
    fail(
      tx,
      at(adPath, 'responsive_search_ad'),
      { adError: 'INVALID_AD_TYPE' },
      `A ${adGroup.type} ad group does not take responsive search ads.`,
    );
  }
  checkResponsiveSearchAd(tx, ad, adPath);
  if (tx.errors.length > errors || !adGroup) return null;

  const cid = tx.account.customer.id;
  const id = tx.state.newId();
  const created: AdGroupAd = {
    resourceName: `customers/${cid}/adGroupAds/${adGroup.id}~${id}`,
    adGroup: adGroup.resourceName,
    status: status as AdGroupAd['status'],
    ad: {
      resourceName: `customers/${cid}/ads/${id}`,
      id,
      type: 'RESPONSIVE_SEARCH_AD',
      finalUrls: ad.finalUrls as string[],
      responsiveSearchAd: responsiveSearchAdOf(ad.responsiveSearchAd as Json),
    },
    policySummary: pendingReview(),
  };
  tx.account.ads.set(`${adGroup.id}~${id}`, created);
  return { resourceName: created.resourceName };
}

/** An ad group ad's own fields: its status; the ad itself is IMMUTABLE here (AdService updates it). */
function updateAdGroupAd(tx: Transaction, body: Json, mask: unknown, operation: Path): Json | null {
  const path = at(operation, 'update');
  const found = existingAd(tx, body.resourceName, at(path, 'resource_name'));
  if (!found) return null;
  if (typeof mask !== 'string' || mask === '') {
    fail(
      tx,
      at(operation, 'update_mask'),
      { fieldMaskError: 'FIELD_MASK_MISSING' },
      'The field mask is missing.',
    );
    return null;
  }
  const fields = mask.split(',').map(snake);
  const immutable = fields.find((f) => f === 'ad' || f.startsWith('ad.') || f === 'ad_group');
  if (immutable) {
    fail(tx, at(path, immutable), { fieldError: 'IMMUTABLE_FIELD' }, 'The field cannot be modified.');
    return null;
  }
  const unknown = fields.filter((f) => f !== 'status');
  if (unknown.length > 0) {
    fail(
      tx,
      at(operation, 'update_mask'),
      { fieldMaskError: 'FIELD_NOT_FOUND' },
      `Unknown fields: ${unknown.join(',')}.`,
    );
    return null;
  }
  if (!checkStatus(tx, body.status, at(path, 'status'))) return null;
  found.status = body.status;
  return { resourceName: found.resourceName };
}

/** AdService.MutateAds: an ad's content changes in place, and the changed ad is reviewed again. */
export function adOperation(tx: Transaction, raw: unknown, path: Path, prefix: string): Json | null {
  const op = (raw ?? {}) as Json;
  checkKeys(op, ['update', 'updateMask', 'policyValidationParameter'], prefix);
  const body = (op.update ?? {}) as Json;
  const here = at(path, 'update');
  checkKeys(body, ['resourceName', 'finalUrls', 'responsiveSearchAd'], `${prefix}update.`);
  const id = ownId(tx, body.resourceName, 'ads', at(here, 'resource_name'));
  if (id === null) return null;
  const uses = [...tx.account.ads.values()].filter((a) => a.ad.id === id);
  if (uses.length === 0) {
    fail(tx, at(here, 'resource_name'), { mutateError: 'RESOURCE_NOT_FOUND' }, 'Resource was not found.');
    return null;
  }
  if (uses.every((a) => a.status === 'REMOVED')) {
    fail(
      tx,
      here,
      { adError: 'UPDATING_AD_WITH_NO_ENABLED_ASSOCIATION' },
      'The ad is not associated with any enabled AdGroupAd, and cannot be updated.',
    );
    return null;
  }
  const current = uses[0]!.ad;
  if (current.type !== 'RESPONSIVE_SEARCH_AD') {
    fail(tx, here, { adError: 'CANNOT_MODIFY_AD' }, 'The emulator updates responsive search ads only.');
    return null;
  }
  const mask = typeof op.updateMask === 'string' && op.updateMask !== '' ? op.updateMask.split(',') : [];
  const fields = mask.map((f) => f.split('.').map(snake).join('.'));
  const unknown = fields.filter((f) => !AD_MASK.includes(f));
  if (fields.length === 0 || unknown.length > 0) {
    fail(
      tx,
      at(path, 'update_mask'),
      { fieldMaskError: fields.length === 0 ? 'FIELD_MASK_MISSING' : 'FIELD_NOT_FOUND' },
      fields.length === 0 ? 'The field mask is missing.' : `Unknown fields: ${unknown.join(',')}.`,
    );
    return null;
  }
  // The masked fields take the body's values (absent: cleared); the others stay.
  const given = (body.responsiveSearchAd ?? {}) as Json;
  const merged: Json = { ...current.responsiveSearchAd };
  for (const field of RSA_INPUT) {
    if (fields.includes(`responsive_search_ad.${field}`)) merged[field] = given[field];
  }
  const next = { finalUrls: fields.includes('final_urls') ? body.finalUrls : current.finalUrls };
  const errors = tx.errors.length;
  checkResponsiveSearchAd(tx, { ...next, responsiveSearchAd: merged }, here);
  if (tx.errors.length > errors) return null;
  for (const use of uses) {
    use.ad = {
      ...use.ad,
      finalUrls: next.finalUrls as string[],
      responsiveSearchAd: responsiveSearchAdOf(merged),
    };
    use.policySummary = pendingReview();
  }
  return { resourceName: current.resourceName };
}

/** LabelService: labels are created here (adlink keeps an ad's name as one). */
export function labelOperation(tx: Transaction, raw: unknown, path: Path, prefix: string): Json | null {
  const op = operationOf(tx, raw, path, prefix);
  if (!op) return null;
  if (op.kind !== 'create') {
    fail(
      tx,
      at(path, op.kind),
      { operationAccessDeniedError: `${op.kind.toUpperCase()}_OPERATION_NOT_PERMITTED` },
      'The emulator creates labels only.',
    );
    return null;
  }
  const body = (op.body ?? {}) as Json;
  checkKeys(body, ['resourceName', 'name', 'textLabel'], `${prefix}create.`);
  const namePath = at(path, 'create', 'name');
  const name = body.name;
  if (typeof name !== 'string' || name.trim() === '') {
    fail(tx, namePath, { labelError: 'INVALID_LABEL_NAME' }, 'Label names cannot be empty.');
    return null;
  }
  if ([...name].length > LABEL_MAX) {
    fail(tx, namePath, { stringLengthError: 'TOO_LONG' }, `Too long (at most ${LABEL_MAX} characters).`);
    return null;
  }
  if ([...tx.account.labels.values()].some((l) => l.name === name && l.status === 'ENABLED')) {
    fail(tx, namePath, { labelError: 'DUPLICATE_NAME' }, 'Label names must be unique.');
    return null;
  }
  const id = tx.state.newId();
  rememberTemporary(tx, body.resourceName, 'labels', id);
  const resourceName = `customers/${tx.account.customer.id}/labels/${id}`;
  tx.account.labels.set(id, { resourceName, id, name, status: 'ENABLED' });
  return { resourceName };
}

/** AdGroupAdLabelService: create and remove only (the resource is IMMUTABLE). */
export function adGroupAdLabelOperation(
  tx: Transaction,
  raw: unknown,
  path: Path,
  prefix: string,
): Json | null {
  const op = operationOf(tx, raw, path, prefix);
  if (!op) return null;
  if (op.kind === 'update') throw new UnknownFieldError(`${prefix}update`);
  if (op.kind === 'remove') {
    const key = typeof op.body === 'string' ? idOf(op.body) : '';
    const found = tx.account.adLabels.get(key);
    if (!found || found.resourceName !== op.body) {
      fail(
        tx,
        at(path, 'remove'),
        { adGroupAdError: 'AD_GROUP_AD_LABEL_DOES_NOT_EXIST' },
        'No ad group ad label with this resource name.',
      );
      return null;
    }
    tx.account.adLabels.delete(key);
    return { resourceName: found.resourceName };
  }
  const body = (op.body ?? {}) as Json;
  checkKeys(body, ['adGroupAd', 'label'], `${prefix}create.`);
  const here = at(path, 'create');
  const ad = existingAd(tx, body.adGroupAd, at(here, 'ad_group_ad'));
  const labelId = ownId(tx, body.label, 'labels', at(here, 'label'));
  const label = labelId === null ? undefined : tx.account.labels.get(labelId);
  if (labelId !== null && !label)
    fail(tx, at(here, 'label'), { mutateError: 'RESOURCE_NOT_FOUND' }, 'Resource was not found.');
  if (!ad || !label) return null;
  const key = `${idOf(ad.resourceName)}~${label.id}`;
  if (tx.account.adLabels.has(key)) {
    fail(
      tx,
      here,
      { adGroupAdError: 'AD_GROUP_AD_LABEL_ALREADY_EXISTS' },
      'The label is already on the ad group ad.',
    );
    return null;
  }
  if (
    [...tx.account.adLabels.values()].filter((l) => l.adGroupAd === ad.resourceName).length >= LABELS_PER_AD
  ) {
    fail(
      tx,
      here,
      { labelError: 'EXCEEDED_LABEL_LIMIT_PER_TYPE' },
      'Cannot apply more than 50 labels per resource.',
    );
    return null;
  }
  const resourceName = `customers/${tx.account.customer.id}/adGroupAdLabels/${key}`;
  tx.account.adLabels.set(key, { resourceName, adGroupAd: ad.resourceName, label: label.resourceName });
  return { resourceName };
}
