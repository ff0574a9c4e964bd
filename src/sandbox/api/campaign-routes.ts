import type { Router } from 'express';
import { zonedTime } from '../../domain/zoned-time.js';
import { monotonicTimestamp, randomToken } from '../../ids.js';
import type { Campaign } from '../../platforms/sandbox/model.js';
import { ApiError } from '../errors.js';
import { userKey } from '../keys.js';
import { apiResources, requireAccount, requireScope } from './access.js';
import { refuseSchedule, scheduleRefusal, transitionRefusal } from './adset-input.js';
import { campaignsQuery, noQuery, parseBody, parseQuery } from './api-input.js';
import { accessOf } from './bearer.js';
import { createCampaignBody, updateCampaignBody } from './campaign-input.js';
import { pageBody } from './cursor.js';
import { delivery } from './delivery.js';
import type { ObjectRouteDeps } from './lookups.js';

/** A schedule's times as the sandbox keeps them: in the account's time zone; `null` is no end. */
const zonedSchedule = (start: string | undefined, end: string | null | undefined, timezone: string) => ({
  ...(start === undefined ? {} : { start_time: zonedTime(new Date(start), timezone) }),
  ...(end === undefined ? {} : { end_time: end === null ? null : zonedTime(new Date(end), timezone) }),
});

/** A LIFETIME budget is spent over a known time: the campaign needs an end. */
const refuseOpenLifetime = (budget: Campaign['budget'], end: string | null | undefined) => {
  if (budget?.type === 'LIFETIME' && !end) {
    throw new ApiError(400, 'invalid_request', 'A LIFETIME budget needs an end_time.', 'end_time');
  }
};

/** The campaigns of an ad account: list and create, then read, change and delete one. */
export function registerCampaignRoutes(
  router: Router,
  { ads, lookups: { accountOf, findCampaign } }: ObjectRouteDeps,
): void {
  const resource = apiResources(router);

  resource('/ad_accounts/:account/campaigns', {
    get: async (req, res) => {
      const { limit, after } = parseQuery(campaignsQuery, req);
      const access = accessOf(res);
      requireScope(access, 'read');
      const account = requireAccount(access, req.params.account as string);
      res.json(pageBody(await ads.campaigns(access.grant.login, account, limit, after)));
    },
    post: async (req, res) => {
      parseQuery(noQuery, req);
      const access = accessOf(res);
      requireScope(access, 'write');
      const { login } = access.grant;
      const account = await accountOf(login, requireAccount(access, req.params.account as string));
      const input = parseBody(createCampaignBody, req);
      const now = monotonicTimestamp();
      const end = input.end_time ?? null;
      refuseSchedule(
        scheduleRefusal(
          { start: Date.parse(input.start_time ?? now), end: end === null ? null : Date.parse(end) },
          end !== null,
          Date.now(),
        ),
      );
      const budget = input.budget ? { ...input.budget, currency: account.currency, shared: false } : null;
      refuseOpenLifetime(budget, end);
      const campaign: Campaign = {
        id: `cmp_${userKey(login)}${randomToken(9)}`,
        account_id: account.id,
        name: input.name,
        objective: input.objective,
        status: input.status,
        channel: input.channel,
        budget,
        ...zonedSchedule(input.start_time ?? now, end, account.timezone),
        created_time: now,
        updated_time: now,
      };
      await ads.createCampaign(login, campaign);
      res.status(201).json(campaign);
    },
  });

  resource('/campaigns/:id', {
    get: async (req, res) => {
      parseQuery(noQuery, req);
      const access = accessOf(res);
      requireScope(access, 'read');
      res.json(await findCampaign(access, req.params.id as string));
    },
    patch: async (req, res) => {
      parseQuery(noQuery, req);
      const access = accessOf(res);
      requireScope(access, 'write');
      const { login } = access.grant;
      const campaign = await findCampaign(access, req.params.id as string);
      const input = parseBody(updateCampaignBody, req);
      const status = input.status ?? campaign.status;
      const refusal = transitionRefusal(campaign.status, status);
      if (refusal)
        throw new ApiError(400, 'invalid_request', refusal.replace('ad set', 'campaign'), 'status');
      const changing = (['budget', 'start_time', 'end_time'] as const).find((f) => input[f] !== undefined);
      if (changing && campaign.status === 'ARCHIVED') {
        throw new ApiError(
          400,
          'invalid_request',
          'An archived campaign can only be renamed or deleted.',
          changing,
        );
      }
      if (input.budget && campaign.budget?.shared) {
        throw new ApiError(
          400,
          'invalid_request',
          'This budget is shared with other campaigns: change it on the shared budget.',
          'budget',
        );
      }
      const budget = input.budget
        ? { ...input.budget, currency: (await accountOf(login, campaign.account_id)).currency, shared: false }
        : campaign.budget;
      const start = input.start_time ?? campaign.start_time ?? campaign.created_time;
      const end = input.end_time === undefined ? (campaign.end_time ?? null) : input.end_time;
      refuseSchedule(
        scheduleRefusal(
          { start: Date.parse(start), end: end === null ? null : Date.parse(end) },
          typeof input.end_time === 'string' &&
            Date.parse(input.end_time) !== Date.parse(campaign.end_time ?? ''),
          Date.now(),
        ),
      );
      refuseOpenLifetime(budget, end);
      const rescheduled = input.start_time !== undefined || input.end_time !== undefined;
      const timezone = rescheduled ? (await accountOf(login, campaign.account_id)).timezone : '';
      const updated: Campaign = {
        ...campaign,
        name: input.name ?? campaign.name,
        status,
        ...(budget ? { budget } : {}),
        ...(rescheduled ? zonedSchedule(input.start_time, input.end_time, timezone) : {}),
        updated_time: monotonicTimestamp(),
      };
      await ads.updateCampaign(login, updated);
      if (status !== campaign.status) {
        // Its ad sets deliver only while it is active.
        for (const adset of await ads.liveAdsetsOf(login, updated)) {
          await ads.updateAdset(login, { ...adset, delivery: delivery(adset.status, status) });
        }
      }
      res.json(updated);
    },
    delete: async (req, res) => {
      parseQuery(noQuery, req);
      const access = accessOf(res);
      requireScope(access, 'write');
      const { login } = access.grant;
      const campaign = await findCampaign(access, req.params.id as string);
      if (campaign.status === 'DELETED') {
        throw new ApiError(400, 'invalid_request', 'The campaign is already deleted.', 'id');
      }
      if ((await ads.liveAdsetsOf(login, campaign)).length > 0) {
        throw new ApiError(
          400,
          'invalid_request',
          'The campaign still has ad sets: delete them first.',
          'id',
        );
      }
      const deleted: Campaign = { ...campaign, status: 'DELETED', updated_time: monotonicTimestamp() };
      await ads.updateCampaign(login, deleted);
      res.json(deleted);
    },
  });
}
