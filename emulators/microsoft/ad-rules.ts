/**
 * What AddAds and UpdateAds refuse, from Microsoft's documentation (MicrosoftDocs/Advertising,
 * advertising/bingads-13/campaign-management-service/responsivesearchad.md, responsivead.md,
 * assetlink.md, textasset.md, imageasset.md, customparameter.md, calltoaction.md, and the codes of
 * guides/operation-error-codes.md). An update is checked as the ad it would leave: the fields it
 * sets over the ad as it is.
 */
import { firstRefusal } from './batches.js';
import { CALLS_TO_ACTION, LANGUAGE_NAMES } from './enums.js';
import { CODES, type ErrorCode } from './faults.js';
import type { AccountState, StoredMedia } from './model.js';
import {
  ASSET_FIELDS,
  ASSET_LINK_FIELDS,
  type Body,
  CUSTOM_PARAMETER_FIELDS,
  fieldsOf,
} from './operations.js';
import { type Refusal, refuse } from './rules.js';

/**
 * A text's length as Microsoft counts it: after dynamic text substitution (`{KeyWord:Sofas}` counts
 * as `Sofas`), double-width characters (Chinese, Japanese, Korean, emoji) twice, as the pages' halved
 * limits for them say.
 */
const DYNAMIC_TEXT = /\{[^{}:]+:([^{}]*)\}/g;
const DOUBLE_WIDTH =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3000-\u303f\uff01-\uff60\uffe0-\uffe6\p{Extended_Pictographic}]/u;
export const finalLength = (text: string) =>
  [...text.replace(DYNAMIC_TEXT, '$1')].reduce((n, c) => n + (DOUBLE_WIDTH.test(c) ? 2 : 1), 0);

/** "The maximum input length … is 1,000 characters including dynamic text strings." */
const MAX_INPUT = 1000;
const KEYWORD_WITHOUT_DEFAULT = /\{keyword\}/i;
const HAS_WORD = /[\p{L}\p{N}]/u;

/** A list of text assets: how many, how long, and the codes Microsoft refuses each fault with. */
interface TextListRule {
  field: string;
  min: number;
  max: number;
  maxLength: number;
  empty: ErrorCode;
  tooFew: ErrorCode;
  tooMany: ErrorCode;
  tooLong: ErrorCode;
  invalid: ErrorCode;
  duplicate?: ErrorCode;
}

const RSA_TEXTS: TextListRule[] = [
  {
    field: 'Headlines',
    min: 3,
    max: 15,
    maxLength: 30,
    empty: CODES.rsaHeadlinesEmpty,
    tooFew: CODES.rsaHeadlinesTooFew,
    tooMany: CODES.rsaHeadlinesTooMany,
    tooLong: CODES.rsaHeadlineTooLong,
    invalid: CODES.rsaInvalidHeadline,
    duplicate: CODES.rsaDuplicateHeadlines,
  },
  {
    field: 'Descriptions',
    min: 2,
    max: 4,
    maxLength: 90,
    empty: CODES.rsaDescriptionsEmpty,
    tooFew: CODES.rsaDescriptionsTooFew,
    tooMany: CODES.rsaDescriptionsTooMany,
    tooLong: CODES.rsaDescriptionTooLong,
    invalid: CODES.rsaInvalidDescription,
    duplicate: CODES.rsaDuplicateDescriptions,
  },
];

/** A multimedia ad's texts: "between 1-15 headlines", "1-5 long headlines", "1-5 descriptions". */
const MULTIMEDIA_TEXTS: TextListRule[] = [
  {
    field: 'Headlines',
    min: 1,
    max: 15,
    maxLength: 30,
    empty: CODES.inputValidation,
    tooFew: CODES.inputValidation,
    tooMany: CODES.inputValidation,
    tooLong: CODES.tooMuchTextInTitle,
    invalid: CODES.inputValidation,
  },
  {
    field: 'LongHeadlines',
    min: 1,
    max: 5,
    maxLength: 90,
    empty: CODES.inputValidation,
    tooFew: CODES.inputValidation,
    tooMany: CODES.inputValidation,
    tooLong: CODES.tooMuchTextInText,
    invalid: CODES.inputValidation,
  },
  {
    field: 'Descriptions',
    min: 1,
    max: 5,
    maxLength: 90,
    empty: CODES.inputValidation,
    tooFew: CODES.inputValidation,
    tooMany: CODES.inputValidation,
    tooLong: CODES.tooMuchTextInText,
    invalid: CODES.inputValidation,
  },
];

