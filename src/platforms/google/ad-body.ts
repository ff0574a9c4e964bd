import type { AdSetStatus, SearchAd } from '../../ads/model.js';
import { PlatformInputError } from '../../ports/platform-error.js';
import { type TaggedOperation, taggedParam } from './campaign-body.js';
import type { ParamFor } from './errors.js';
import { googleStatus } from './mapping.js';

/**
 * A responsive search ad has no name (resources/ad.proto: `Ad.name` is for DisplayUploadAd, ImageAd,
 * video and Demand Gen ads, and IMMUTABLE), so adlink keeps an ad's name as a label on it,
 * `adlink: <name>`, which Google's interface shows beside the ad.
 */
const NAME_LABEL_PREFIX = 'adlink: ';
/** resources/label.proto: "The length of this string should be between 1 and 80, inclusive." */
const LABEL_MAX = 80;

export const adGroupAdName = (customerId: string, adGroupId: string, adId: string) =>
  `customers/${customerId}/adGroupAds/${adGroupId}~${adId}`;

/** The label an ad named `name` carries; a name too long for a label is refused naming `name`. */
export function nameLabel(name: string): string {
  const most = LABEL_MAX - NAME_LABEL_PREFIX.length;
  const length = [...name].length;
  if (length > most) {
    throw new PlatformInputError(
      'name',
      `Google keeps an ad's name as a label of at most ${LABEL_MAX} characters: names up to ${most} characters (this one has ${length}).`,
    );
  }
  return `${NAME_LABEL_PREFIX}${name}`;
}

/** The ad name a label gives, where it is one of adlink's. */
export const nameOfLabel = (label: string | undefined): string | undefined =>
  label?.startsWith(NAME_LABEL_PREFIX) ? label.slice(NAME_LABEL_PREFIX.length) : undefined;

/** A SearchAd in Google's fields: the final URL and the responsive search ad (paths are path1, path2). */
function searchAdFields(creative: SearchAd) {
  const [path1, path2] = creative.paths;
  const assets = (texts: string[]) => texts.map((text) => ({ text }));
  return {
    finalUrls: [creative.url],
    responsiveSearchAd: {
      headlines: assets(creative.headlines),
      descriptions: assets(creative.descriptions),
      ...(path1 === undefined ? {} : { path1 }),
      ...(path2 === undefined ? {} : { path2 }),
    },
  };
}

/** The creative's parameter a Google error inside an ad points to (`…headlines[3].text` → `creative.headlines[3]`). */
const creativeParam: ParamFor = (path) => {
  for (const { fieldName, index } of path) {
    if (fieldName === 'headlines' || fieldName === 'descriptions')
      return index === undefined ? `creative.${fieldName}` : `creative.${fieldName}[${index}]`;
    if (fieldName === 'path1') return 'creative.paths[0]';
    if (fieldName === 'path2') return 'creative.paths[1]';
    if (fieldName === 'final_urls') return 'creative.url';
  }
  return undefined;
};

/** The unified parameter of an error in a `googleAds:mutate` of ad operations. */
export const adParam =
  (operations: TaggedOperation[]): ParamFor =>
  (path) =>
    creativeParam(path) ?? taggedParam(operations)(path);

/** A responsive search ad created in an ad group. */
export function adGroupAdCreate(
  customerId: string,
  adGroupId: string,
  status: AdSetStatus,
  creative: SearchAd,
): TaggedOperation {
  return {
    operation: {
      adGroupAdOperation: {
        create: {
          adGroup: `customers/${customerId}/adGroups/${adGroupId}`,
          status: googleStatus(status),
          ad: searchAdFields(creative),
        },
      },
    },
    params: { status: 'status', ad_group: 'adSetId' },
    fallback: 'creative',
  };
}

export function adStatusUpdate(adGroupAd: string, status: AdSetStatus): TaggedOperation {
  return {
    operation: {
      adGroupAdOperation: {
        update: { resourceName: adGroupAd, status: googleStatus(status) },
        updateMask: 'status',
      },
    },
    params: { status: 'status' },
    fallback: 'status',
  };
}

/**
 * The ad's content replaced in place (AdService.MutateAds updates responsive search ads): every field
 * of it is in the mask, so a path left out is cleared.
 */
export function adContentUpdate(customerId: string, adId: string, creative: SearchAd): TaggedOperation {
  return {
    operation: {
      adOperation: {
        update: { resourceName: `customers/${customerId}/ads/${adId}`, ...searchAdFields(creative) },
        updateMask:
          'finalUrls,responsiveSearchAd.headlines,responsiveSearchAd.descriptions,responsiveSearchAd.path1,responsiveSearchAd.path2',
      },
    },
    params: {},
    fallback: 'creative',
  };
}

/** A new label, under a temporary id the same request attaches it by. */
export function labelCreate(customerId: string, name: string): { label: string; operation: TaggedOperation } {
  const label = `customers/${customerId}/labels/-1`;
  return {
    label,
    operation: {
      operation: { labelOperation: { create: { resourceName: label, name } } },
      params: {},
      fallback: 'name',
    },
  };
}

export const adLabelCreate = (adGroupAd: string, label: string): TaggedOperation => ({
  operation: { adGroupAdLabelOperation: { create: { adGroupAd, label } } },
  params: {},
  fallback: 'name',
});

export const adLabelRemove = (adGroupAdLabel: string): TaggedOperation => ({
  operation: { adGroupAdLabelOperation: { remove: adGroupAdLabel } },
  params: {},
  fallback: 'name',
});
