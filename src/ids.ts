import { randomBytes, randomUUID } from 'node:crypto';

/** A random id or secret from the CSPRNG: `bytes` of entropy, base64url-encoded. */
export function randomToken(bytes = 16): string {
  return randomBytes(bytes).toString('base64url');
}

export const newUuid = (): string => randomUUID();

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

export const isUuid = (value: string): boolean => UUID.test(value);

/** Sortable index member: creation time (ms, fixed width) then id, so ties keep a stable order. */
export const timeOrdered = (createdAt: string, id: string): string =>
  `${String(Date.parse(createdAt)).padStart(15, '0')}:${id}`;
