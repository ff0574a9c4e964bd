import { Router } from 'express';
import { accountOf } from './access.js';
import { firstRefusal, items } from './batches.js';
import { targetSettingsOf } from './criterion-routes.js';
import { adGroupDates } from './date-rules.js';
import { type BatchError, batchError, CODES, operationFault } from './faults.js';
import type { AdGroup, MicrosoftAdsState } from './model.js';
import {
  AD_GROUP_FIELDS,
  CAMPAIGN_BASE,
  CAMPAIGN_OPERATIONS,
  fieldsOf,
  idList,
  KEYWORD_FIELDS,
  serve,
} from './operations.js';
import { campaignOf, keywordAdGroupOf } from './read-routes.js';
import { adGroupLanguageRefusal, adGroupNameRefusal, adGroupStatusRefusal, keywordRefusal } from './rules.js';
import { addAdGroup, newKeyword } from './seed.js';

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
      const dates = adGroupDates(campaign, input, null);
      const settings = targetSettingsOf(input.Settings, campaign.CampaignType);
      const refusal = firstRefusal(
        () =>
          input.Id === undefined || input.Id === null
            ? null
            : { error: CODES.inputValidation, message: 'The ad group Id must not be set on add.' },
        () => adGroupNameRefusal(account, campaign.Id, input.Name),
        () => adGroupLanguageRefusal(campaign, input.Language),
        () => adGroupStatusRefusal(status),
        () => (typeof settings === 'string' ? { error: CODES.inputValidation, message: settings } : null),
        () => ('error' in dates ? dates : null),
      );
      // A refused date is among the refusals, so `refusal` is set whenever `dates` is one.
      if (refusal || 'error' in dates || typeof settings === 'string') {
        errors.push(batchError(i, refusal!.error, refusal!.message));
        return null;
      }
      return addAdGroup(state, account, campaign, {
        settings,
        name: input.Name as string,
        status: status as AdGroup['Status'],
        language: typeof input.Language === 'string' ? input.Language : null,
        ...dates,
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
      const dates = record ? adGroupDates(campaign, input, record.adGroup) : null;
      const settings = targetSettingsOf(input.Settings, campaign.CampaignType);
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
        () => (typeof settings === 'string' ? { error: CODES.inputValidation, message: settings } : null),
        () => (dates && 'error' in dates ? dates : null),
      );
      if (refusal || !dates || 'error' in dates || typeof settings === 'string') {
        errors.push(batchError(i, refusal!.error, refusal!.message));
        return;
      }
      // Fields left out (or null) keep their values, as Update does.
      const adGroup = record!.adGroup;
      if (typeof input.Name === 'string') adGroup.Name = input.Name;
      if (typeof input.Status === 'string') adGroup.Status = input.Status as AdGroup['Status'];
      adGroup.StartDate = dates.StartDate;
      adGroup.EndDate = dates.EndDate;
      if (settings) adGroup.Settings = settings;
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

  serve(router, CAMPAIGN_BASE, ops.deleteKeywords, (body, res) => {
    const record = keywordAdGroupOf(accountOf(res), body);
    const ids = body.KeywordIds;
    if (!Array.isArray(ids) || ids.length === 0) {
      throw operationFault(
        CODES.keywordIdsArrayEmpty,
        'The array of keyword identifiers cannot be empty or null.',
      );
    }
    const errors: BatchError[] = [];
    ids.forEach((id, i) => {
      const at = record.keywords.findIndex((k) => k.Id === id);
      if (at < 0) errors.push(batchError(i, CODES.invalidKeywordId, 'The keyword identifier is not valid.'));
      else record.keywords.splice(at, 1);
    });
    return { PartialErrors: errors };
  });
  return router;
}
