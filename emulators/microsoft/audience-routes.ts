import express, { Router } from 'express';
import { accountOf } from './access.js';
import { type BatchError, batchError, CODES, type ErrorCode, operationFault } from './faults.js';
import type { AccountState, CustomerList, CustomerListRecord, MicrosoftAdsState } from './model.js';
import {
  type Body,
  CAMPAIGN_BASE,
  CAMPAIGN_OPERATIONS,
  CUSTOMER_LIST_FIELDS,
  CUSTOMER_LIST_USER_DATA_FIELDS,
  fieldsOf,
  idField,
  idList,
  serve,
} from './operations.js';

/**
 * Customer lists (MicrosoftDocs/Advertising, advertising/bingads-13/campaign-management-service/):
 * at most 100 audiences or ids a call (addaudiences.md, updateaudiences.md, deleteaudiences.md,
 * getaudiencesbyids.md); a name of at most 128 characters, a description of 1,024, a membership
 * duration of 1 to 390 days or -1 (customerlist.md); at most 1,000 items an upload, each the SHA-256 of
 * an email as 64 lower-case hex characters, Email the only sub type (applycustomerlistuserdata.md,
 * customerlistuserdata.md, customerlistitemsubtype.md: Phone and CRM "Not currently supported").
 */
const MAX_AUDIENCES = 100;
const MAX_NAME = 128;
const MAX_DESCRIPTION = 1024;
export const MAX_ITEMS = 1000;
const HASHED_EMAIL = /^[0-9a-f]{64}$/;
export const ACTION_TYPES = ['Add', 'Remove', 'Replace'];

const audiencesOf = (body: Body): Body[] => {
  const list = body.Audiences;
  if (!Array.isArray(list) || list.length === 0) {
    throw operationFault(CODES.audiencesArrayEmpty, 'Audiences are required.');
  }
  if (list.length > MAX_AUDIENCES) {
    throw operationFault(CODES.audiencesArrayExceedsLimit, `At most ${MAX_AUDIENCES} audiences a call.`);
  }
  return list.map((raw, i) => fieldsOf(raw, CUSTOMER_LIST_FIELDS, `Audiences[${i}]`));
};

const audienceIdsOf = (body: Body, required: boolean): string[] => {
  if (!required && (body.AudienceIds === undefined || body.AudienceIds === null)) return [];
  if (Array.isArray(body.AudienceIds) && body.AudienceIds.length === 0) {
    if (!required) return [];
    throw operationFault(CODES.audienceIdsNotPassed, 'Audience IDs are required.');
  }
  const ids = idList(body, 'AudienceIds');
  if (ids.length > MAX_AUDIENCES) {
    throw operationFault(CODES.audienceIdsArrayExceedsLimit, `At most ${MAX_AUDIENCES} audience ids.`);
  }
  return ids;
};

/** What a CustomerList's Name, Description and MembershipDuration break, on add (every field) or update. */
function fieldError(account: AccountState, audience: Body, adding: boolean): [ErrorCode, string] | null {
  const { Name, Description, MembershipDuration } = audience;
  if (
    (adding || Name !== undefined) &&
    (typeof Name !== 'string' || !Name.trim() || Name.length > MAX_NAME)
  ) {
    return [CODES.invalidAudienceName, `The name is required and at most ${MAX_NAME} characters.`];
  }
  const taken = [...account.customerLists.values()].some(
    (r) => r.audience.Name === Name && r.audience.Id !== audience.Id,
  );
  if (Name !== undefined && taken) return [CODES.duplicateAudienceName, 'Audience name is duplicate.'];
  if (Description != null && (typeof Description !== 'string' || Description.length > MAX_DESCRIPTION)) {
    return [CODES.invalidAudienceDescription, `The description is at most ${MAX_DESCRIPTION} characters.`];
  }
  const days = MembershipDuration as number | null | undefined;
  if (days != null && days !== -1 && !(Number.isInteger(days) && days >= 1 && days <= 390)) {
    return [CODES.invalidMembershipDuration, 'MembershipDuration is 1 to 390 days, or -1.'];
  }
  return null;
}

function addError(account: AccountState, audience: Body): [ErrorCode, string] | null {
  if (audience.Id != null) return [CODES.audienceIdIsNotNull, 'Audience id must be null.'];
  if (audience.Type !== 'CustomerList') {
    return [CODES.inputValidation, 'The emulator adds customer lists (Type CustomerList) only.'];
  }
  if (audience.Scope !== 'Account' && audience.Scope !== 'Customer') {
    return [CODES.invalidAudienceScope, 'Audience scope is invalid or not specified.'];
  }
  const parent = audience.Scope === 'Account' ? account.account.Id : account.account.ParentCustomerId;
  if (audience.ParentId !== parent) {
    return [CODES.parentIdDoesNotMatchScope, 'Audience parent id does not match the scope.'];
  }
  return fieldError(account, audience, true);
}

