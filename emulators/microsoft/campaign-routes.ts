import { Router } from 'express';
import { accountOf } from './access.js';
import { firstRefusal, items } from './batches.js';
import {
  BUDGET_TYPES,
  budgetAmountRefusal,
  budgetTypeRefusal,
  campaignNameRefusal,
  campaignStatusRefusal,
  campaignTypeOf,
  campaignUpdateRefusal,
  languagesRefusal,
  timeZoneRefusal,
} from './campaign-rules.js';
import { type BatchError, batchError, CODES } from './faults.js';
import type { Campaign, MicrosoftAdsState } from './model.js';
import {
  CAMPAIGN_BASE,
  CAMPAIGN_FIELDS,
  CAMPAIGN_OPERATIONS,
  fieldsOf,
  idList,
  serve,
} from './operations.js';
import { CAMPAIGN_TYPES, sameAccount } from './read-routes.js';
import { refuse } from './rules.js';

const invalidCampaign = () => refuse(CODES.invalidCampaignId, 'The campaign ID is not valid.');

/** AddCampaigns, UpdateCampaigns and DeleteCampaigns: batches of up to 100, refused items as PartialErrors. */
export function campaignRoutes(state: MicrosoftAdsState): Router {
  const router = Router();
  const ops = CAMPAIGN_OPERATIONS;

  serve(router, CAMPAIGN_BASE, ops.addCampaigns, (body, res) => {
    const account = accountOf(res);
    sameAccount(account, body);
    const errors: BatchError[] = [];
    const ids = items(body, 'Campaigns', CODES.campaignsArrayEmpty).map((raw, i) => {
      const input = fieldsOf(raw, CAMPAIGN_FIELDS, `Campaigns[${i}]`);
      const typed = campaignTypeOf(input.CampaignType, CAMPAIGN_TYPES);
      const type = 'type' in typed ? typed.type : 'Search';
      const status = input.Status ?? 'Paused';
      const refusal = firstRefusal(
        () => ('refusal' in typed ? typed.refusal : null),
        () =>
          input.Id === undefined || input.Id === null
            ? null
            : refuse(CODES.inputValidation, 'The campaign Id must not be set on add.'),
        () =>
          input.BudgetId === undefined || input.BudgetId === null
            ? null
            : refuse(CODES.inputValidation, 'The emulator keeps no shared budgets to add a campaign to.'),
        () => campaignNameRefusal(account, input.Name),
        () => campaignStatusRefusal(status),
        () => budgetTypeRefusal(input.BudgetType, type),
        () => budgetAmountRefusal(account, input.DailyBudget),
        () => timeZoneRefusal(input.TimeZone),
        () => languagesRefusal(input.Languages, type),
      );
      if (refusal) {
        errors.push(batchError(i, refusal.error, refusal.message));
        return null;
      }
      const campaign: Campaign = {
        Id: state.newId(),
        Name: input.Name as string,
        Status: status as Campaign['Status'],
        CampaignType: type,
        DailyBudget: input.DailyBudget as number,
        BudgetType: input.BudgetType as Campaign['BudgetType'],
        BudgetId: null,
        TimeZone: input.TimeZone as string,
        Languages: (input.Languages as string[] | undefined) ?? null,
      };
      account.campaigns.set(campaign.Id, campaign);
      return campaign.Id;
    });
    return { CampaignIds: ids, PartialErrors: errors };
  });

  serve(router, CAMPAIGN_BASE, ops.updateCampaigns, (body, res) => {
    const account = accountOf(res);
    sameAccount(account, body);
    const errors: BatchError[] = [];
    items(body, 'Campaigns', CODES.campaignsArrayEmpty).forEach((raw, i) => {
      const input = fieldsOf(raw, CAMPAIGN_FIELDS, `Campaigns[${i}]`);
      const campaign = typeof input.Id === 'string' ? account.campaigns.get(input.Id) : undefined;
      const sent = (field: string) => input[field] !== undefined && input[field] !== null;
      const refusal = firstRefusal(
        () => (campaign ? null : invalidCampaign()),
        () => campaignUpdateRefusal(account, campaign!, input),
        () => (sent('Name') ? campaignNameRefusal(account, input.Name, campaign!.Id) : null),
        () => (sent('Status') ? campaignStatusRefusal(input.Status) : null),
        () => (sent('BudgetType') ? budgetTypeRefusal(input.BudgetType, campaign!.CampaignType) : null),
        () => (sent('DailyBudget') ? budgetAmountRefusal(account, input.DailyBudget) : null),
        () => (sent('TimeZone') ? timeZoneRefusal(input.TimeZone) : null),
        () => (sent('Languages') ? languagesRefusal(input.Languages, campaign!.CampaignType) : null),
      );
      if (refusal) {
        errors.push(batchError(i, refusal.error, refusal.message));
        return;
      }
      // Fields left out (or null) keep their values, as Update does.
      const c = campaign!;
      if (sent('Name')) c.Name = input.Name as string;
      if (sent('Status')) c.Status = input.Status as Campaign['Status'];
      if (sent('DailyBudget')) c.DailyBudget = input.DailyBudget as number;
      if (sent('BudgetType') && BUDGET_TYPES.includes(input.BudgetType as string))
        c.BudgetType = input.BudgetType as Campaign['BudgetType'];
      if (sent('TimeZone')) c.TimeZone = input.TimeZone as string;
      if (sent('Languages')) c.Languages = input.Languages as string[];
    });
    return { PartialErrors: errors };
  });

  /** Deleted is final: the campaign and its ad groups (with their keywords and ads) are gone. */
  serve(router, CAMPAIGN_BASE, ops.deleteCampaigns, (body, res) => {
    const account = accountOf(res);
    sameAccount(account, body);
    const errors: BatchError[] = [];
    idList(body, 'CampaignIds').forEach((id, i) => {
      if (!account.campaigns.has(id)) {
        const { error, message } = invalidCampaign()!;
        errors.push(batchError(i, error, message));
        return;
      }
      account.campaigns.delete(id);
      for (const [adGroupId, record] of account.adGroups) {
        if (record.campaignId === id) account.adGroups.delete(adGroupId);
      }
    });
    return { PartialErrors: errors };
  });
  return router;
}
