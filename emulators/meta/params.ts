import { invalidParam } from './graph-error.js';

/** Parameters every Graph call may carry besides the ones of its endpoint. */
const CALL_PARAMS = new Set(['access_token', 'appsecret_proof', 'fields', 'id']);

/**
 * The parameters of a Graph POST: query and body merged (the SDK sends a JSON body, curl a form),
 * with JSON-encoded values (`targeting={"geo_locations":…}` in a form) decoded. Parameters the
 * endpoint does not take are refused by name.
 */
export function postParams(
  query: Record<string, unknown>,
  body: unknown,
  allowed: readonly string[],
): Record<string, unknown> {
  const merged = { ...query, ...(typeof body === 'object' && body !== null ? body : {}) } as Record<
    string,
    unknown
  >;
  const params: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(merged)) {
    if (CALL_PARAMS.has(name)) continue;
    if (!allowed.includes(name)) throw invalidParam(`Param ${name} is not supported on this endpoint`);
    params[name] = typeof value === 'string' && /^[[{]/.test(value.trim()) ? parseJson(name, value) : value;
  }
  return params;
}

function parseJson(name: string, value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    throw invalidParam(`Param ${name} must be a JSON object`);
  }
}

/** A JSON array parameter such as `effective_status=["ACTIVE","PAUSED"]`. */
export function listParam(name: string, value: unknown): string[] | undefined {
  if (value === undefined) return undefined;
  const list = typeof value === 'string' ? parseJson(name, value) : value;
  if (!Array.isArray(list) || !list.every((v) => typeof v === 'string')) {
    throw invalidParam(`Param ${name} must be an array of strings`);
  }
  return list;
}
