import type { ErrorCode } from './faults.js';
import { operationFault } from './faults.js';
import type { Body } from './operations.js';
import type { Refusal } from './rules.js';

/** Items of a batch request: each is applied or refused on its own (a BatchError at its index). */
export function items(body: Body, field: string, empty: ErrorCode): unknown[] {
  const list = body[field];
  if (!Array.isArray(list) || list.length === 0) {
    throw operationFault(empty, `The array of ${field} cannot be null or empty.`);
  }
  return list;
}

export const firstRefusal = (...checks: (() => Refusal)[]): Refusal => {
  for (const check of checks) {
    const refusal = check();
    if (refusal) return refusal;
  }
  return null;
};
