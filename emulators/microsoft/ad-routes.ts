import express, { Router } from 'express';
import { accountOf } from './access.js';
import { adRefusal } from './ad-rules.js';
import { firstRefusal, items } from './batches.js';
import { type BatchError, batchError, CODES, operationFault } from './faults.js';
import type {
  AccountState,
  Ad,
  AdEditorialStatus,
  AdGroupRecord,
  AssetLink,
  EditorialReason,
  MicrosoftAdsState,
} from './model.js';
import {
  type Body,
  CAMPAIGN_BASE,
  CAMPAIGN_OPERATIONS,
  ENTITY_ASSOCIATION_FIELDS,
  fieldsOf,
  RESPONSIVE_AD_FIELDS,
  RESPONSIVE_SEARCH_AD_FIELDS,
  serve,
} from './operations.js';
import { adGroupOf, adTypesOf, sameAccount } from './read-routes.js';
import { refuse } from './rules.js';

/** "An array of up to 50 ads", "a maximum of 20 identifiers" (AddAds, UpdateAds, DeleteAds, GetAdsByIds). */
const MAX_ADS = 50;
const MAX_AD_IDS_READ = 20;
const MAX_EDITORIAL_IDS = 1000;
const FIELDS_BY_TYPE: Record<string, readonly string[]> = {
  ResponsiveSearch: RESPONSIVE_SEARCH_AD_FIELDS,
  ResponsiveAd: RESPONSIVE_AD_FIELDS,
};
const LINK_FIELDS = ['Headlines', 'Descriptions', 'LongHeadlines', 'Images'];
/** What an update may change without a new editorial review. */
const UNREVIEWED_FIELDS = ['Id', 'Type', 'Status', 'UrlCustomParameters'];
const EDITORIAL_STATUSES: AdEditorialStatus[] = ['Active', 'ActiveLimited', 'Disapproved', 'Inactive'];

/** The ad group a request names, and its campaign's type. */
function adGroupAndType(account: AccountState, body: Body): { record: AdGroupRecord; campaignType: string } {
  const record = adGroupOf(account, body);
  return { record, campaignType: account.campaigns.get(record.campaignId)?.CampaignType ?? '' };
}

function adList(body: Body, field: string, max: number, empty = CODES.adIdsArrayEmpty): unknown[] {
  const list = items(body, field, empty);
  if (list.length > max) {
    const code = field === 'Ads' ? CODES.adsArrayExceedsLimit : CODES.adIdsArrayExceedsLimit;
    throw operationFault(code, `At most ${max} ${field} in one call.`);
  }
  return list;
}

/** An ad of a batch with the fields of its Type, or null where the emulator does not take the Type. */
function adInput(raw: unknown, i: number): Body | null {
  const type = typeof raw === 'object' && raw !== null ? (raw as Body).Type : undefined;
  const fields = FIELDS_BY_TYPE[String(type)];
  return fields ? fieldsOf(raw, fields, `Ads[${i}]`) : null;
}

/** Asset links as stored: every text asset with an id (Microsoft's own, read-only), images by media id. */
function storedLinks(state: MicrosoftAdsState, value: unknown): AssetLink[] {
  return (value as { Asset: Body; PinnedField?: unknown }[]).map(({ Asset, PinnedField }) => ({
    Asset:
      Asset.Type === 'TextAsset'
        ? {
            Id: (Asset.Id as string | null) ?? state.newAssetId(),
            Name: null,
            Type: 'TextAsset',
            Text: Asset.Text as string,
          }
        : { Id: Asset.Id as string, Name: null, Type: 'ImageAsset', SubType: Asset.SubType as string },
    AssetPerformanceLabel: null,
    EditorialStatus: 'Unknown',
    PinnedField: typeof PinnedField === 'string' ? PinnedField : null,
  }));
}

/** The ad an add (`existing` null) or update would leave: its fields over the ad's; null keeps, "" clears a path. */
function merged(existing: Ad | null, input: Body): Body {
  const ad: Body = { ...(existing ?? { Status: 'Active', UrlCustomParameters: null }) };
  for (const [field, value] of Object.entries(input)) {
    if (value === null || value === undefined || field === 'EditorialStatus') continue;
    ad[field] = (field === 'Path1' || field === 'Path2') && value === '' ? null : value;
  }
  return ad;
}

function stored(state: MicrosoftAdsState, ad: Body, input: Body): Ad {
  const links = Object.fromEntries(
    LINK_FIELDS.filter((f) => Array.isArray(input[f])).map((f) => [f, storedLinks(state, input[f])]),
  );
  return { ...(ad as unknown as Ad), ...links };
}

