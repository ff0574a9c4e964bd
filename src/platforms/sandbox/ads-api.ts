import express, { type RequestHandler, Router } from 'express';
import type { Logger } from 'pino';
import { monotonicTimestamp, randomToken } from '../../ids.js';
import { zonedTime } from '../zoned-time.js';
import { apiResource, OBJECT_ID, requireAccount, requireScope, visible } from './access.js';
import type { AdsStore, Page } from './ads-store.js';
import {
  createAdSetBody,
  deliveryChange,
  scheduleRefusal,
  transitionRefusal,
  updateAdSetBody,
} from './adset-input.js';
import { apiErrors, notFound } from './api-errors.js';
import {
  adsetQuery,
  adsetsQuery,
  campaignsQuery,
  noQuery,
  parseBody,
  parseQuery,
  reportRunQuery,
} from './api-input.js';
import { accessOf, requireAccessToken } from './bearer.js';
import { createCampaignBody, updateCampaignBody } from './campaign-input.js';
import { encodeCursor } from './cursor.js';
import { ApiError } from './errors.js';
import { type FaultStore, injectFaults } from './faults.js';
import type { AccessContext, GrantStore } from './grants.js';
import { userKey } from './keys.js';
import { type AdSet, type Campaign, delivery } from './model.js';
import type { RateLimiter } from './rate-limit.js';
import { reportBody } from './report-input.js';
import type { SandboxReports } from './reports.js';
import { registerTestControls } from './test-controls.js';

const noStore: RequestHandler = (_req, res, next) => {
  res.set('Cache-Control', 'no-store');
  next();
};

const pageBody = <T>(page: Page<T>) => ({
  data: page.data,
  paging: page.last === undefined ? {} : { next: encodeCursor(page.last) },
});

export interface AdsApiDeps {
  grants: GrantStore;
  ads: AdsStore;
  faults: FaultStore;
  limiter: RateLimiter;
  reports: SandboxReports;
  /** How long a `hang` fault delays its response. */
  hangMs: number;
  log: Logger;
}

/**
 * The ads API, mounted at /api/v1: a user's granted accounts, their campaigns, ad sets and ads, their
 * reports, and the test controls (fault injection, test ads, report delay) under /_test.
 */
