import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { EncryptionKey } from './keys.js';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export class SealError extends Error {}

/**
 * AES-256-GCM with the record's identity as associated data, so a ciphertext copied into another
 * record fails to open. Output: `v1.<key id>.<iv>.<ciphertext>.<tag>` (base64url parts); the key id lets
 * old records open after the key rotates. The first key of the ring seals.
 */
export function seal(keys: EncryptionKey[], plaintext: string, associatedData: string): string {
  const key = keys[0];
  if (!key) throw new SealError('no encryption key');
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key.key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(associatedData, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [VERSION, key.kid, iv, ciphertext, cipher.getAuthTag()]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

export function open(keys: EncryptionKey[], sealed: string, associatedData: string): string {
  const [version, kid, iv, ciphertext, tag, ...rest] = sealed.split('.');
  if (
    version !== VERSION ||
    !kid ||
    iv === undefined ||
    ciphertext === undefined ||
    tag === undefined ||
    rest.length
  ) {
    throw new SealError('malformed ciphertext');
  }
  const key = keys.find((k) => k.kid === kid);
  if (!key) throw new SealError(`unknown encryption key ${kid}`);
  const ivBytes = Buffer.from(iv, 'base64url');
  const tagBytes = Buffer.from(tag, 'base64url');
  if (ivBytes.length !== IV_BYTES || tagBytes.length !== TAG_BYTES)
    throw new SealError('malformed ciphertext');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key.key, ivBytes, { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from(associatedData, 'utf8'));
    decipher.setAuthTag(tagBytes);
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    throw new SealError('ciphertext does not authenticate');
  }
}

/** The value sealed again under the newest key, or null when it already is (key rotation). */
export function reseal(keys: EncryptionKey[], sealed: string, associatedData: string): string | null {
  return sealedWithOldKey(keys, sealed)
    ? seal(keys, open(keys, sealed, associatedData), associatedData)
    : null;
}

/** True when the record was sealed with an older key and should be re-sealed on its next write. */
export const sealedWithOldKey = (keys: EncryptionKey[], sealed: string): boolean =>
  sealed.split('.')[1] !== keys[0]?.kid;
