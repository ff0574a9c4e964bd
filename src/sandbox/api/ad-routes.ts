import type { Router } from 'express';
import { monotonicTimestamp, randomToken, timeOrdered } from '../../ids.js';
import type { AdSet, Creative } from '../../platforms/sandbox/model.js';
import { ApiError } from '../errors.js';
import { userKey } from '../keys.js';
import type { AccessContext } from '../oauth/grants.js';
import { apiResources, OBJECT_ID, requireAccount, requireScope, visible } from './access.js';
import { createAdBody, updateAdBody } from './ad-input.js';
import { campaignsQuery, noQuery, parseBody, parseQuery } from './api-input.js';
import { accessOf } from './bearer.js';
import type { CreativeStore } from './creative-store.js';
import { pageBody } from './cursor.js';
import type { ObjectRouteDeps } from './lookups.js';
import { answerAd, rejectionsOf, type StoredAd } from './review.js';

const busy = () =>
  new ApiError(409, 'conflict', 'The ad set is being changed; retry.', undefined, { 'Retry-After': '1' });

/**
 * Ads: an account's ads (`GET /ad_accounts/:id/ads`), a new ad in an ad set (`POST /adsets/:id/ads`),
 * and one ad read, changed or deleted (`/ads/:id`). A creative is checked against the account's images
 * and profiles, and reviewed: PENDING until the review delay passed, then APPROVED or REJECTED.
 */
export function registerAdRoutes(
  router: Router,
  { ads, lookups: { accountOf, findAdset } }: ObjectRouteDeps,
  creatives: CreativeStore,
): void {
  const resource = apiResources(router);

  /** The creative's image and profile must be of the ad's account. */
  async function checkCreative(login: string, account: string, creative: Creative): Promise<void> {
    if (creative.type !== 'IMAGE') return;
    const image = OBJECT_ID.test(creative.image_id) ? await creatives.image(login, creative.image_id) : null;
    if (image?.account_id !== account) {
      throw new ApiError(400, 'invalid_request', 'No such image in this ad account.', 'creative.image_id');
    }
    if (creative.profile_id !== undefined && creative.profile_id !== profileOf(account)) {
      throw new ApiError(
        400,
        'invalid_request',
        'No such profile for this ad account.',
        'creative.profile_id',
      );
    }
  }

  /** The review a newly set creative gets: due after the user's review delay, decided now. */
  async function review(login: string, creative: Creative) {
    const due = Date.now() + (await creatives.reviewDelayMs(login));
    return { review_due: new Date(due).toISOString(), rejections: rejectionsOf(creative) };
  }

  /** The ad and its ad set, where the ad is the user's and in the grant. */
  async function findAd(access: AccessContext, id: string): Promise<{ ad: StoredAd; adset: AdSet }> {
    const { login } = access.grant;
    const adsetId = OBJECT_ID.test(id) ? await creatives.adsetOfAd(login, id) : null;
    const adset = adsetId ? await ads.adset(login, adsetId) : null;
    const ad = adset ? (await ads.ads(login, adset.id)).find((a) => a.id === id) : undefined;
    if (!adset || !ad) throw new ApiError(404, 'not_found', 'No such ad.');
    visible(access, adset, 'ad');
    return { ad, adset };
  }

  resource('/ad_accounts/:account/ads', {
    get: async (req, res) => {
      const { limit, after } = parseQuery(campaignsQuery, req);
      const access = accessOf(res);
      requireScope(access, 'read');
      const { login } = access.grant;
      const account = requireAccount(access, req.params.account as string);
      const adsets = await ads.allAdsets(login, account);
      const now = Date.now();
      const all = (
        await ads.adsOf(
          login,
          adsets.map((a) => a.id),
        )
      )
        .flatMap((list, i) => list.map((ad) => answerAd(ad, adsets[i]!, now)))
        .map((ad) => ({ ad, member: timeOrdered(ad.created_time!, ad.id) }))
        .sort((a, b) => (a.member < b.member ? -1 : 1));
      const rest = after === undefined ? all : all.filter((a) => a.member > after);
      const shown = rest.slice(0, limit);
      res.json(
        pageBody({
          data: shown.map((a) => a.ad),
          ...(rest.length > limit ? { last: shown.at(-1)!.member } : {}),
        }),
      );
    },
  });

  resource('/adsets/:id/ads', {
    get: async (req, res) => {
      parseQuery(noQuery, req);
      const access = accessOf(res);
      requireScope(access, 'read');
      const adset = await findAdset(access, req.params.id as string);
      const now = Date.now();
      res.json({ data: (await ads.ads(access.grant.login, adset.id)).map((ad) => answerAd(ad, adset, now)) });
    },
    post: async (req, res) => {
      parseQuery(noQuery, req);
      const access = accessOf(res);
      requireScope(access, 'write');
      const { login } = access.grant;
      const adset = await findAdset(access, req.params.id as string);
      if (adset.status === 'DELETED')
        throw new ApiError(400, 'invalid_request', 'The ad set is deleted.', 'id');
      const input = parseBody(createAdBody, req);
      await checkCreative(login, adset.account_id, input.creative);
      const ad: StoredAd = {
        id: `ad_${userKey(login)}${randomToken(9)}`,
        adset_id: adset.id,
        name: input.name,
        status: input.status,
        channel: adset.channel,
        creative: input.creative,
        created_time: monotonicTimestamp(),
        ...(await review(login, input.creative)),
      };
      if (!(await ads.addAds(login, adset.id, [ad]))) throw busy();
      res.status(201).json(answerAd(ad, adset, Date.now()));
    },
  });

  resource('/ads/:id', {
    get: async (req, res) => {
      parseQuery(noQuery, req);
      const access = accessOf(res);
      requireScope(access, 'read');
      const { ad, adset } = await findAd(access, req.params.id as string);
      res.json(answerAd(ad, adset, Date.now()));
    },
    patch: async (req, res) => {
      parseQuery(noQuery, req);
      const access = accessOf(res);
      requireScope(access, 'write');
      const { login } = access.grant;
      const { ad, adset } = await findAd(access, req.params.id as string);
      const input = parseBody(updateAdBody, req);
      if (input.creative) await checkCreative(login, adset.account_id, input.creative);
      const changed: StoredAd = {
        ...ad,
        ...(input.name === undefined ? {} : { name: input.name }),
        ...(input.status === undefined ? {} : { status: input.status }),
        ...(input.creative ? { creative: input.creative, ...(await review(login, input.creative)) } : {}),
      };
      const replaced = await ads.changeAds(login, adset.id, (list) =>
        list.map((a) => (a.id === ad.id ? changed : a)),
      );
      if (!replaced) throw busy();
      res.json(answerAd(changed, adset, Date.now()));
    },
    delete: async (req, res) => {
      parseQuery(noQuery, req);
      const access = accessOf(res);
      requireScope(access, 'write');
      const { ad, adset } = await findAd(access, req.params.id as string);
      const removed = await ads.changeAds(access.grant.login, adset.id, (list) =>
        list.filter((a) => a.id !== ad.id),
      );
      if (!removed) throw busy();
      res.json({ id: ad.id, deleted: true });
    },
  });

  resource('/ad_accounts/:account/profiles', {
    get: async (req, res) => {
      parseQuery(noQuery, req);
      const access = accessOf(res);
      requireScope(access, 'read');
      const account = await accountOf(
        access.grant.login,
        requireAccount(access, req.params.account as string),
      );
      res.json({ data: [{ id: profileOf(account.id), name: account.name }] });
    },
  });
}

/** The one profile each sandbox ad account's ads speak as. */
export const profileOf = (account: string) => `prf_${account}`;