/** The multimedia ad's image sub types: aspect ratio (width / height) and minimum size (responsivead.md). */
export const MULTIMEDIA_IMAGES: Record<string, { ratio: number; width: number; height: number }> = {
  LandscapeImageMedia: { ratio: 1.91, width: 703, height: 368 },
  ImageMedia4x1: { ratio: 4, width: 608, height: 152 },
  SquareImageMedia: { ratio: 1, width: 470, height: 470 },
  ImageMedia1x2: { ratio: 0.5, width: 470, height: 940 },
};
/** "You need to add at least 1 image with 1.91:1 aspect ratio and 1 image with 1:1 aspect ratio." */
const REQUIRED_IMAGES = ['LandscapeImageMedia', 'SquareImageMedia'];
/** How far an image may be from its sub type's ratio (Microsoft names no tolerance; 1 %). */
export const RATIO_TOLERANCE = 0.01;
export const hasRatio = (media: { width: number; height: number }, ratio: number) =>
  Math.abs(media.width / media.height / ratio - 1) <= RATIO_TOLERANCE;

/** The languages a call to action is served in (not `None` or `All`). */
const LANGUAGES: readonly string[] = LANGUAGE_NAMES.filter((l) => l !== 'None' && l !== 'All');
const MAX_BUSINESS_NAME = 25;
const MAX_FINAL_URLS = 10;
const MAX_URL = 2048;
const MAX_PATH = 15;
const MAX_CUSTOM_PARAMETERS = 8;
const MAX_KEY_BYTES = 16;
const MAX_VALUE_BYTES = 250;

const utf8 = (text: string) => Buffer.byteLength(text, 'utf8');

/** The texts of an AssetLink list (null where a link is not a TextAsset with a string Text). */
function linkedTexts(value: unknown, field: string): (string | null)[] | null {
  if (!Array.isArray(value)) return null;
  return value.map((raw, i) => {
    const link = fieldsOf(raw, ASSET_LINK_FIELDS, `${field}[${i}]`);
    const asset = fieldsOf(link.Asset, ASSET_FIELDS, `${field}[${i}].Asset`);
    return asset.Type === 'TextAsset' && typeof asset.Text === 'string' ? asset.Text : null;
  });
}

function textListRefusal(ad: Body, rule: TextListRule, assetType: ErrorCode): Refusal {
  const texts = linkedTexts(ad[rule.field], rule.field);
  if (!texts || texts.length === 0) {
    return refuse(rule.empty, `${rule.field} cannot be null or empty.`);
  }
  if (texts.length < rule.min || texts.length > rule.max) {
    const code = texts.length < rule.min ? rule.tooFew : rule.tooMany;
    return refuse(code, `${rule.field} takes ${rule.min}–${rule.max} assets (${texts.length} given).`);
  }
  const seen = new Set<string>();
  for (const [i, text] of texts.entries()) {
    const at = `${rule.field}[${i}]`;
    if (text === null) return refuse(assetType, `${at} must be a TextAsset with a Text.`);
    if (!HAS_WORD.test(text) || text.includes('\n') || text.length > MAX_INPUT) {
      return refuse(rule.invalid, `${at} must contain a word, no newline, at most ${MAX_INPUT} characters.`);
    }
    if (KEYWORD_WITHOUT_DEFAULT.test(text)) {
      return refuse(
        CODES.rsaKeywordWithoutDefault,
        `${at}: {Keyword} needs a default text ({Keyword:default}).`,
      );
    }
    if (finalLength(text) > rule.maxLength) {
      return refuse(rule.tooLong, `${at} is over ${rule.maxLength} characters after substitution.`);
    }
    if (rule.duplicate && seen.has(text.toLowerCase())) {
      return refuse(rule.duplicate, `${at} duplicates another asset.`);
    }
    seen.add(text.toLowerCase());
  }
  return null;
}

