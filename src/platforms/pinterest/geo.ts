/**
 * Zip codes as Pinterest's `targeting_spec.GEO` writes postal codes: country, hyphen, code
 * ("US-94107"). GEO also holds region codes ("BE-VOV"); a code whose part after the country has a
 * digit is a postal code.
 */
export const toGeoId = (country: string, zipcode: string): string => `${country}-${zipcode.toUpperCase()}`;

export const isPostalGeoId = (id: string): boolean => /^[A-Z]{2}-/.test(id) && /\d/.test(id.slice(3));

/** The postal codes among GEO ids, as zip codes; region codes have no unified kind. */
export const zipcodesOf = (geo: readonly string[]): { country: string; zipcode: string }[] =>
  geo.filter(isPostalGeoId).map((id) => ({ country: id.slice(0, 2), zipcode: id.slice(3) }));
