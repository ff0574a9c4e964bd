import type { Router } from 'express';
import { monotonicTimestamp, randomToken } from '../../ids.js';
import type { Ad, AdSet } from '../../platforms/sandbox/model.js';
import { ApiError } from '../errors.js';
import { userKey } from '../keys.js';
import type { AccessContext } from '../oauth/grants.js';
import { apiResource, requireScope } from './access.js';
import type { AdsStore } from './ads-store.js';
import { noQuery, parseBody, parseQuery } from './api-input.js';
import { accessOf } from './bearer.js';
import type { CreativeStore } from './creative-store.js';
import type { FaultStore } from './faults.js';
import { delayBody } from './report-input.js';
import type { SandboxReports } from './reports.js';
import { answerAd } from './review.js';
import { faultBody, testAdBody } from './test-input.js';

export interface TestControlDeps {
  ads: AdsStore;
  creatives: CreativeStore;
  faults: FaultStore;
  reports: SandboxReports;
  findAdset: (access: AccessContext, id: string) => Promise<AdSet>;
}

/**
 * The documented test controls under /_test: fault injection for the calling user's API requests,
 * a way to add ads to an ad set (one, or many at once), a delay for report runs and how long ad
 * reviews take. Never faulted themselves (see faults.ts).
 */
export function registerTestControls(
  router: Router,
  { ads, creatives, faults, reports, findAdset }: TestControlDeps,
): void {
  apiResource(router, '/_test/report_delay', {
    put: async (req, res) => {
      parseQuery(noQuery, req);
      const { delay_ms } = parseBody(delayBody, req);
      await reports.setDelay(accessOf(res).grant.login, delay_ms);
      res.json({ delay_ms });
    },
  });

  apiResource(router, '/_test/review_delay', {
    put: async (req, res) => {
      parseQuery(noQuery, req);
      const { delay_ms } = parseBody(delayBody, req);
      await creatives.setReviewDelay(accessOf(res).grant.login, delay_ms);
      res.json({ delay_ms });
    },
  });

  apiResource(router, '/_test/faults', {
    get: async (req, res) => {
      parseQuery(noQuery, req);
      res.json({ data: await faults.list(accessOf(res).grant.login) });
    },
    post: async (req, res) => {
      parseQuery(noQuery, req);
      const input = parseBody(faultBody, req);
      res.status(201).json(await faults.add(accessOf(res).grant.login, input));
    },
    delete: async (req, res) => {
      parseQuery(noQuery, req);
      await faults.clear(accessOf(res).grant.login);
      res.status(204).end();
    },
  });

  apiResource(router, '/_test/adsets/:id/ads', {
    post: async (req, res) => {
      parseQuery(noQuery, req);
      const access = accessOf(res);
      requireScope(access, 'write');
      const adset = await findAdset(access, req.params.id as string);
      if (adset.status === 'DELETED') {
        throw new ApiError(400, 'invalid_request', 'The ad set is deleted.', 'id');
      }
      const input = parseBody(testAdBody, req);
      const { login } = access.grant;
      const added = Array.from(
        { length: input.count ?? 1 },
        (): Ad => ({
          id: `ad_${userKey(login)}${randomToken(9)}`,
          adset_id: adset.id,
          name: input.name,
          status: input.status,
          channel: input.channel,
          ...(input.keywords ? { targeting: { keywords: input.keywords } } : {}),
          creative: { type: 'VIDEO' },
          created_time: monotonicTimestamp(),
        }),
      );
      if (!(await ads.addAds(login, adset.id, added))) {
        throw new ApiError(409, 'conflict', 'The ad set is being changed; retry.', undefined, {
          'Retry-After': '1',
        });
      }
      const now = Date.now();
      const shown = added.map((ad) => answerAd(ad, adset, now));
      res.status(201).json(input.count === undefined ? shown[0] : { data: shown });
    },
  });
}
