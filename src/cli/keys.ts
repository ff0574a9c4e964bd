import { newEncryptionKeyEntry, newSigningKeyEntry } from '../crypto/keys.js';
import { json, type LocalCommand } from './command.js';

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
