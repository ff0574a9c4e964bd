import type { AdChanges, Creative, NewAd } from '../../ads/model.js';
import type { ResolvedMedia } from '../../media/model.js';
import { PlatformInputError } from '../../ports/platform-error.js';
import { microsoftStatus, NAME_PARAMETER } from './mapping.js';
import { imageKindOf } from './media.js';
import type { CustomParameter } from './model.js';

/** Customparameter.md: at most 8 per entity, each value at most 250 bytes of UTF-8. */
const MAX_PARAMETERS = 8;
const MAX_VALUE_BYTES = 250;

const textLinks = (texts: string[]) => texts.map((Text) => ({ Asset: { Type: 'TextAsset', Text } }));

/**
 * The ad's fields for a creative: a ResponsiveSearch ad, or a multimedia ResponsiveAd whose images
 * (`media`, in order) each link with the sub type of its ratio. On update an absent path is written
 * as "" (which clears it); `language` is the call to action's, set on add only.
 */
export function creativeFields(
  creative: Creative,
  media: ResolvedMedia[],
  { update, language }: { update: boolean; language?: string },
): Record<string, unknown> {
  const FinalUrls = [creative.url];
  if (creative.kind === 'SearchAd') {
    const [Path1, Path2] = creative.paths;
    const path = (value: string | undefined) => value ?? (update ? '' : null);
    return {
      Type: 'ResponsiveSearch',
      Headlines: textLinks(creative.headlines),
      Descriptions: textLinks(creative.descriptions),
      Path1: path(Path1),
      Path2: path(Path2),
      FinalUrls,
    };
  }
  return {
    Type: 'ResponsiveAd',
    BusinessName: creative.businessName,
    CallToAction: creative.callToAction,
    ...(language ? { CallToActionLanguage: language } : {}),
    Headlines: textLinks([creative.headline ?? '']),
    LongHeadlines: textLinks([creative.longHeadline ?? '']),
    Descriptions: textLinks([creative.text ?? '']),
    Images: media.map(({ media: image }) => ({
      Asset: { Type: 'ImageAsset', Id: image.id, SubType: imageKindOf(image.width, image.height)?.subType },
    })),
    FinalUrls,
  };
}

/**
 * The ad's custom parameters with the unified name in `adlinkname`, beside those it has: the name is
 * the parameter's value, so it is refused past 250 bytes, and where the ad has 8 parameters already.
 */
export function nameParameters(name: string, current: CustomParameter[] = []) {
  if (Buffer.byteLength(name, 'utf8') > MAX_VALUE_BYTES) {
    throw new PlatformInputError(
      'name',
      `Microsoft ads keep their name in a custom parameter of at most ${MAX_VALUE_BYTES} bytes (UTF-8); this one has ${Buffer.byteLength(name, 'utf8')}.`,
    );
  }
  const others = current.filter((p) => p.Key !== NAME_PARAMETER);
  if (others.length >= MAX_PARAMETERS) {
    throw new PlatformInputError(
      'name',
      `The ad has ${MAX_PARAMETERS} custom parameters already, Microsoft's most; adlink keeps the name in one more.`,
    );
  }
  return { Parameters: [...others, { Key: NAME_PARAMETER, Value: name }] };
}

/** AddAds: one ad in its ad group, with its status and name. */
export function addAdsBody(input: NewAd, media: ResolvedMedia[], language: string | undefined) {
  return {
    AdGroupId: input.adSetId,
    Ads: [
      {
        ...creativeFields(input.creative, media, { update: false, language }),
        Status: microsoftStatus(input.status),
        UrlCustomParameters: nameParameters(input.name),
      },
    ],
  };
}

/** UpdateAds: what changed (fields left out keep their values), over the ad as Microsoft holds it. */
export function updateAdsBody(
  current: { Id: string; Type: string; parameters: CustomParameter[] },
  adGroupId: string,
  changes: AdChanges,
  media: ResolvedMedia[],
) {
  return {
    AdGroupId: adGroupId,
    Ads: [
      {
        Id: current.Id,
        Type: current.Type,
        ...(changes.status ? { Status: microsoftStatus(changes.status) } : {}),
        ...(changes.name ? { UrlCustomParameters: nameParameters(changes.name, current.parameters) } : {}),
        ...(changes.creative ? creativeFields(changes.creative, media, { update: true }) : {}),
      },
    ],
  };
}
