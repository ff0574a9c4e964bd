import { CALLS_TO_ACTION } from '../../ads/model.js';
import type { AdCapabilities, TextRule } from '../../ads/port.js';
import { IMAGE_KINDS } from './media.js';

/** `{Param:default}`: dynamic text, replaced when the ad serves; its default text stands for it. */
const DYNAMIC_TEXT = /\{[^{}:]+:([^{}]*)\}/g;
/** Chinese, Japanese and Korean characters and emoji, which Microsoft's limits count twice. */
const DOUBLE_WIDTH =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3000-\u303f\uff01-\uff60\uffe0-\uffe6\p{Extended_Pictographic}]/u;

/**
 * A text's length as Microsoft's limits count it: "final characters … after substitution" of dynamic
 * text, with double-width characters counting twice (the pages halve each limit for them).
 */
export const finalLength = (text: string): number =>
  [...text.replace(DYNAMIC_TEXT, '$1')].reduce((n, c) => n + (DOUBLE_WIDTH.test(c) ? 2 : 1), 0);

/** Error 6216: "When using the {Keyword} dynamic text parameter, default text is required." */
const ad = (maxLength: number): TextRule => ({
  maxLength,
  length: finalLength,
  forbidden: { pattern: /\{keyword\}/i, what: '{KeyWord} without a default text (write {KeyWord:default})' },
});

/** Microsoft names no maximum number of a multimedia ad's images; adlink takes 20 at most. */
const MAX_ADDITIONAL_IMAGES = 19;

/**
 * What adlink's Microsoft ads take: responsive search ads (the ResponsiveSearchAd page: 3–15
 * headlines of 30, 2–4 descriptions of 90, paths of 15 without "/") and multimedia ads (the
 * ResponsiveAd page: business name of 25, a call to action, headline 30, long headline and
 * description 90, at least a 1.91:1 and a 1:1 image). Every call to action adlink names is one of
 * Microsoft's CallToAction values, under the same name.
 */
export const AD_CAPABILITIES: AdCapabilities = {
  creatives: {
    SearchAd: {
      headlines: { min: 3, max: 15, ...ad(30) },
      descriptions: { min: 2, max: 4, ...ad(90) },
      paths: {
        min: 0,
        max: 2,
        maxLength: 15,
        length: finalLength,
        forbidden: { pattern: /\//, what: '"/"' },
      },
    },
    ImageAd: {
      headline: { required: true, ...ad(30) },
      text: { required: true, ...ad(90) },
      longHeadline: { required: true, ...ad(90) },
      businessName: { required: true, maxLength: 25, length: finalLength },
      callToAction: { required: true, values: Object.fromEntries(CALLS_TO_ACTION.map((c) => [c, c])) },
      additionalMedia: MAX_ADDITIONAL_IMAGES,
      imageRatios: IMAGE_KINDS.map((k) => k.ratio),
      requiredRatios: IMAGE_KINDS.slice(0, 2).map((k) => k.ratio),
    },
  },
  refusals: {},
  creativeUpdates: true,
  createStatuses: ['Running', 'Paused'],
  updateStatuses: ['Running', 'Paused'],
  deletion: 'hard',
};
