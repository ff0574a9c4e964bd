import { Router } from 'express';
import { z } from 'zod';
import { advertiserOf, handle } from './access.js';
import { parseBody } from './adgroup-input.js';
import { OBJECTIVE_TYPES } from './campaign-input.js';
import { answer } from './envelope.js';
import type { TikTokState } from './state.js';
import { ZIPCODES } from './zipcodes.js';

/**
 * The targeting tools adlink uses for zip codes: `/tool/targeting/search/` (TargetingSearchBody, batch
 * zip code search in the US and Canada) turns codes into `zipcode_ids`; `/tool/targeting/info/`
 * (TargetingInfoBody) turns ids back into codes. Only zip code tags are emulated.
 */

const geoScope = {
  advertiser_id: z.string(),
  objective_type: z.enum(OBJECTIVE_TYPES),
  placements: z.array(z.string()).min(1),
  promotion_type: z.string().optional(),
};

/** Canada is searched by forward sortation area, the first three characters of a postal code. */
const FSA = /^[A-Z]\d[A-Z]$/;

const searchBody = z
  .strictObject({
    ...geoScope,
    search_type: z.literal('BATCH_ZIPCODE_SEARCH', 'The emulator answers BATCH_ZIPCODE_SEARCH only.'),
    keywords: z.array(z.string().min(1)).min(1).max(1000),
    region_codes: z.array(z.enum(['US', 'CA'], 'Must be US or CA for BATCH_ZIPCODE_SEARCH.')).length(1),
    geo_types: z.array(z.literal('ZIP_CODE')).optional(),
  })
  .refine((body) => body.region_codes[0] !== 'CA' || body.keywords.every((k) => FSA.test(k)), {
    path: ['keywords'],
    message: 'Canadian postal codes are searched by their first three characters (such as M5V).',
  });

const infoBody = z.strictObject({
  ...geoScope,
  scene: z.literal('GEO').default('GEO'),
  targeting_ids: z.array(z.string().min(1)).min(1).max(1000),
});

const tag = (zip: (typeof ZIPCODES)[number]) => ({
  name: zip.code,
  status_info: { status: 'ENABLED' },
  targeting_type: 'GEO',
  geo: {
    geo_id: zip.geo_id,
    geo_type: 'ZIP_CODE',
    description: zip.description,
    region_code: zip.region_code,
    parent_id: zip.region_code === 'US' ? '6252001' : '6251999',
  },
});

export function targetingRoutes(state: TikTokState): Router {
  const router = Router();
  router.post(
    '/tool/targeting/search/',
    handle((req, res) => {
      advertiserOf(state, req.body ?? {});
      const body = parseBody(searchBody, req.body);
      const region = body.region_codes[0];
      const found = ZIPCODES.filter((z) => z.region_code === region && body.keywords.includes(z.code));
      answer(res, { targeting_tag_list: found.map(tag) });
    }),
  );
  router.post(
    '/tool/targeting/info/',
    handle((req, res) => {
      advertiserOf(state, req.body ?? {});
      const body = parseBody(infoBody, req.body);
      const found = ZIPCODES.filter((z) => body.targeting_ids.includes(z.geo_id));
      answer(res, { targeting_tag_list: found.map(tag) });
    }),
  );
  return router;
}
