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

/** What is wrong with a targeting spec, naming the criterion (undefined: it is accepted). */
export function targetingError(spec: TargetingSpec | undefined): string | undefined {
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
  return undefined;
}
