import { z } from 'zod';
import { CALLS_TO_ACTION } from '../../platforms/sandbox/model.js';
import { text } from './adset-input.js';

/** Creative text: its length in characters (code points), as the sandbox documents its limits. */
const creativeText = (max: number) =>
  text(4 * max).refine((value) => [...value].length <= max, `must be at most ${max} characters`);

const link = z
  .string()
  .max(2048, 'must be at most 2048 characters')
  .refine((value) => /^https?:\/\/[^\s/]+/.test(value) && URL.canParse(value), 'must be an http(s) URL');

/** The limits src/sandbox/README.md documents, which adlink's sandbox adapter declares. */
export const SEARCH_LIMITS = { headlines: [3, 15, 30], descriptions: [2, 4, 90], path: 15 } as const;
export const IMAGE_LIMITS = { title: 40, body: 125 } as const;

const searchCreative = z
  .strictObject({
    type: z.literal('SEARCH'),
    headlines: z
      .array(creativeText(SEARCH_LIMITS.headlines[2]))
      .min(SEARCH_LIMITS.headlines[0], 'needs at least 3 headlines')
      .max(SEARCH_LIMITS.headlines[1], 'takes at most 15 headlines'),
    descriptions: z
      .array(creativeText(SEARCH_LIMITS.descriptions[2]))
      .min(SEARCH_LIMITS.descriptions[0], 'needs at least 2 descriptions')
      .max(SEARCH_LIMITS.descriptions[1], 'takes at most 4 descriptions'),
    final_url: link,
    path1: creativeText(SEARCH_LIMITS.path).optional(),
    path2: creativeText(SEARCH_LIMITS.path).optional(),
  })
  .refine((c) => c.path2 === undefined || c.path1 !== undefined, {
    message: 'needs path1',
    path: ['path2'],
  });

const imageCreative = z.strictObject({
  type: z.literal('IMAGE'),
  image_id: z.string().min(1).max(64),
  title: creativeText(IMAGE_LIMITS.title),
  body: creativeText(IMAGE_LIMITS.body).optional(),
  link,
  call_to_action: z.enum(CALLS_TO_ACTION).optional(),
  profile_id: z.string().min(1).max(64).optional(),
});

export const creativeBody = z.discriminatedUnion('type', [searchCreative, imageCreative], {
  error: 'must have type SEARCH or IMAGE (videos are not created through the API)',
});

/** `POST /adsets/:id/ads`. */
export const createAdBody = z.strictObject({
  name: text(200),
  status: z.enum(['ACTIVE', 'PAUSED']).default('PAUSED'),
  creative: creativeBody,
});

/** `PATCH /ads/:id`. */
export const updateAdBody = z.strictObject({
  name: text(200).optional(),
  status: z.enum(['ACTIVE', 'PAUSED', 'ARCHIVED']).optional(),
  creative: creativeBody.optional(),
});

/** The images the sandbox takes: what `POST /ad_accounts/:id/images` checks. */
export const IMAGE_RULES = {
  types: ['image/png', 'image/jpeg'],
  maxBytes: 5 * 1024 * 1024,
  minSide: 200,
  maxSide: 8000,
  /** Width / height, each within 2 %. */
  ratios: [
    ['1.91:1', 1.91],
    ['1:1', 1],
    ['4:5', 0.8],
    ['9:16', 9 / 16],
  ],
} as const;
