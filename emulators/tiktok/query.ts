import { invalid } from './envelope.js';

/** TikTok's GET parameters: lists and objects travel JSON-encoded (`filtering={"campaign_ids":["1"]}`). */

export function jsonParam(query: Record<string, unknown>, name: string): unknown {
  const raw = query[name];
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string') throw invalid(name, 'Must be given once, JSON-encoded.');
  try {
    return JSON.parse(raw);
  } catch {
    throw invalid(name, 'Not a valid JSON string.');
  }
}

export function stringList(value: unknown, name: string, max: number): string[] | undefined {
  if (value === undefined) return undefined;
  if (
    !Array.isArray(value) ||
    value.length < 1 ||
    value.length > max ||
    value.some((v) => typeof v !== 'string' || v === '')
  ) {
    throw invalid(name, `Must be a list of 1-${max} ids (strings).`);
  }
  return value as string[];
}

export function requiredString(source: Record<string, unknown>, name: string): string {
  const value = source[name];
  if (typeof value !== 'string' || value === '') throw invalid(name, 'Missing data for required field.');
  return value;
}

/** The object in `filtering`, checked against the keys this endpoint takes. */
export function filtering(query: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  const value = jsonParam(query, 'filtering') ?? {};
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw invalid('filtering', 'Must be a JSON object.');
  }
  for (const key of Object.keys(value)) {
    if (!keys.includes(key)) throw invalid(`filtering.${key}`, 'Unknown field.');
  }
  return value as Record<string, unknown>;
}

const DEFAULT_PAGE_SIZE = 10;
const MAX_PAGE_SIZE = 1000;

function positiveInt(query: Record<string, unknown>, name: string, fallback: number, max: number): number {
  const raw = query[name];
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (typeof raw !== 'string' || !Number.isInteger(value) || value < 1 || value > max) {
    throw invalid(name, `Must be an integer from 1 to ${max}.`);
  }
  return value;
}

/** One page of `items` with TikTok's `page_info` (page size 10 unless asked, at most `max`). */
export function paginate<T>(query: Record<string, unknown>, items: T[], max = MAX_PAGE_SIZE) {
  const page = positiveInt(query, 'page', 1, Number.MAX_SAFE_INTEGER);
  const pageSize = positiveInt(query, 'page_size', DEFAULT_PAGE_SIZE, max);
  return {
    list: items.slice((page - 1) * pageSize, page * pageSize),
    page_info: {
      page,
      page_size: pageSize,
      total_number: items.length,
      total_page: Math.ceil(items.length / pageSize),
    },
  };
}

export const PRIMARY_STATUSES = ['STATUS_NOT_DELETE', 'STATUS_DELETE', 'STATUS_ALL'] as const;

/** `primary_status` decides whether deleted objects are listed; STATUS_NOT_DELETE is the default. */
export function primaryStatusMatches(value: unknown, deleted: boolean): boolean {
  switch (value ?? 'STATUS_NOT_DELETE') {
    case 'STATUS_NOT_DELETE':
      return !deleted;
    case 'STATUS_DELETE':
      return deleted;
    case 'STATUS_ALL':
      return true;
    default:
      throw invalid('filtering.primary_status', `Must be one of ${PRIMARY_STATUSES.join(', ')}.`);
  }
}
