import type { Router } from 'express';
import { zonedTime } from '../../domain/zoned-time.js';
import { monotonicTimestamp, randomToken } from '../../ids.js';
import type { AdSet, AudienceTargeting } from '../../platforms/sandbox/model.js';
import { ApiError } from '../errors.js';
import { userKey } from '../keys.js';
import { apiResources, OBJECT_ID, requireAccount, requireScope, visible } from './access.js';
import {
  createAdSetBody,
  deliveryChange,
  refuseSchedule,
  scheduleRefusal,
  transitionRefusal,
  updateAdSetBody,
} from './adset-input.js';
import { adsetQuery, adsetsQuery, noQuery, parseBody, parseQuery } from './api-input.js';
import type { AudienceStore } from './audience-store.js';
import { accessOf } from './bearer.js';
import { pageBody } from './cursor.js';
import { delivery } from './delivery.js';
import type { ObjectRouteDeps } from './lookups.js';

/** The ad sets of an ad account: list and create, then read, change and delete one, and list its ads. */
export function registerAdsetRoutes(
  router: Router,
  { ads, lookups: { accountOf, findAdset } }: ObjectRouteDeps,
  audiences: AudienceStore,
): void {
  const resource = apiResources(router);

  /** The audiences given, once each is a customer list of the ad set's account and none is in both lists. */
  async function audienceTargeting(login: string, account: string, given: AudienceTargeting | undefined) {
    if (!given) return undefined;
    for (const list of ['include', 'exclude'] as const) {
      for (const [i, id] of given[list].entries()) {
        const param = `targeting.audiences.${list}[${i}]`;
        const audience = await audiences.get(login, id);
        if (audience?.account_id !== account) {
          throw new ApiError(400, 'invalid_request', 'This is no customer list of the ad account.', param);
        }
        if (list === 'exclude' && given.include.includes(id)) {
          throw new ApiError(400, 'invalid_request', 'An audience is either included or excluded.', param);
        }
      }
    }
    return given;
  }

  async function campaignStatus(login: string, campaignId: string) {
    return (await ads.campaign(login, campaignId))!.status;
  }

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
        targeting: {
          keywords: input.targeting?.keywords ?? [],
          zipcodes: input.targeting?.zipcodes ?? [],
          audiences: (await audienceTargeting(login, account.id, input.targeting?.audiences)) ?? {
            include: [],
            exclude: [],
          },
        },
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
          audiences:
            (await audienceTargeting(login, adset.account_id, input.targeting?.audiences)) ??
            adset.targeting.audiences,
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
}