function updateError(
  account: AccountState,
  audience: Body,
  record: CustomerListRecord | undefined,
): [ErrorCode, string] | null {
  if (audience.Id == null) return [CODES.audienceIdIsNull, 'Audience id cannot be null.'];
  if (!record) return [CODES.invalidAudienceId, 'The audience ID is invalid.'];
  if (audience.Type !== 'CustomerList' || audience.Scope != null || audience.ParentId != null) {
    return [CODES.inputValidation, 'Type must be CustomerList; Scope and ParentId are not updated here.'];
  }
  return fieldError(account, audience, false);
}

/** The account's customer list, or the BatchError of an unknown id at `index`. */
const listAt = (account: AccountState, id: unknown, index: number): CustomerListRecord | BatchError =>
  account.customerLists.get(String(id)) ??
  batchError(index, CODES.invalidAudienceId, 'The audience ID is invalid.');

/** The items of an upload: 1 to 1,000 SHA-256 hashes of emails. */
function itemsOf(data: Body): string[] {
  const items = data.CustomerListItems;
  if (!Array.isArray(items) || items.length === 0 || items.length > MAX_ITEMS) {
    throw operationFault(CODES.inputValidation, `CustomerListItems: 1 to ${MAX_ITEMS} items.`);
  }
  if (items.some((item) => typeof item !== 'string' || !HASHED_EMAIL.test(item))) {
    throw operationFault(CODES.emailMustBeHashed, "Email address can't be in plain text and must be hashed.");
  }
  return items as string[];
}

/**
 * AddAudiences, UpdateAudiences, DeleteAudiences and GetAudiencesByIds for customer lists, and
 * ApplyCustomerListUserData. A list's SearchSize is null while it is built (after each upload), until
 * `/_emulator/customer-list-match` reports its members as matched.
 */