function pathRefusal(ad: Body): Refusal {
  const paths = [
    [ad.Path1, CODES.rsaPath1TooLong, CODES.rsaPath1Invalid],
    [ad.Path2, CODES.rsaPath2TooLong, CODES.rsaPath2Invalid],
  ] as const;
  for (const [i, [path, tooLong, invalid]] of paths.entries()) {
    if (path === null || path === undefined) continue;
    if (typeof path !== 'string' || /[/\n]/.test(path)) {
      return refuse(invalid, `Path${i + 1} cannot contain / or a newline.`);
    }
    if (finalLength(path) > MAX_PATH) return refuse(tooLong, `Path${i + 1} is over ${MAX_PATH} characters.`);
  }
  return ad.Path2 && !ad.Path1 ? refuse(CODES.rsaPath2WithoutPath1, 'Path2 is set without Path1.') : null;
}

function finalUrlsRefusal(urls: unknown): Refusal {
  if (!Array.isArray(urls) || urls.length === 0) {
    return refuse(CODES.finalUrlsInvalid, 'FinalUrls is required.');
  }
  if (urls.length > MAX_FINAL_URLS) return refuse(CODES.finalUrlsExceeded, 'At most 10 FinalUrls.');
  const wellFormed = (url: unknown) =>
    typeof url === 'string' && url.length <= MAX_URL && /^https?:\/\/[^\s/?#]+\.[^\s]*$/i.test(url);
  return urls.every(wellFormed)
    ? null
    : refuse(
        CODES.finalUrlsInvalid,
        'Each final URL must be a well-formed http(s) URL of at most 2,048 characters.',
      );
}

function customParametersRefusal(value: unknown): Refusal {
  if (value === null || value === undefined) return null;
  const { Parameters } = fieldsOf(value, ['Parameters'], 'UrlCustomParameters');
  if (Parameters === null || Parameters === undefined) return null;
  const bad = (message: string) => refuse(CODES.invalidCustomParameters, message);
  if (!Array.isArray(Parameters) || Parameters.length > MAX_CUSTOM_PARAMETERS) {
    return bad(`At most ${MAX_CUSTOM_PARAMETERS} custom parameters.`);
  }
  const keys = new Set<string>();
  for (const [i, raw] of Parameters.entries()) {
    const { Key, Value } = fieldsOf(raw, CUSTOM_PARAMETER_FIELDS, `UrlCustomParameters.Parameters[${i}]`);
    if (typeof Key !== 'string' || !/^[A-Za-z0-9]+$/.test(Key) || utf8(Key) > MAX_KEY_BYTES) {
      return bad(`Key ${String(Key)}: letters and digits, at most ${MAX_KEY_BYTES} bytes.`);
    }
    if (typeof Value !== 'string' || utf8(Value) > MAX_VALUE_BYTES) {
      return bad(`The value of ${Key}: a string of at most ${MAX_VALUE_BYTES} bytes.`);
    }
    if (keys.has(Key.toLowerCase())) return bad(`Key ${Key} is given twice.`);
    keys.add(Key.toLowerCase());
  }
  return null;
}

function imagesRefusal(account: AccountState, images: unknown): Refusal {
  if (!Array.isArray(images) || images.length === 0) {
    return refuse(CODES.responsiveAdRequiredImageMissing, 'Images is required.');
  }
  const seen = new Set<string>();
  for (const [i, raw] of images.entries()) {
    const link = fieldsOf(raw, ASSET_LINK_FIELDS, `Images[${i}]`);
    const asset = fieldsOf(link.Asset, ASSET_FIELDS, `Images[${i}].Asset`);
    const media: StoredMedia | undefined =
      typeof asset.Id === 'string' ? account.media.get(asset.Id) : undefined;
    if (asset.Type !== 'ImageAsset' || !media) {
      return refuse(
        CODES.mediaIdInvalid,
        `Images[${i}]: no image ${String(asset.Id)} in the account's media library.`,
      );
    }
    const subType = MULTIMEDIA_IMAGES[String(asset.SubType)];
    if (!subType)
      return refuse(
        CODES.responsiveAdInvalidImage,
        `Images[${i}]: SubType ${String(asset.SubType)} is not a multimedia ad's.`,
      );
    if (!hasRatio(media, subType.ratio) || media.width < subType.width || media.height < subType.height) {
      return refuse(
        CODES.responsiveAdInvalidImage,
        `Images[${i}]: ${asset.SubType} needs ${subType.ratio}:1, at least ${subType.width}×${subType.height}; image ${media.Id} is ${media.width}×${media.height}.`,
      );
    }
    const key = `${asset.Id}/${asset.SubType}`;
    if (seen.has(key)) return refuse(CODES.responsiveAdDuplicateImage, `Images[${i}] is given twice.`);
    seen.add(key);
  }
  const subTypes = images.map((link) => (link as { Asset: { SubType?: unknown } }).Asset.SubType);
  const missing = REQUIRED_IMAGES.filter((s) => !subTypes.includes(s));
  return missing.length
    ? refuse(CODES.responsiveAdRequiredImageMissing, `A multimedia ad needs ${missing.join(' and ')}.`)
    : null;
}

function multimediaRefusal(account: AccountState, ad: Body): Refusal {
  return firstRefusal(
    () =>
      typeof ad.BusinessName !== 'string' || ad.BusinessName.trim() === ''
        ? refuse(CODES.invalidBusinessName, 'BusinessName is required.')
        : finalLength(ad.BusinessName) > MAX_BUSINESS_NAME
          ? refuse(CODES.tooMuchTextInBusinessName, `BusinessName is over ${MAX_BUSINESS_NAME} characters.`)
          : null,
    () =>
      typeof ad.CallToAction === 'string' && (CALLS_TO_ACTION as readonly string[]).includes(ad.CallToAction)
        ? null
        : refuse(CODES.invalidCallToAction, 'CallToAction is required, a value of CallToAction.'),
    () =>
      typeof ad.CallToActionLanguage === 'string' && LANGUAGES.includes(ad.CallToActionLanguage)
        ? null
        : refuse(CODES.invalidLanguage, 'CallToActionLanguage is required, a value of LanguageName.'),
    ...MULTIMEDIA_TEXTS.map((rule) => () => textListRefusal(ad, rule, CODES.inputValidation)),
    () => imagesRefusal(account, ad.Images),
  );
}

/**
 * Why the ad an add or update would leave is refused, or null. `campaignType` is its campaign's: a
 * ResponsiveSearch ad runs in Search campaigns, a ResponsiveAd there is a multimedia ad (the
 * emulator creates no audience or video ads; the seeded video ad takes status and parameters only).
 */
export function adRefusal(account: AccountState, campaignType: string, ad: Body): Refusal {
  return firstRefusal(
    () =>
      ad.Status === 'Active' || ad.Status === 'Paused'
        ? null
        : refuse(CODES.invalidAdStatus, 'Status must be Active or Paused.'),
    () => customParametersRefusal(ad.UrlCustomParameters),
    () => finalUrlsRefusal(ad.FinalUrls),
    () => {
      if (ad.AdSubType === 'Video') return null;
      if (campaignType !== 'Search') {
        return refuse(
          ad.Type === 'ResponsiveSearch' ? CODES.adTypeInvalidForCampaign : CODES.adTypeInvalid,
          `The emulator creates no ${String(ad.Type)} ads in ${campaignType} campaigns.`,
        );
      }
      return ad.Type === 'ResponsiveSearch'
        ? firstRefusal(
            ...RSA_TEXTS.map((rule) => () => textListRefusal(ad, rule, CODES.rsaAssetTypeInvalid)),
            () => pathRefusal(ad),
          )
        : multimediaRefusal(account, ad);
    },
  );
}
