import type { NewAdSet } from '../../adsets/model.js';
import type { PlatformCall } from '../../ports/platform-call.js';
import { PlatformInputError } from '../../ports/platform-error.js';
import type { TikTokApi } from './client.js';
import type { ZipcodeTag } from './model.js';

/** TikTok's batch zip code search covers these countries (US zip codes, Canadian FSAs). */
const ZIP_COUNTRIES = ['US', 'CA'];
/** A Canadian postal code (`M5V 3L9`) or its forward sortation area alone (`M5V`). */
const CANADIAN_POSTAL_CODE = /^([A-Z]\d[A-Z])(?: ?\d[A-Z]\d)?$/;

/**
 * What TikTok targets for a code: a US zip code as it is; a Canadian postal code by its first three
 * characters (the FSA), the only Canadian level TikTok targets. Null when it is not a Canadian code.
 */
function targetedCode(country: string, zipcode: string): string | null {
  if (country !== 'CA') return zipcode;
  return CANADIAN_POSTAL_CODE.exec(zipcode.trim().toUpperCase())?.[1] ?? null;
}
/** The scope the targeting tools ask for; zip code ids are the same for every objective. */
const GEO_SCOPE = { objective_type: 'REACH', placements: ['PLACEMENT_TIKTOK'] };

/**
 * The `zipcode_ids` of the ad set's zip codes, looked up with `/tool/targeting/search/`; a code
 * TikTok does not know is refused by name.
 */
export async function zipcodeIds(
  api: TikTokApi,
  call: PlatformCall,
  advertiserId: string,
  targetings: NewAdSet['targetings'],
): Promise<string[]> {
  const given = targetings.flatMap((t, i) =>
    t.kind === 'GeoTargeting'
      ? t.zipcodes.map((zip, j) => ({ ...zip, param: `targetings[${i}].zipcodes[${j}]` }))
      : [],
  );
  const foreign = given.find((z) => !ZIP_COUNTRIES.includes(z.country));
  if (foreign) {
    throw new PlatformInputError(
      `${foreign.param}.country`,
      'TikTok targets zip codes in the US and Canada only.',
    );
  }
  const wanted = given.map((zip) => {
    const code = targetedCode(zip.country, zip.zipcode);
    if (code === null) {
      throw new PlatformInputError(`${zip.param}.zipcode`, `${zip.zipcode} is not a Canadian postal code.`);
    }
    return { ...zip, zipcode: code };
  });
  const ids: string[] = [];
  for (const country of ZIP_COUNTRIES) {
    const codes = wanted.filter((z) => z.country === country);
    if (codes.length === 0) continue;
    const data = await api.post(call, '/tool/targeting/search/', {
      advertiser_id: advertiserId,
      search_type: 'BATCH_ZIPCODE_SEARCH',
      region_codes: [country],
      keywords: [...new Set(codes.map((z) => z.zipcode))],
      ...GEO_SCOPE,
    });
    const tags = (data.targeting_tag_list ?? []) as ZipcodeTag[];
    for (const zip of codes) {
      const tag = tags.find((t) => t.name === zip.zipcode && t.geo.geo_type === 'ZIP_CODE');
      if (!tag) {
        throw new PlatformInputError(
          `${zip.param}.zipcode`,
          `TikTok does not target the zip code ${zip.zipcode}.`,
        );
      }
      ids.push(tag.geo.geo_id);
    }
  }
  return [...new Set(ids)];
}

/** Zip codes by `zipcode_ids`, looked up with `/tool/targeting/info/`. */
export async function zipcodesById(
  api: TikTokApi,
  call: PlatformCall,
  advertiserId: string,
  ids: string[],
): Promise<Map<string, { country: string; zipcode: string }>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const data = await api.post(call, '/tool/targeting/info/', {
    advertiser_id: advertiserId,
    scene: 'GEO',
    targeting_ids: unique,
    ...GEO_SCOPE,
  });
  const tags = (data.targeting_tag_list ?? []) as ZipcodeTag[];
  return new Map(tags.map((t) => [t.geo.geo_id, { country: t.geo.region_code, zipcode: t.name }]));
}
