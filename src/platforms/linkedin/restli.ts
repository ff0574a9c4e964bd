/**
 * Rest.li 2.0 query encoding, as LinkedIn's versioned API reads it: a value is URL-encoded and the
 * characters Rest.li uses for structure (`,()':`) are percent-escaped inside it, so a URN's colons
 * never read as a `key:value` separator. Lists are `List(a,b)`, records `(key:value,…)`.
 */
export type RestliValue = string | number | boolean | RestliValue[] | { [key: string]: RestliValue };

const escapePrimitive = (value: string | number | boolean): string => {
  const text = String(value);
  if (text === '') return "''";
  return encodeURIComponent(text).replace(/[()']/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
};

export function restliEncode(value: RestliValue): string {
  if (Array.isArray(value)) return `List(${value.map(restliEncode).join(',')})`;
  if (typeof value === 'object') {
    const fields = Object.entries(value).map(([key, v]) => `${escapePrimitive(key)}:${restliEncode(v)}`);
    return `(${fields.join(',')})`;
  }
  return escapePrimitive(value);
}

/** A query string of Rest.li-encoded parameters (`q=search&search=(…)`). */
export const restliQuery = (params: Record<string, RestliValue | undefined>): string =>
  Object.entries(params)
    .filter((entry): entry is [string, RestliValue] => entry[1] !== undefined)
    .map(([key, value]) => `${escapePrimitive(key)}=${restliEncode(value)}`)
    .join('&');

export const accountUrn = (id: string): string => `urn:li:sponsoredAccount:${id}`;
export const campaignGroupUrn = (id: string): string => `urn:li:sponsoredCampaignGroup:${id}`;
export const campaignUrn = (id: string): string => `urn:li:sponsoredCampaign:${id}`;

/** The numeric id at the end of a URN (`urn:li:sponsoredCampaign:123` → `123`); an id stays as is. */
export const urnId = (urn: string | number): string => String(urn).split(':').pop() ?? '';
