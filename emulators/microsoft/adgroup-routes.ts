import { Router } from 'express';
import { accountOf } from './access.js';
import { type BatchError, batchError, CODES, operationFault } from './faults.js';
import type { AdGroup, MicrosoftAdsState } from './model.js';
import {
  AD_GROUP_FIELDS,
  type Body,
  CAMPAIGN_BASE,
  CAMPAIGN_OPERATIONS,
  fieldsOf,
  idList,
  KEYWORD_FIELDS,
  serve,
} from './operations.js';
import { campaignOf, keywordAdGroupOf } from './read-routes.js';
import {
  adGroupLanguageRefusal,
  adGroupNameRefusal,
  adGroupStatusRefusal,
  keywordRefusal,
  type Refusal,
} from './rules.js';
import { addAdGroup, newKeyword } from './seed.js';

/** Items of a batch request: each is applied or refused on its own (a BatchError at its index). */
function items(body: Body, field: string, empty: { Code: number; ErrorCode: string }): unknown[] {
  const list = body[field];
  if (!Array.isArray(list) || list.length === 0) {
    throw operationFault(empty, `The array of ${field} cannot be null or empty.`);
  }
  return list;
}

const firstRefusal = (...checks: (() => Refusal)[]): Refusal => {
  for (const check of checks) {
    const refusal = check();
    if (refusal) return refusal;
  }
  return null;
};

/** AddAdGroups, UpdateAdGroups, DeleteAdGroups and AddKeywords: batches with PartialErrors. */
export function adGroupRoutes(state: MicrosoftAdsState): Router {
  const router = Router();
  const ops = CAMPAIGN_OPERATIONS;

  serve(router, CAMPAIGN_BASE, ops.addAdGroups, (body, res) => {
    const account = accountOf(res);
    const campaign = campaignOf(account, body);
    const errors: BatchError[] = [];
    const ids = items(body, 'AdGroups', CODES.adGroupsArrayEmpty).map((raw, i) => {
      const input = fieldsOf(raw, AD_GROUP_FIELDS, `AdGroups[${i}]`);
      const status = input.Status ?? 'Paused';
      const refusal = firstRefusal(
        () =>
          input.Id === undefined || input.Id === null
            ? null
            : { error: CODES.inputValidation, message: 'The ad group Id must not be set on add.' },
        () => adGroupNameRefusal(account, campaign.Id, input.Name),
        () => adGroupLanguageRefusal(campaign, input.Language),
        () => adGroupStatusRefusal(status),
      );
      if (refusal) {
        errors.push(batchError(i, refusal.error, refusal.message));
        return null;
      }
      return addAdGroup(state, account, campaign, {
        name: input.Name as string,
        status: status as AdGroup['Status'],
        language: typeof input.Language === 'string' ? input.Language : null,
      }).adGroup.Id;
    });
    return { AdGroupIds: ids, PartialErrors: errors };
  });

  serve(router, CAMPAIGN_BASE, ops.updateAdGroups, (body, res) => {
    const account = accountOf(res);
    const campaign = campaignOf(account, body);
    const errors: BatchError[] = [];
    items(body, 'AdGroups', CODES.adGroupsArrayEmpty).forEach((raw, i) => {
      const input = fieldsOf(raw, AD_GROUP_FIELDS, `AdGroups[${i}]`);
      const record = typeof input.Id === 'string' ? account.adGroups.get(input.Id) : undefined;
      const refusal = firstRefusal(
        () =>
          record?.campaignId === campaign.Id
            ? null
            : { error: CODES.invalidAdGroupId, message: 'The ad group ID is not valid.' },
        () =>
          record?.adGroup.Status === 'Expired'
            ? { error: CODES.adGroupExpired, message: 'An ad group that has expired cannot be updated.' }
            : null,
        () =>
          input.Name === undefined
            ? null
            : adGroupNameRefusal(account, campaign.Id, input.Name, record?.adGroup.Id),
        () => (input.Status === undefined ? null : adGroupStatusRefusal(input.Status)),
      );
      if (refusal) {
        errors.push(batchError(i, refusal.error, refusal.message));
        return;
      }
      // Fields left out (or null) keep their values, as Update does.
      const adGroup = record!.adGroup;
      if (typeof input.Name === 'string') adGroup.Name = input.Name;
      if (typeof input.Status === 'string') adGroup.Status = input.Status as AdGroup['Status'];
    });
    return { PartialErrors: errors };
  });

  serve(router, CAMPAIGN_BASE, ops.deleteAdGroups, (body, res) => {
    const account = accountOf(res);
    const campaign = campaignOf(account, body);
    const errors: BatchError[] = [];
    idList(body, 'AdGroupIds').forEach((id, i) => {
      if (account.adGroups.get(id)?.campaignId !== campaign.Id) {
        errors.push(batchError(i, CODES.invalidAdGroupId, 'The ad group ID is not valid.'));
      } else {
        account.adGroups.delete(id);
      }
    });
    return { PartialErrors: errors };
  });

  serve(router, CAMPAIGN_BASE, ops.addKeywords, (body, res) => {
    const record = keywordAdGroupOf(accountOf(res), body);
    const errors: BatchError[] = [];
    const ids = items(body, 'Keywords', CODES.keywordsArrayEmpty).map((raw, i) => {
      const input = fieldsOf(raw, KEYWORD_FIELDS, `Keywords[${i}]`);
      const refusal = keywordRefusal(record.keywords, input.Text, input.MatchType);
      if (refusal) {
        errors.push(batchError(i, refusal.error, refusal.message));
        return null;
      }
      const keyword = newKeyword(state, {
        Text: input.Text as string,
        MatchType: input.MatchType as 'Exact' | 'Phrase' | 'Broad',
      });
      record.keywords.push(keyword);
      return keyword.Id;
    });
    return { KeywordIds: ids, PartialErrors: errors };
  });
  return router;
}
