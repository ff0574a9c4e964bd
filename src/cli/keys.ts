import { newEncryptionKeyEntry, newSigningKeyEntry } from '../crypto/keys.js';
import { resealAll } from '../store/reseal.js';
import { json, type LocalCommand, type StoreCommand } from './command.js';

export const keysGenerate: LocalCommand = {
  name: 'keys generate',
  summary: 'Print fresh SIGNING_KEYS and ENCRYPTION_KEYS lines for the env file',
  details: [
    'Needs no store and reads no configuration. Every server instance must use the same keys.',
    'To rotate, put the new entry first and keep the old ones after it, comma-separated:',
    '  SIGNING_KEYS=<new kid>:<new key>,<old kid>:<old key>',
  ],
  store: false,
  async run({ json: asJson, io }) {
    const signing = newSigningKeyEntry();
    const encryption = newEncryptionKeyEntry();
    const env = {
      SIGNING_KEYS: `${signing.kid}:${signing.secret}`,
      ENCRYPTION_KEYS: `${encryption.kid}:${encryption.secret}`,
    };
    if (asJson) {
      io.out(json(env));
      return;
    }
    io.out(`SIGNING_KEYS=${env.SIGNING_KEYS}\nENCRYPTION_KEYS=${env.ENCRYPTION_KEYS}\n`);
    io.err(
      'adlink: add these lines to the environment of every server instance and keep them secret; ' +
        'losing ENCRYPTION_KEYS makes stored platform credentials unreadable.\n',
    );
  },
};

export const keysReencrypt: StoreCommand = {
  name: 'keys reencrypt',
  summary: 'Re-encrypt stored credentials and secrets under the newest ENCRYPTION_KEYS entry',
  details: [
    'Run it after every server has the new key first in ENCRYPTION_KEYS (old keys still after it).',
    'Safe while the servers run and safe to repeat. Afterwards the old keys can be removed.',
  ],
  store: true,
  async run({ json: asJson, io }, store, config) {
    const { resealed, records } = await resealAll(store);
    const kid = config.encryptionKeys[0]?.kid;
    if (asJson) {
      io.out(json({ key: kid, resealed, records }));
      return;
    }
    io.out(`re-encrypted ${resealed} secret(s) under key ${kid}; ${records} record(s) checked\n`);
  },
};
