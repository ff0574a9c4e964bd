import type { TargetingSpec } from './model.js';

/**
 * `targeting_spec.GEO` holds region codes ("BE-VOV") or postal codes ("US-94107") — not both — and
 * `LOCATION` country codes ("US") or US Nielsen DMA codes ("807"); at least one of them is required
 * (the TargetingSpec descriptions of the OpenAPI). A GEO code whose part after the country has a digit
 * is read as a postal code, one of letters only as a region code.
 */
const GEO_CODE = /^[A-Z]{2}-[A-Z0-9][A-Z0-9 ]{0,9}$/;
const US_ZIP = /^US-\d{5}$/;
const LOCATION_CODE = /^([A-Z]{2}|\d{3})$/;

const isPostalCode = (code: string): boolean => /\d/.test(code.slice(3));

/**
 * What is wrong with a targeting spec, naming the criterion (undefined: it is accepted). `audiences`
 * are the ids of the ad account's audiences, the only ones AUDIENCE_INCLUDE and AUDIENCE_EXCLUDE take.
 */
export function targetingError(
  spec: TargetingSpec | undefined,
  audiences: ReadonlySet<string>,
): string | undefined {
  const geo = spec?.GEO ?? [];
  const location = spec?.LOCATION ?? [];
  if (!Array.isArray(geo) || !Array.isArray(location))
    return 'targeting_spec GEO and LOCATION must be lists.';
  if (geo.length === 0 && location.length === 0) {
    return 'targeting_spec must specify at least one of LOCATION or GEO.';
  }
  const badLocation = location.find((code) => !LOCATION_CODE.test(code));
  if (badLocation) return `targeting_spec LOCATION has an invalid code ${badLocation}.`;
  const badGeo = geo.find(
    (code) => !GEO_CODE.test(code) || (code.startsWith('US-') && isPostalCode(code) && !US_ZIP.test(code)),
  );
  if (badGeo) return `targeting_spec GEO has an invalid region or postal code ${badGeo}.`;
  const postal = geo.filter(isPostalCode);
  if (postal.length > 0 && postal.length < geo.length) {
    return 'targeting_spec GEO must use either region codes or postal codes, not both.';
  }
  return audienceError(spec ?? {}, audiences);
}

/** Audience ids of the ad account, each in AUDIENCE_INCLUDE or AUDIENCE_EXCLUDE, not both. */
function audienceError(spec: TargetingSpec, audiences: ReadonlySet<string>): string | undefined {
  const include = (spec.AUDIENCE_INCLUDE ?? []) as string[];
  const exclude = (spec.AUDIENCE_EXCLUDE ?? []) as string[];
  for (const [field, ids] of [
    ['AUDIENCE_INCLUDE', include],
    ['AUDIENCE_EXCLUDE', exclude],
  ] as const) {
    const unknown = ids.find((id) => !audiences.has(id));
    if (unknown)
      return `targeting_spec ${field} has ${unknown}, which is not an audience of this ad account.`;
  }
  const both = include.find((id) => exclude.includes(id));
  return both ? `targeting_spec AUDIENCE_EXCLUDE has ${both}, which is also included.` : undefined;
}
