import { AppError } from '../errors.js';
import { hasRatio, type ResolvedMedia } from '../media/model.js';
import type { Creative, ImageAd, SearchAd } from './model.js';
import type {
  AdCapabilities,
  FieldRule,
  ImageAdRules,
  SearchAdRules,
  TextListRule,
  TextRule,
} from './port.js';

const codePoints = (text: string) => [...text].length;

const unsupported = (param: string, message: string) =>
  new AppError('unsupported_for_platform', message, { param });
const invalid = (param: string, message: string) => new AppError('invalid_request', message, { param });

/**
 * Checks a creative against the platform's declared rules before any call: the kind, each field's
 * presence, length and characters, the call to action, how many images. The first fault is a 400
 * naming the field (`creative.headlines[3]`) with the limit in its message.
 */
export function checkCreative(platform: string, caps: AdCapabilities, creative: Creative): void {
  if (creative.kind === 'SearchAd') {
    const rules = caps.creatives.SearchAd;
    if (!rules) throw refused(platform, caps, creative.kind);
    checkSearchAd(platform, rules, creative);
  } else {
    const rules = caps.creatives.ImageAd;
    if (!rules) throw refused(platform, caps, creative.kind);
    checkImageAd(platform, rules, creative);
  }
}

/** Checks an ImageAd's images (`media` then `additionalMedia`) against the platform's aspect ratios. */
export function checkImages(platform: string, caps: AdCapabilities, media: ResolvedMedia[]): void {
  const rules = caps.creatives.ImageAd;
  if (rules && media.length > 0) checkRatios(platform, rules, media);
}

function refused(platform: string, caps: AdCapabilities, kind: Creative['kind']) {
  const takes = Object.keys(caps.creatives);
  const reason =
    caps.refusals[kind] ?? `${platform} ads take ${takes.join(' or ') || 'no creative'} through adlink.`;
  return unsupported('creative', `${platform} cannot run a ${kind}: ${reason}`);
}

function checkText(platform: string, rule: TextRule, text: string, param: string): void {
  const length = (rule.length ?? codePoints)(text);
  if (length > rule.maxLength) {
    throw invalid(
      param,
      `${platform} allows at most ${rule.maxLength} characters here (this one has ${length}).`,
    );
  }
  if (rule.forbidden?.pattern.test(text)) {
    throw invalid(param, `${platform} does not allow ${rule.forbidden.what} here.`);
  }
}

function checkList(platform: string, rule: TextListRule, texts: string[], param: string, noun: string): void {
  if (texts.length < rule.min || texts.length > rule.max) {
    const range = rule.min === rule.max ? `${rule.min}` : `${rule.min}–${rule.max}`;
    throw invalid(param, `${platform} takes ${range} ${noun} (${texts.length} given).`);
  }
  const seen = new Set<string>();
  texts.forEach((text, i) => {
    checkText(platform, rule, text, `${param}[${i}]`);
    const key = text.toLowerCase();
    if (seen.has(key)) throw invalid(`${param}[${i}]`, `${noun} must differ from one another.`);
    seen.add(key);
  });
}

function checkSearchAd(platform: string, rules: SearchAdRules, ad: SearchAd): void {
  checkList(platform, rules.headlines, ad.headlines, 'creative.headlines', 'headlines');
  checkList(platform, rules.descriptions, ad.descriptions, 'creative.descriptions', 'descriptions');
  checkList(platform, rules.paths, ad.paths, 'creative.paths', 'paths');
}

const TEXT_FIELDS = ['headline', 'text', 'longHeadline', 'businessName'] as const;

function checkField(platform: string, rule: FieldRule | undefined, value: string | undefined, field: string) {
  const param = `creative.${field}`;
  if (value === undefined) {
    if (rule?.required) throw invalid(param, `${platform} image ads need a ${field}.`);
    return;
  }
  if (!rule) throw unsupported(param, `${platform} image ads have no ${field}: leave it out.`);
  checkText(platform, rule, value, param);
}

function checkImageAd(platform: string, rules: ImageAdRules, ad: ImageAd): void {
  for (const field of TEXT_FIELDS) checkField(platform, rules[field], ad[field], field);
  if (ad.identity === undefined && rules.identity?.required) {
    throw invalid(
      'creative.identity',
      `${platform} ads speak as an identity: give one from GET /v1/${platform}/identities.`,
    );
  }
  if (ad.identity !== undefined && !rules.identity) {
    throw unsupported('creative.identity', `${platform} ads speak as the ad account: leave identity out.`);
  }
  const cta = rules.callToAction;
  if (ad.callToAction === undefined) {
    if (cta?.required) throw invalid('creative.callToAction', `${platform} image ads need a callToAction.`);
  } else if (!cta) {
    throw unsupported('creative.callToAction', `${platform} image ads have no call to action: leave it out.`);
  } else if (cta.values[ad.callToAction] === undefined) {
    throw unsupported(
      'creative.callToAction',
      `${platform} has no ${ad.callToAction} call to action; it has ${Object.keys(cta.values).join(', ')}.`,
    );
  }
  if (ad.additionalMedia.length > rules.additionalMedia) {
    const message =
      rules.additionalMedia === 0
        ? `${platform} image ads take one image: leave additionalMedia out.`
        : `${platform} image ads take at most ${rules.additionalMedia} more images.`;
    throw unsupported('creative.additionalMedia', message);
  }
}

const mediaParam = (i: number) => (i === 0 ? 'creative.media' : `creative.additionalMedia[${i - 1}]`);

function checkRatios(platform: string, rules: ImageAdRules, media: ResolvedMedia[]): void {
  const names = (ratios: ImageAdRules['imageRatios']) => ratios.map((r) => r.name).join(', ');
  media.forEach(({ media: image }, i) => {
    if (rules.imageRatios.length === 0) return;
    if (!rules.imageRatios.some((r) => hasRatio(r, image.width, image.height))) {
      throw invalid(
        mediaParam(i),
        `${platform} image ads take images of ${names(rules.imageRatios)}; ${image.id} is ${image.width}×${image.height}.`,
      );
    }
  });
  for (const ratio of rules.requiredRatios) {
    if (!media.some(({ media: image }) => hasRatio(ratio, image.width, image.height))) {
      throw invalid(
        'creative.additionalMedia',
        `${platform} image ads need an image of each of ${names(rules.requiredRatios)}; none is ${ratio.name}.`,
      );
    }
  }
}
