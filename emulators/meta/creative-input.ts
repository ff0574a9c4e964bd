import { CALL_TO_ACTION_TYPES, LINK_AD_REFUSED_CALLS_TO_ACTION } from './call-to-action.js';
import { name, oneOf, required } from './checks.js';
import { GraphError, invalidParam } from './graph-error.js';
import type { AdCreative, CallToAction, LinkData } from './model.js';
import type { MetaStore } from './store.js';

/**
 * Longest texts of a link ad. Meta's references state no hard limit for `link_data` (the Ads Guide's
 * 125/40/30 characters are lengths it truncates past); these are the limits its partners report
 * Meta refusing past (README.md, "What differs from Meta").
 */
export const LINK_TEXT_LIMITS = { name: 255, description: 255, message: 2200 } as const;
/** "After crop, the width must be at least 600px" (Instagram ads API, media requirements, link_data). */
export const MIN_LINK_IMAGE_WIDTH = 600;

/** Meta's answer for an object story spec it cannot read (subcode 1815166). */
const invalidStory = (detail: string) =>
  new GraphError('Invalid parameter', 100, {
    subcode: 1815166,
    userTitle: "Invalid creative's object story spec",
    userMessage: `Invalid creative's object story spec, please check the format of your object story spec: ${detail}`,
  });

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function absoluteUrl(param: string, value: unknown): string {
  const url = typeof value === 'string' && URL.canParse(value) ? new URL(value) : undefined;
  if (url?.protocol !== 'https:' && url?.protocol !== 'http:') {
    throw invalidParam(`Param ${param} must be a valid URL`);
  }
  return value as string;
}

function text(param: string, value: unknown, max: number): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw invalidParam(`Param ${param} must be a string`);
  if ([...value].length > max) {
    throw invalidParam(`Param ${param} must be at most ${max} characters long`);
  }
  return value;
}

function callToAction(value: unknown): CallToAction | undefined {
  if (value === undefined) return undefined;
  const param = 'object_story_spec[link_data][call_to_action]';
  if (!isObject(value)) throw invalidStory(`${param} must be an object`);
  const type = oneOf(`${param}[type]`, value.type, CALL_TO_ACTION_TYPES);
  if (LINK_AD_REFUSED_CALLS_TO_ACTION.includes(type)) {
    throw invalidParam(`Param ${param}[type] ${type} is not supported for link ads`);
  }
  if (value.value === undefined) return { type };
  if (!isObject(value.value)) throw invalidStory(`${param}[value] must be an object`);
  const link =
    value.value.link === undefined ? undefined : absoluteUrl(`${param}[value][link]`, value.value.link);
  return { type, value: link === undefined ? {} : { link } };
}

function linkData(store: MetaStore, accountId: string, value: unknown): LinkData {
  if (!isObject(value)) throw invalidStory('link_data must be an object');
  const at = (field: string) => `object_story_spec[link_data][${field}]`;
  const link = absoluteUrl(at('link'), required(value, 'link'));
  const hash = required(value, 'image_hash');
  const image = typeof hash === 'string' ? store.imagesOf(accountId).get(hash) : undefined;
  if (!image) {
    throw invalidParam(`Param ${at('image_hash')} is not an image of ad account act_${accountId}`, {
      userTitle: 'Image Not Found',
      userMessage: 'The image hash does not belong to an image in this ad account’s image library.',
    });
  }
  if (image.width < MIN_LINK_IMAGE_WIDTH) {
    throw invalidParam(
      `Param ${at('image_hash')}: the image must be at least ${MIN_LINK_IMAGE_WIDTH}px wide`,
      {
        userTitle: 'Image Too Small',
        userMessage: `Link ad images must be at least ${MIN_LINK_IMAGE_WIDTH} pixels wide (this one is ${image.width}).`,
      },
    );
  }
  const data: LinkData = { link, image_hash: image.hash };
  for (const field of ['message', 'name', 'description'] as const) {
    const given = text(at(field), value[field], LINK_TEXT_LIMITS[field]);
    if (given !== undefined) data[field] = given;
  }
  const cta = callToAction(value.call_to_action);
  if (cta) data.call_to_action = cta;
  return data;
}

/**
 * The values of a new link ad creative, checked as `POST /act_{id}/adcreatives` checks them: a name
 * and an object story spec on a Page the ad account may promote, with `link_data` (a link, an image
 * of the account's library at least 600px wide, texts within their limits, a call to action of the
 * SDK's types). Video, photo and other stories are not emulated.
 */
export function newCreative(
  store: MetaStore,
  accountId: string,
  params: Record<string, unknown>,
): Omit<AdCreative, 'id' | 'account_id'> {
  const creativeName = params.name === undefined ? 'Creative' : name(params.name);
  const spec = required(params, 'object_story_spec');
  if (!isObject(spec)) throw invalidStory('object_story_spec must be an object');
  const pageId = spec.page_id;
  if (pageId === undefined) throw invalidStory('page_id is required');
  if (!store.promotePages.get(accountId)?.includes(String(pageId))) {
    throw invalidParam(
      `Param object_story_spec[page_id] must be a Page ad account act_${accountId} may promote`,
      {
        userTitle: 'Page Not Available',
        userMessage: 'The ad account cannot run ads for this Page (see the account’s promote_pages).',
      },
    );
  }
  const stories = Object.keys(spec).filter((key) => key !== 'page_id');
  if (stories.length !== 1 || stories[0] !== 'link_data') {
    throw invalidStory('give link_data (the emulator takes link ads only)');
  }
  return {
    name: creativeName,
    object_story_spec: { page_id: String(pageId), link_data: linkData(store, accountId, spec.link_data) },
    status: 'ACTIVE',
  };
}