const editorialStatusRefusal = (input: Body) =>
  input.EditorialStatus === undefined || input.EditorialStatus === null
    ? null
    : refuse(CODES.invalidAdEditorialStatus, 'The ad editorial status is read-only.');

/**
 * AddAds, UpdateAds, DeleteAds, GetAdsByIds and GetEditorialReasonsByIds. New ads, and ads whose
 * texts, images or URLs change, are `Inactive` (under editorial review) until `/_emulator/ad-review`
 * decides.
 */
export function adRoutes(state: MicrosoftAdsState): Router {
  const router = Router();
  const ops = CAMPAIGN_OPERATIONS;

  serve(router, CAMPAIGN_BASE, ops.addAds, (body, res) => {
    const account = accountOf(res);
    const { record, campaignType } = adGroupAndType(account, body);
    const errors: BatchError[] = [];
    const ids = adList(body, 'Ads', MAX_ADS, CODES.adsArrayEmpty).map((raw, i) => {
      const input = adInput(raw, i);
      const ad = input && merged(null, input);
      const refusal = firstRefusal(
        () =>
          input
            ? null
            : refuse(CODES.adTypeInvalid, 'The emulator adds ResponsiveSearch and ResponsiveAd ads.'),
        () =>
          input?.Id === undefined || input.Id === null
            ? null
            : refuse(CODES.inputValidation, 'Id is read-only on add.'),
        () => editorialStatusRefusal(input!),
        () => adRefusal(account, campaignType, ad!),
      );
      if (refusal) {
        errors.push(batchError(i, refusal.error, refusal.message));
        return null;
      }
      const added = stored(state, { ...ad!, Id: state.newId(), EditorialStatus: 'Inactive' }, input!);
      record.ads.push(added);
      return added.Id;
    });
    return { AdIds: ids, PartialErrors: errors };
  });

  serve(router, CAMPAIGN_BASE, ops.updateAds, (body, res) => {
    const account = accountOf(res);
    const { record, campaignType } = adGroupAndType(account, body);
    const errors: BatchError[] = [];
    adList(body, 'Ads', MAX_ADS, CODES.adsArrayEmpty).forEach((raw, i) => {
      const input = adInput(raw, i);
      const at = record.ads.findIndex((a) => a.Id === input?.Id);
      const existing = record.ads[at];
      const ad = input && existing && merged(existing, input);
      const refusal = firstRefusal(
        () =>
          input
            ? null
            : refuse(CODES.adTypeInvalid, 'The emulator updates ResponsiveSearch and ResponsiveAd ads.'),
        () => (existing ? null : refuse(CODES.invalidAdId, 'The ad identifier is not valid.')),
        () =>
          existing!.Type === input!.Type
            ? null
            : refuse(CODES.adTypeDoesNotMatch, 'The ad type does not match the existing ad type.'),
        () => editorialStatusRefusal(input!),
        () => adRefusal(account, campaignType, ad!),
      );
      if (refusal) {
        errors.push(batchError(i, refusal.error, refusal.message));
        return;
      }
      const reviewed = Object.keys(input!).some((f) => !UNREVIEWED_FIELDS.includes(f) && input![f] !== null);
      record.ads[at] = stored(state, reviewed ? { ...ad!, EditorialStatus: 'Inactive' } : ad!, input!);
      if (reviewed) account.editorialReasons.delete(existing!.Id);
    });
    return { PartialErrors: errors };
  });

  serve(router, CAMPAIGN_BASE, ops.deleteAds, (body, res) => {
    const account = accountOf(res);
    const { record } = adGroupAndType(account, body);
    const errors: BatchError[] = [];
    adList(body, 'AdIds', MAX_ADS).forEach((id, i) => {
      const at = record.ads.findIndex((a) => a.Id === id);
      if (at < 0) {
        errors.push(batchError(i, CODES.invalidAdId, 'The ad identifier is not valid.'));
        return;
      }
      record.ads.splice(at, 1);
      account.editorialReasons.delete(id as string);
    });
    return { PartialErrors: errors };
  });

  serve(router, CAMPAIGN_BASE, ops.getAdsByIds, (body, res) => {
    const { record } = adGroupAndType(accountOf(res), body);
    const ids = adList(body, 'AdIds', MAX_AD_IDS_READ);
    const types = adTypesOf(body);
    if (!types?.length) throw operationFault(CODES.inputValidation, 'AdTypes is required.');
    const found = ids.map((id) => record.ads.find((a) => a.Id === id && types.includes(a.Type)) ?? null);
    return {
      Ads: found,
      PartialErrors: found.flatMap((ad, i) =>
        ad ? [] : [batchError(i, CODES.invalidAdId, 'The ad identifier is not valid.')],
      ),
    };
  });

  serve(router, CAMPAIGN_BASE, ops.getEditorialReasonsByIds, (body, res) => {
    const account = accountOf(res);
    sameAccount(account, body);
    if (body.EntityType !== 'Ad') {
      throw operationFault(CODES.entityTypeNotSupported, 'The emulator answers editorial reasons of ads.');
    }
    const associations = body.EntityIdToParentIdAssociations;
    if (!Array.isArray(associations) || associations.length === 0) {
      throw operationFault(CODES.entityIdsNullOrEmpty, 'Ids passed are null or empty.');
    }
    if (associations.length > MAX_EDITORIAL_IDS) {
      throw operationFault(
        CODES.entityIdsExceedLimit,
        'The number of entity IDs exceeds the maximum allowed.',
      );
    }
    const errors: BatchError[] = [];
    const collections = associations.map((raw, i) => {
      const { EntityId, ParentId } = fieldsOf(
        raw,
        ENTITY_ASSOCIATION_FIELDS,
        `EntityIdToParentIdAssociations[${i}]`,
      );
      const record = account.adGroups.get(String(ParentId));
      if (!record?.ads.some((a) => a.Id === EntityId)) {
        errors.push(batchError(i, CODES.invalidAdId, 'The ad identifier is not valid.'));
        return null;
      }
      const reasons = account.editorialReasons.get(EntityId as string);
      // An ad that passed review has nothing to report.
      return reasons
        ? { AdGroupId: ParentId, AdOrKeywordId: EntityId, AppealStatus: 'Appealable', Reasons: reasons }
        : null;
    });
    return { EditorialReasons: collections, PartialErrors: errors };
  });
  return router;
}

