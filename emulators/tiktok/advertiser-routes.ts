import { Router } from 'express';
import type { OAuthServer } from '../toolkit/oauth.js';
import { handle } from './access.js';
import { answer, CODES, TikTokRefusal } from './envelope.js';
import { jsonParam, requiredString, stringList } from './query.js';
import type { TikTokState } from './state.js';

/** The advertisers that authorized the app, and their details (currency, time zone). */
export function advertiserRoutes(state: TikTokState, oauth: OAuthServer): Router {
  const router = Router();
  router.get(
    '/oauth2/advertiser/get/',
    handle((req, res) => {
      const query = req.query as Record<string, unknown>;
      const [appId, secret] = ['app_id', 'secret'].map((name) => requiredString(query, name));
      if (!oauth.clientMatches(appId, secret)) {
        throw new TikTokRefusal(CODES.invalidApp, 'Invalid app_id or secret.');
      }
      answer(res, {
        list: [...state.advertisers.values()].map((a) => ({
          advertiser_id: a.advertiser_id,
          advertiser_name: a.name,
        })),
      });
    }),
  );
  router.get(
    '/advertiser/info/',
    handle((req, res) => {
      const query = req.query as Record<string, unknown>;
      const ids = stringList(jsonParam(query, 'advertiser_ids'), 'advertiser_ids', 100);
      if (!ids)
        throw new TikTokRefusal(CODES.invalidParameter, 'advertiser_ids: Missing data for required field.');
      const unknown = ids.find((id) => !state.advertisers.has(id));
      if (unknown)
        throw new TikTokRefusal(CODES.noPermission, `No permission to operate advertiser ${unknown}.`);
      answer(res, {
        list: ids.map((id) => {
          const a = state.advertisers.get(id)!;
          return {
            advertiser_id: a.advertiser_id,
            name: a.name,
            currency: a.currency,
            timezone: a.timezone,
            country: a.country,
            status: 'STATUS_ENABLE',
          };
        }),
      });
    }),
  );
  return router;
}
