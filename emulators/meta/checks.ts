import { GraphError, invalidParam } from './graph-error.js';
import { parseGraphTime } from './model.js';

/**
 * The smallest daily budget, in the account currency's offset units (Meta's real minimum depends on
 * the currency and the billing event; this is its IMPRESSIONS minimum for USD, $1.00, applied to all).
 */
export const MIN_DAILY_BUDGET = 100;

/** The parameter checks campaigns and ad sets share, with Meta's messages. */
export const required = (params: Record<string, unknown>, name: string): unknown => {
  const value = params[name];
  if (value === undefined || value === '') throw invalidParam(`The parameter ${name} is required`);
  return value;
};

export function oneOf<T extends string>(name: string, value: unknown, allowed: readonly T[]): T {
  if (typeof value !== 'string' || !allowed.includes(value as T)) {
    throw invalidParam(`Param ${name} must be one of {${allowed.join(', ')}}`);
  }
  return value as T;
}

export function name(value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '' || value.length > 400) {
    throw invalidParam('Param name must be a non-empty string of at most 400 characters');
  }
  return value;
}

export function budget(param: string, value: unknown): number {
  const amount = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount <= 0) {
    throw invalidParam(`Param ${param} must be a positive integer`);
  }
  return amount;
}

export function time(param: string, value: unknown): Date {
  const date = typeof value === 'string' ? parseGraphTime(value) : null;
  if (!date || Number.isNaN(date.getTime())) throw invalidParam(`Param ${param} must be a valid time`);
  return date;
}

/** A boolean as forms send it (`true`/`false`, Python's `True`/`False`) or JSON does. */
export function bool(param: string, value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  const word = typeof value === 'string' ? value.toLowerCase() : undefined;
  if (word === 'true' || word === 'false') return word === 'true';
  throw invalidParam(`Param ${param} must be a boolean`);
}

/** Meta's "Your Budget Is Too Low" for an ad set or a campaign. */
export const tooLow = (param: string, minimum: number, currency: string, object = 'ad set') =>
  new GraphError('Invalid parameter', 100, {
    subcode: 1885272,
    userTitle: 'Your Budget Is Too Low',
    userMessage: `The ${param} of this ${object} must be at least ${minimum} (${currency} in its offset units).`,
  });

/** A status change that Meta refuses for an archived object: it can only be deleted (or stay archived). */
export function checkArchivedStatus(
  current: string,
  next: string,
  object: 'Ad' | 'Ad Set' | 'Campaign',
): void {
  if (current === 'ARCHIVED' && !['ARCHIVED', 'DELETED'].includes(next)) {
    throw invalidParam(`Param status of an archived ${object.toLowerCase()} can only be DELETED`, {
      userTitle: `Archived ${object}`,
      userMessage: `Archived ${object.toLowerCase()}s cannot be turned on or paused again; they can only be deleted.`,
    });
  }
}