function reasonsOf(value: unknown): EditorialReason[] | string {
  if (!Array.isArray(value)) return 'reasons must be a list';
  const reasons = value.map((raw) => raw as Partial<EditorialReason>);
  const valid = reasons.every(
    (r) =>
      Number.isInteger(r.ReasonCode) &&
      typeof r.Location === 'string' &&
      (r.Term === undefined || r.Term === null || typeof r.Term === 'string') &&
      Array.isArray(r.PublisherCountries) &&
      r.PublisherCountries.every((c) => typeof c === 'string' && /^[A-Z]{2}$/.test(c)),
  );
  if (!valid)
    return 'each reason: {ReasonCode (integer), Location, Term?, PublisherCountries (2-letter codes)}';
  return reasons.map((r) => ({
    Location: r.Location!,
    PublisherCountries: r.PublisherCountries!,
    ReasonCode: r.ReasonCode!,
    Term: r.Term ?? null,
  }));
}

/**
 * `POST /_emulator/ad-review {"adId", "editorialStatus", "reasons": [EditorialReason…]}`: the outcome
 * of an ad's editorial review (reasons only for Disapproved, which needs one, and ActiveLimited).
 */
export function adReviewControls(state: MicrosoftAdsState): Router {
  const router = Router();
  router.post('/_emulator/ad-review', express.json({ limit: '10kb' }), (req, res) => {
    const { adId, editorialStatus, reasons = [] } = (req.body ?? {}) as Record<string, unknown>;
    if (!EDITORIAL_STATUSES.includes(editorialStatus as AdEditorialStatus)) {
      return res
        .status(400)
        .json({ error: `editorialStatus must be one of ${EDITORIAL_STATUSES.join(', ')}` });
    }
    const parsed = reasonsOf(reasons);
    if (typeof parsed === 'string') return res.status(400).json({ error: parsed });
    const explained = editorialStatus === 'Disapproved' || editorialStatus === 'ActiveLimited';
    if (explained ? editorialStatus === 'Disapproved' && parsed.length === 0 : parsed.length > 0) {
      return res
        .status(400)
        .json({ error: 'Disapproved needs reasons; only it and ActiveLimited take them' });
    }
    for (const account of state.accounts.values()) {
      const ad = [...account.adGroups.values()].flatMap((r) => r.ads).find((a) => a.Id === adId);
      if (!ad) continue;
      ad.EditorialStatus = editorialStatus as AdEditorialStatus;
      if (parsed.length) account.editorialReasons.set(ad.Id, parsed);
      else account.editorialReasons.delete(ad.Id);
      return res.json({ adId, editorialStatus, reasons: parsed });
    }
    res.status(404).json({ error: `no ad ${String(adId)}` });
  });
  return router;
}
