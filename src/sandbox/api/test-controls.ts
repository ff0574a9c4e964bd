import type { Router } from 'express';
import { randomToken } from '../../ids.js';
import type { Ad, AdSet } from '../../platforms/sandbox/model.js';
import { ApiError } from '../errors.js';
import { userKey } from '../keys.js';
import type { AccessContext } from '../oauth/grants.js';
import { apiResource, requireScope } from './access.js';
import type { AdsStore } from './ads-store.js';
import { noQuery, parseBody, parseQuery } from './api-input.js';
import { accessOf } from './bearer.js';
import type { FaultStore } from './faults.js';
import { reportDelayBody } from './report-input.js';
import type { SandboxReports } from './reports.js';
import { faultBody, testAdBody } from './test-input.js';

export interface TestControlDeps {
  ads: AdsStore;
  faults: FaultStore;
  reports: SandboxReports;
  findAdset: (access: AccessContext, id: string) => Promise<AdSet>;
}

/**
 * The documented test controls under /_test: fault injection for the calling user's API requests,
 * a way to add ads to an ad set (one, or many at once), and a delay for report runs. Never faulted themselves (see faults.ts).
 */
export function registerTestControls(
  router: Router,
  { ads, faults, reports, findAdset }: TestControlDeps,
): void {
  apiResource(router, '/_test/report_delay', {
    put: async (req, res) => {
      parseQuery(noQuery, req);
      const { delay_ms } = parseBody(reportDelayBody, req);
      await reports.setDelay(accessOf(res).grant.login, delay_ms);
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
        }),
      );
      if (!(await ads.addAds(login, adset.id, added))) {
        throw new ApiError(409, 'conflict', 'The ad set is being changed; retry.', undefined, {
          'Retry-After': '1',
        });
      }
      res.status(201).json(input.count === undefined ? added[0] : { data: added });
    },
  });
}
