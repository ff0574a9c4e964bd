import { z } from 'zod';
import { objectId } from '../adsets/input.js';
import { displayName } from '../names.js';
import { AD_SET_STATUSES, CALLS_TO_ACTION } from './model.js';

// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;
/** Half of a surrogate pair without the other half: not text, and not encodable as UTF-8. */
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * Ad text: trimmed, printable, at most 5,000 characters here; each platform's own limits (docs/ads.md)
 * are checked before any call, naming the field.
 */
const adText = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(5000, 'must be at most 5000 characters')
  .refine((text) => !CONTROL_CHARACTERS.test(text), 'must not contain control characters')
  .refine((text) => !LONE_SURROGATE.test(text), 'must be valid Unicode (no lone surrogates)');

/** The landing page: an absolute http(s) URL. */
const landingPage = z
  .string()
  .trim()
  .max(2048, 'must be at most 2048 characters')
  .refine((url) => {
    try {
      const parsed = new URL(url);
      return (parsed.protocol === 'https:' || parsed.protocol === 'http:') && parsed.hostname !== '';
    } catch {
      return false;
    }
  }, 'must be an absolute http or https URL such as https://example.com/spring');

const searchAd = z.strictObject({
  kind: z.literal('SearchAd'),
  headlines: z.array(adText).min(3, 'at least 3 headlines').max(15, 'at most 15 headlines'),
  descriptions: z.array(adText).min(2, 'at least 2 descriptions').max(4, 'at most 4 descriptions'),
  url: landingPage,
  paths: z.array(adText).max(2, 'at most 2 paths').default([]),
});

const imageAd = z.strictObject({
  kind: z.literal('ImageAd'),
  media: objectId.describe('An image id from POST /v1/:platform/media of the ad set’s ad account.'),
  additionalMedia: z
    .array(objectId)
    .max(20, 'at most 20 images')
    .default([])
    .describe('More images, where the platform wants several aspect ratios (Microsoft).'),
  headline: adText.optional(),
  text: adText.optional(),
  url: landingPage,
  callToAction: z.enum(CALLS_TO_ACTION).optional(),
  identity: objectId.optional().describe('From GET /v1/:platform/identities, where the platform needs one.'),
  businessName: adText.optional(),
  longHeadline: adText.optional(),
});

export const creativeSchema = z.discriminatedUnion('kind', [searchAd, imageAd]);

/** The create body's fields, as the API documents them (the OpenAPI document is built from these). */
export const newAdSchema = z.strictObject({
  name: displayName,
  adSetId: objectId,
  status: z.enum(AD_SET_STATUSES).default('Paused'),
  creative: creativeSchema,
});

export const adChangesSchema = z
  .strictObject({
    name: displayName.optional(),
    status: z.enum(AD_SET_STATUSES).optional(),
    creative: creativeSchema.optional(),
  })
  .refine((changes) => Object.values(changes).some((value) => value !== undefined), {
    message: 'give name, status or creative',
    path: ['name'],
  });
