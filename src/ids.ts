import { randomBytes, randomUUID } from 'node:crypto';

/** A random id or secret from the CSPRNG: `bytes` of entropy, base64url-encoded. */
export function randomToken(bytes = 16): string {
  return randomBytes(bytes).toString('base64url');
}

export const newUuid = (): string => randomUUID();

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

export const isUuid = (value: string): boolean => UUID.test(value);

let lastMicros = 0;

/**
 * The current time as ISO 8601 (UTC) with microseconds, strictly increasing within this process, so
 * records created in the same millisecond still sort in creation order.
 */
export function monotonicTimestamp(): string {
  lastMicros = Math.max(Date.now() * 1000, lastMicros + 1);
  const ms = Math.floor(lastMicros / 1000);
  const micros = String(lastMicros % 1000).padStart(3, '0');
  return new Date(ms).toISOString().replace('Z', `${micros}Z`);
}

/** Sortable index member: creation time, then id (fixed-width UTC timestamps sort as strings). */
export const timeOrdered = (createdAt: string, id: string): string => `${createdAt}|${id}`;

export const idOfTimeOrdered = (member: string): string => member.slice(member.indexOf('|') + 1);
