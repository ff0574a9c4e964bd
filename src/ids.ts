import { randomFillSync, randomUUID } from 'node:crypto';

/**
 * CSPRNG output taken a few KB at a time, as node:crypto does for randomUUID: one call into OpenSSL
 * for hundreds of ids instead of one each (request ids, link ids, flow ids are on every hot path).
 * Every byte is handed out once.
 */
const POOL_BYTES = 4096;
const pool = Buffer.alloc(POOL_BYTES);
let used = POOL_BYTES;

/** A random id or secret from the CSPRNG: `bytes` of entropy, base64url-encoded. */
export function randomToken(bytes = 16): string {
  if (bytes > POOL_BYTES) return randomFillSync(Buffer.alloc(bytes)).toString('base64url');
  if (used + bytes > POOL_BYTES) {
    randomFillSync(pool);
    used = 0;
  }
  used += bytes;
  return pool.toString('base64url', used - bytes, used);
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
