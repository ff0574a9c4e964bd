import { name, oneOf, required } from './checks.js';
import { GraphError, invalidParam } from './graph-error.js';

/** At most this many rows in one `/users` call ("only a maximum of 10000 at a time"). */
export const MAX_USERS_PER_CALL = 10_000;

/** The SDK's `CustomAudience.CustomerFileSource`. */
export const CUSTOMER_FILE_SOURCES = [
  'USER_PROVIDED_ONLY',
  'PARTNER_PROVIDED_ONLY',
  'BOTH_USER_AND_PARTNER_PROVIDED',
] as const;

/** The single-key schemas emulated (the reference also has MOBILE_ADVERTISER_ID). */
const SINGLE_KEYS = { EMAIL_SHA256: 'EMAIL', PHONE_SHA256: 'PHONE' } as const;
/** The multi-key types emulated (the reference's list also has EXTERN_ID, FN, LN, ZIP, …). */
const MULTI_KEYS = ['EMAIL', 'PHONE'] as const;
const SHA256 = /^[0-9a-f]{64}$/;

/** Meta's answer when the ad account has not accepted the Custom Audience terms (code 2663). */
export const termsNotAccepted = (account: string) =>
  new GraphError(
    `(#2663) Terms of service has not been accepted. To accept, go to https://www.facebook.com/customaudiences/app/tos/?act=${account}`,
    2663,
  );

function description(value: unknown): string {
  if (typeof value !== 'string' || value.length > 500) {
    throw invalidParam('Param description must be a string of at most 500 characters');
  }
  return value;
}

/**
 * A new customer-file custom audience: `name`, `subtype` CUSTOM (the other subtypes are not
 * emulated) and `customer_file_source` are required.
 */
export function newCustomAudience(params: Record<string, unknown>) {
  oneOf('subtype', required(params, 'subtype'), ['CUSTOM']);
  return {
    name: name(required(params, 'name')),
    customer_file_source: oneOf(
      'customer_file_source',
      required(params, 'customer_file_source'),
      CUSTOMER_FILE_SOURCES,
    ),
    ...(params.description === undefined ? {} : { description: description(params.description) }),
  };
}

export function customAudienceChanges(params: Record<string, unknown>) {
  return {
    ...(params.name === undefined ? {} : { name: name(params.name) }),
    ...(params.description === undefined ? {} : { description: description(params.description) }),
  };
}

const isHash = (value: unknown): value is string => typeof value === 'string' && SHA256.test(value);

/** The schema as its key types: a single-key schema's, or a multi-key list's (each once). */
function schemaKeys(schema: unknown): { keys: string[]; multi: boolean } {
  if (typeof schema === 'string' && schema in SINGLE_KEYS) {
    return { keys: [SINGLE_KEYS[schema as keyof typeof SINGLE_KEYS]], multi: false };
  }
  const allowed: readonly string[] = MULTI_KEYS;
  if (
    Array.isArray(schema) &&
    schema.length > 0 &&
    schema.every((key) => typeof key === 'string' && allowed.includes(key)) &&
    new Set(schema).size === schema.length
  ) {
    return { keys: schema as string[], multi: true };
  }
  throw invalidParam(
    `Invalid schema: give one of ${Object.keys(SINGLE_KEYS).join(', ')}, or a list of distinct keys of ${MULTI_KEYS.join(', ')}`,
  );
}

/**
 * The hashes a `/users` call sends, by key type, checked as the reference describes `payload`:
 * `schema` and `data` required; single-key data a list of hashes, multi-key data rows as long as the
 * schema with "" for an unknown key; at most 10,000 rows. Every value must be a SHA-256 hash in
 * lower-case hex (Meta counts other values as `num_invalid_entries`; the emulator refuses them).
 */
export function usersPayload(params: Record<string, unknown>): { rows: number; hashes: string[] } {
  const payload = required(params, 'payload');
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) {
    throw invalidParam('Param payload must be a JSON object with schema and data');
  }
  const { schema, data, is_raw: isRaw, ...rest } = payload as Record<string, unknown>;
  const unknown = Object.keys(rest)[0];
  if (unknown !== undefined) throw invalidParam(`Param payload[${unknown}] is not supported`);
  if (schema === undefined) throw invalidParam('The parameter payload[schema] is required');
  if (isRaw !== undefined && typeof isRaw !== 'boolean')
    throw invalidParam('Param payload[is_raw] must be a boolean');
  const { keys, multi } = schemaKeys(schema);
  if (!Array.isArray(data) || data.length === 0) {
    throw invalidParam('Param payload[data] must be a non-empty list');
  }
  if (data.length > MAX_USERS_PER_CALL) {
    throw invalidParam(`Param payload[data] has ${data.length} rows: at most ${MAX_USERS_PER_CALL} a call`);
  }
  const hashes: string[] = [];
  data.forEach((row: unknown, index) => {
    const values = multi ? row : [row];
    const valid =
      Array.isArray(values) &&
      values.length === keys.length &&
      values.every((v) => v === '' || isHash(v)) &&
      values.some(isHash);
    if (!valid) {
      throw invalidParam(
        multi
          ? `Param payload[data][${index}] must have ${keys.length} values, each a lower-case hex SHA-256 hash or "" for an unknown key`
          : `Param payload[data][${index}] must be a lower-case hex SHA-256 hash`,
      );
    }
    hashes.push(...(values as string[]).filter(isHash));
  });
  return { rows: data.length, hashes };
}
