import type { AdChanges, ImageAd, NewAd } from '../../ads/model.js';
import type { ParamSource } from './errors.js';
import { META_CALLS_TO_ACTION, META_STATUS } from './mapping.js';

type Form = { params: Record<string, string>; sources: ParamSource[] };

/** Where Meta's messages about a creative's `object_story_spec` point in the unified creative. */
const CREATIVE_SOURCES: ParamSource[] = [
  ['image_hash', 'creative.media'],
  ['page_id', 'creative.identity'],
  ['call_to_action', 'creative.callToAction'],
  ['link_data\\]\\[message', 'creative.text'],
  ['link_data\\]\\[name', 'creative.headline'],
  ['link', 'creative.url'],
  ['object_story_spec', 'creative'],
];

/**
 * The parameters of `POST /act_{id}/adcreatives` for an ImageAd: a link ad posted as the Page, with
 * the uploaded image (its hash), the text as the post's message, the headline as the link's name and
 * the call to action linking to the landing page. Meta scrapes the description from the page.
 */
export function toMetaCreative(name: string, creative: ImageAd): Form {
  const cta = creative.callToAction && META_CALLS_TO_ACTION[creative.callToAction];
  const linkData = {
    link: creative.url,
    image_hash: creative.media,
    message: creative.text,
    ...(creative.headline === undefined ? {} : { name: creative.headline }),
    ...(cta ? { call_to_action: { type: cta, value: { link: creative.url } } } : {}),
  };
  return {
    params: { name, object_story_spec: JSON.stringify({ page_id: creative.identity, link_data: linkData }) },
    sources: CREATIVE_SOURCES,
  };
}

const creativeRef = (creativeId: string) => JSON.stringify({ creative_id: creativeId });

/** The parameters of `POST /act_{id}/ads`: the ad under its ad set, with its creative. */
export function toMetaAd(input: NewAd, creativeId: string): Form {
  return {
    params: {
      name: input.name,
      adset_id: input.adSetId,
      creative: creativeRef(creativeId),
      status: META_STATUS[input.status as keyof typeof META_STATUS],
    },
    sources: [
      ['adset_id', 'adSetId'],
      ['name', 'name'],
      ['status', 'status'],
      ['creative', 'creative'],
    ],
  };
}

/** The parameters of `POST /{ad_id}`: name, status, and the new creative's id. Deleted goes through DELETE. */
export function toMetaAdChanges(changes: AdChanges, creativeId?: string): Form {
  const params: Record<string, string> = {};
  if (changes.name !== undefined) params.name = changes.name;
  if (changes.status !== undefined && changes.status !== 'Deleted')
    params.status = META_STATUS[changes.status];
  if (creativeId !== undefined) params.creative = creativeRef(creativeId);
  return {
    params,
    sources: [
      ['name', 'name'],
      ['status', 'status'],
      ['creative', 'creative'],
    ],
  };
}