export function createAdsApi({ grants, ads, faults, limiter, reports, hangMs, log }: AdsApiDeps): Router {
  const router = Router();
  router.use(
    noStore,
    requireAccessToken(grants, limiter),
    injectFaults(faults, hangMs, log),
    express.json({ limit: '100kb' }),
  );
  const resource = (path: string, handlers: Parameters<typeof apiResource>[2]) =>
    apiResource(router, path, handlers);

  async function findAdset(access: AccessContext, id: string): Promise<AdSet> {
    return visible(access, OBJECT_ID.test(id) ? await ads.adset(access.grant.login, id) : null, 'ad set');
  }

  async function campaignStatus(login: string, campaignId: string) {
    return (await ads.campaign(login, campaignId))!.status;
  }

  async function accountOf(login: string, accountId: string) {
    const account = (await ads.accounts(login)).find((a) => a.id === accountId);
    if (!account) throw new ApiError(404, 'not_found', 'No such ad account.');
    return account;
  }

  const refuseSchedule = (refusal: ReturnType<typeof scheduleRefusal>) => {
    if (refusal) throw new ApiError(400, 'invalid_request', refusal.message, refusal.param);
  };

  resource('/me', {
    get: (req, res) => {
      parseQuery(noQuery, req);
      const { login } = accessOf(res).grant;
      requireScope(accessOf(res), 'read');
      res.json({ id: `usr_${userKey(login)}`, name: login });
    },
  });

  resource('/me/ad_accounts', {
    get: async (req, res) => {
      parseQuery(noQuery, req);
      const access = accessOf(res);
      requireScope(access, 'read');
      const accounts = await ads.accounts(access.grant.login);
      res.json({ data: accounts.filter((a) => access.grant.accounts.includes(a.id)) });
    },
  });

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

  async function findCampaign(access: AccessContext, id: string): Promise<Campaign> {
    return visible(
      access,
      OBJECT_ID.test(id) ? await ads.campaign(access.grant.login, id) : null,
      'campaign',
    );
  }

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

  resource('/ad_accounts/:account/adsets', {
    get: async (req, res) => {
      const { limit, after, status, expand } = parseQuery(adsetsQuery, req);
      const access = accessOf(res);
      requireScope(access, 'read');
      const { login } = access.grant;
      const account = requireAccount(access, req.params.account as string);
      const page = await ads.adsets(login, account, { status, limit, after });
      res.json(pageBody(expand ? { ...page, data: await ads.withAds(login, page.data) } : page));
    },
    post: async (req, res) => {
      parseQuery(noQuery, req);
      const access = accessOf(res);
      requireScope(access, 'write');
      const { login } = access.grant;
      const accountId = requireAccount(access, req.params.account as string);
      const input = parseBody(createAdSetBody, req);
      const campaign = await ads.campaign(login, input.campaign_id);
      if (!campaign || campaign.account_id !== accountId) {
        throw new ApiError(
          400,
          'invalid_request',
          'campaign_id is not a campaign of this ad account.',
          'campaign_id',
        );
      }
      if (campaign.status === 'ARCHIVED' || campaign.status === 'DELETED') {
        throw new ApiError(
          400,
          'invalid_request',
          `The campaign is ${campaign.status.toLowerCase()}.`,
          'campaign_id',
        );
      }
      const account = await accountOf(login, accountId);
      const now = monotonicTimestamp();
      const start = input.start_time ?? now;
      const end = input.end_time ?? null;
      refuseSchedule(
        scheduleRefusal(
          { start: Date.parse(start), end: end === null ? null : Date.parse(end) },
          end !== null,
          Date.now(),
        ),
      );
      const adset: AdSet = {
        id: `as_${userKey(login)}${randomToken(9)}`,
        account_id: account.id,
        campaign_id: campaign.id,
        name: input.name,
        status: input.status,
        delivery: delivery(input.status, campaign.status),
        channel: input.channel,
        budget: { ...input.budget, currency: account.currency },
        objective: input.objective ?? campaign.objective,
        targeting: { keywords: input.targeting?.keywords ?? [], zipcodes: input.targeting?.zipcodes ?? [] },
        start_time: zonedTime(new Date(start), account.timezone),
        end_time: end === null ? null : zonedTime(new Date(end), account.timezone),
        created_time: now,
        updated_time: now,
      };
      await ads.createAdset(login, adset);
      res.status(201).json(adset);
    },
  });

  resource('/adsets/:id', {
    get: async (req, res) => {
      const { expand } = parseQuery(adsetQuery, req);
      const access = accessOf(res);
      requireScope(access, 'read');
      const { login } = access.grant;
      const id = req.params.id as string;
      if (!expand) {
        res.json(await findAdset(access, id));
        return;
      }
      const adset = OBJECT_ID.test(id) ? await ads.adsetWithAds(login, id) : null;
      res.json(visible(access, adset, 'ad set'));
    },
    patch: async (req, res) => {
      parseQuery(noQuery, req);
      const access = accessOf(res);
      requireScope(access, 'write');
      const { login } = access.grant;
      const adset = await findAdset(access, req.params.id as string);
      const input = parseBody(updateAdSetBody, req);
      const status = input.status ?? adset.status;
      const refusal = transitionRefusal(adset.status, status);
      if (refusal) throw new ApiError(400, 'invalid_request', refusal, 'status');
      const changing = deliveryChange(input);
      if (changing && adset.status === 'ARCHIVED') {
        throw new ApiError(
          400,
          'invalid_request',
          'An archived ad set can only be renamed or deleted.',
          changing,
        );
      }
      const budget = input.budget ? { ...input.budget, currency: adset.budget.currency } : adset.budget;
      const start = input.start_time ?? adset.start_time ?? adset.created_time;
      const end = input.end_time === undefined ? (adset.end_time ?? null) : input.end_time;
      refuseSchedule(
        scheduleRefusal(
          { start: Date.parse(start), end: end === null ? null : Date.parse(end) },
          // An end that stays where it is may lie behind now; a new one may not.
          typeof input.end_time === 'string' &&
            Date.parse(input.end_time) !== Date.parse(adset.end_time ?? ''),
          Date.now(),
        ),
      );
      const rescheduled = input.start_time !== undefined || typeof input.end_time === 'string';
      const timezone = rescheduled ? (await accountOf(login, adset.account_id)).timezone : '';
      const zoned = (time: string) => zonedTime(new Date(time), timezone);
      const updated: AdSet = {
        ...adset,
        name: input.name ?? adset.name,
        status,
        delivery: delivery(status, await campaignStatus(login, adset.campaign_id)),
        budget,
        objective: input.objective ?? adset.objective,
        targeting: {
          keywords: input.targeting?.keywords ?? adset.targeting.keywords,
          zipcodes: input.targeting?.zipcodes ?? adset.targeting.zipcodes,
        },
        ...(input.start_time === undefined ? {} : { start_time: zoned(input.start_time) }),
        ...(input.end_time === undefined
          ? {}
          : { end_time: input.end_time === null ? null : zoned(input.end_time) }),
        updated_time: monotonicTimestamp(),
      };
      await ads.updateAdset(login, updated);
      res.json(updated);
    },
    delete: async (req, res) => {
      parseQuery(noQuery, req);
      const access = accessOf(res);
      requireScope(access, 'write');
      const adset = await findAdset(access, req.params.id as string);
      if (adset.status === 'DELETED')
        throw new ApiError(400, 'invalid_request', 'The ad set is already deleted.', 'id');
      const deleted: AdSet = {
        ...adset,
        status: 'DELETED',
        delivery: 'NOT_DELIVERING',
        updated_time: monotonicTimestamp(),
      };
      await ads.deleteAdset(access.grant.login, deleted);
      res.json(deleted);
    },
  });

  resource('/adsets/:id/ads', {
    get: async (req, res) => {
      parseQuery(noQuery, req);
      const access = accessOf(res);
      requireScope(access, 'read');
      const adset = await findAdset(access, req.params.id as string);
      res.json({ data: await ads.ads(access.grant.login, adset.id) });
    },
  });

  resource('/ad_accounts/:account/reports', {
    post: async (req, res) => {
      parseQuery(noQuery, req);
      const access = accessOf(res);
      requireScope(access, 'read');
      const { login } = access.grant;
      const account = await accountOf(login, requireAccount(access, req.params.account as string));
      const input = parseBody(reportBody, req);
      res.status(201).json(await reports.start(login, account, input, Date.now()));
    },
  });

  resource('/reports/:id', {
    get: async (req, res) => {
      const { after } = parseQuery(reportRunQuery, req);
      const access = accessOf(res);
      requireScope(access, 'read');
      const id = req.params.id as string;
      const run = OBJECT_ID.test(id) ? await reports.get(access.grant.login, id, Date.now(), after) : null;
      res.json(visible(access, run, 'report'));
    },
  });

  registerTestControls(router, { ads, faults, reports, findAdset });

  router.use(notFound, apiErrors(log));
  return router;
}