export function audienceRoutes(state: MicrosoftAdsState): Router {
  const router = Router();
  serve(router, CAMPAIGN_BASE, CAMPAIGN_OPERATIONS.addAudiences, (body, res) => {
    const account = accountOf(res);
    const PartialErrors: BatchError[] = [];
    const AudienceIds = audiencesOf(body).map((audience, i) => {
      const error = addError(account, audience);
      if (error) {
        PartialErrors.push(batchError(i, ...error));
        return null;
      }
      const list: CustomerList = {
        Id: state.newId(),
        Type: 'CustomerList',
        Name: audience.Name as string,
        Description: (audience.Description as string | null | undefined) ?? null,
        Scope: audience.Scope as 'Account' | 'Customer',
        ParentId: audience.ParentId as string,
        MembershipDuration: (audience.MembershipDuration as number | null | undefined) ?? 30,
        SearchSize: null,
        AudienceNetworkSize: null,
        SupportedCampaignTypes: ['Search', 'Shopping', 'DynamicSearchAds', 'Audience'],
      };
      account.customerLists.set(list.Id, {
        audience: list,
        members: new Set(),
        added: [],
        removed: [],
        batches: [],
      });
      return list.Id;
    });
    return { AudienceIds, PartialErrors };
  });
  serve(router, CAMPAIGN_BASE, CAMPAIGN_OPERATIONS.updateAudiences, (body, res) => {
    const account = accountOf(res);
    const PartialErrors: BatchError[] = [];
    audiencesOf(body).forEach((audience, i) => {
      const record = audience.Id == null ? undefined : account.customerLists.get(String(audience.Id));
      const error = updateError(account, audience, record);
      if (error) PartialErrors.push(batchError(i, ...error));
      else if (record) {
        const list = record.audience;
        if (audience.Name !== undefined) list.Name = audience.Name as string;
        if (audience.Description != null) list.Description = audience.Description as string;
        if (audience.MembershipDuration != null)
          list.MembershipDuration = audience.MembershipDuration as number;
      }
    });
    return { PartialErrors };
  });
  serve(router, CAMPAIGN_BASE, CAMPAIGN_OPERATIONS.deleteAudiences, (body, res) => {
    const account = accountOf(res);
    const PartialErrors: BatchError[] = [];
    audienceIdsOf(body, true).forEach((id, i) => {
      const record = listAt(account, id, i);
      if ('Index' in record) PartialErrors.push(record);
      else account.customerLists.delete(id);
    });
    return { PartialErrors };
  });
  serve(router, CAMPAIGN_BASE, CAMPAIGN_OPERATIONS.getAudiencesByIds, (body, res) => {
    const account = accountOf(res);
    const types = typeof body.Type === 'string' ? body.Type.split(',').map((t) => t.trim()) : [];
    if (types.length === 0) throw operationFault(CODES.inputValidation, 'Type is required.');
    const ids = audienceIdsOf(body, false);
    const lists = [...account.customerLists.values()].map((r) => r.audience);
    if (ids.length === 0)
      return { Audiences: types.includes('CustomerList') ? lists : [], PartialErrors: [] };
    const PartialErrors: BatchError[] = [];
    const Audiences = ids.map((id, i) => {
      const record = listAt(account, id, i);
      if ('Index' in record) PartialErrors.push(record);
      else if (!types.includes('CustomerList')) {
        PartialErrors.push(
          batchError(i, CODES.audienceIdDoNotMatchType, 'Audience Id do not match audience type.'),
        );
      } else return record.audience;
      return null;
    });
    return { Audiences, PartialErrors };
  });
  serve(router, CAMPAIGN_BASE, CAMPAIGN_OPERATIONS.applyCustomerListUserData, (body, res) => {
    const account = accountOf(res);
    const data = fieldsOf(body.CustomerListUserData, CUSTOMER_LIST_USER_DATA_FIELDS, 'CustomerListUserData');
    const record = account.customerLists.get(idField(data, 'AudienceId'));
    if (!record) throw operationFault(CODES.invalidCustomerListId, 'Invalid CustomerList Id');
    if (!ACTION_TYPES.includes(data.ActionType as string)) {
      throw operationFault(
        CODES.invalidCustomerListActionType,
        'The Customer List Action Type can only be Add, Replace, or Delete.',
      );
    }
    if (data.CustomerListItemSubType !== 'Email') {
      throw operationFault(
        CODES.customerListItemSubTypeNotSupported,
        'The Customer List Item sub type is not supported.',
      );
    }
    if (!account.customerMatchTerms) {
      throw operationFault(
        CODES.customerListTermsNotAccepted,
        "The Customer Match 'Terms And Conditions' (https://help.ads.microsoft.com/#apex/ads/en/56921/1) are not yet Accepted in the Microsoft Advertising web UI.",
      );
    }
    const items = itemsOf(data);
    if (data.ActionType === 'Replace') record.members.clear();
    for (const item of items) {
      if (data.ActionType === 'Remove') record.members.delete(item);
      else record.members.add(item);
    }
    (data.ActionType === 'Remove' ? record.removed : record.added).push(...items);
    record.batches.push(items.length);
    record.audience.SearchSize = null;
    record.audience.AudienceNetworkSize = null;
    return { PartialErrors: [] };
  });
  return router;
}

const recordOf = (state: MicrosoftAdsState, id: unknown) =>
  [...state.accounts.values()].map((a) => a.customerLists.get(String(id))).find(Boolean);

/**
 * Test controls: what a customer list received (`GET /_emulator/customer-lists/:id`), the end of its
 * matching (`POST /_emulator/customer-list-match`: SearchSize becomes its member count), and whether
 * an account accepted the Customer Match terms (`POST /_emulator/customer-match-terms`).
 */
export function audienceControls(state: MicrosoftAdsState): Router {
  const router = Router();
  router.get('/_emulator/customer-lists/:id', (req, res) => {
    const record = recordOf(state, req.params.id);
    if (!record) return res.status(404).json({ error: `no customer list ${req.params.id}` });
    res.json({ hashes: record.added, removed: record.removed, batches: record.batches });
  });
  router.post('/_emulator/customer-list-match', express.json({ limit: '10kb' }), (req, res) => {
    const record = recordOf(state, req.body?.audienceId);
    if (!record) return res.status(404).json({ error: 'no such customer list' });
    record.audience.SearchSize = String(record.members.size);
    record.audience.AudienceNetworkSize = String(record.members.size);
    res.json(record.audience);
  });
  router.post('/_emulator/customer-match-terms', express.json({ limit: '10kb' }), (req, res) => {
    const { accountId, accepted } = (req.body ?? {}) as Record<string, unknown>;
    const account = state.accounts.get(String(accountId));
    if (!account || typeof accepted !== 'boolean') {
      return res.status(400).json({ error: 'accountId (a seeded account) and accepted (boolean)' });
    }
    account.customerMatchTerms = accepted;
    res.json({ accountId, accepted });
  });
  return router;
}
