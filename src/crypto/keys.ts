import { createPrivateKey, generateKeyPairSync, type KeyObject, randomBytes } from 'node:crypto';
import type { Config, KeyEntry } from '../config.js';
import { randomToken } from '../ids.js';

export interface SigningKey {
  kid: string;
  privateKey: KeyObject;
}

export interface EncryptionKey {
  kid: string;
  key: Buffer;
}

/** Signing keys sign session tokens (the first signs, all verify); encryption keys protect platform credentials. */
export interface KeyRing {
  signing: SigningKey[];
  encryption: EncryptionKey[];
  /** True when the keys were made up at startup and die with the process. */
  ephemeral: boolean;
}

/** Key ids carry the date (for people) and a random part (two rotations a day never collide). */
const newKid = (use: string) => `${use}-${new Date().toISOString().slice(0, 10)}-${randomToken(3)}`;

export function newSigningKeyEntry(kid = newKid('sig')): KeyEntry {
  const { privateKey } = generateKeyPairSync('ed25519');
  return { kid, secret: privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64') };
}

export function newEncryptionKeyEntry(kid = newKid('enc')): KeyEntry {
  return { kid, secret: randomBytes(32).toString('base64') };
}

function toSigningKey({ kid, secret }: KeyEntry): SigningKey {
  let privateKey: KeyObject;
  try {
    privateKey = createPrivateKey({ key: Buffer.from(secret, 'base64'), format: 'der', type: 'pkcs8' });
  } catch {
    throw new Error(`SIGNING_KEYS: key "${kid}" is not a base64 PKCS#8 private key`);
  }
  if (privateKey.asymmetricKeyType !== 'ed25519') {
    throw new Error(`SIGNING_KEYS: key "${kid}" must be an Ed25519 key`);
  }
  return { kid, privateKey };
}

/** The configured keys; outside production, missing ones are generated (the caller warns loudly). */
export function loadKeyRing(config: Config): KeyRing {
  const ephemeral = config.signingKeys.length === 0 || config.encryptionKeys.length === 0;
  if (ephemeral && config.env === 'production')
    throw new Error('production needs SIGNING_KEYS and ENCRYPTION_KEYS');
  const signing = config.signingKeys.length > 0 ? config.signingKeys : [newSigningKeyEntry('dev')];
  const encryption =
    config.encryptionKeys.length > 0 ? config.encryptionKeys : [newEncryptionKeyEntry('dev')];
  return {
    signing: signing.map(toSigningKey),
    encryption: encryption.map(({ kid, secret }) => ({ kid, key: Buffer.from(secret, 'base64') })),
    ephemeral,
  };
}
