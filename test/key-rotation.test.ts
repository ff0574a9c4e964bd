import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keysReencrypt } from '../src/cli/keys.js';
import { parseConfig } from '../src/config.js';
import type { EncryptionKey } from '../src/crypto/keys.js';
import { randomToken } from '../src/ids.js';
import { createStore } from '../src/store/index.js';
import type { Kv } from '../src/store/kv.js';
import { DEFAULT_BACKEND, openKv, wipe } from './support/harness.js';

const OLD: EncryptionKey = { kid: 'rot-old', key: Buffer.alloc(32, 1) };
const NEW: EncryptionKey = { kid: 'rot-new', key: Buffer.alloc(32, 2) };
const envValue = (keys: EncryptionKey[]) => keys.map((k) => `${k.kid}:${k.key.toString('base64')}`).join(',');

/**
 * Rotating ENCRYPTION_KEYS as docs/operations.md describes it: the new key goes first (the old one stays
 * after it), `adlink keys reencrypt` re-seals what is stored, then the old key is removed.
 */
describe('encryption key rotation', () => {
  let kv: Kv;
  const prefix = `test:${randomToken(9)}:`;
  beforeAll(async () => {
    kv = await openKv(DEFAULT_BACKEND);
  });
  afterAll(async () => {
    await wipe(kv, prefix);
    await kv.close();
  });

  const credentials = {
    access_token: 'at-secret',
    refresh_token: 'rt-secret',
    expires_at: null,
    obtained_at: 1,
    client_id: 'client',
  };

  /** Every sealed value the store holds, read back through a store with these keys. */
  async function readAll(keys: EncryptionKey[], company: string, customer: string) {
    const store = createStore(kv, prefix, keys);
    return {
      credentials: await store.connections.credentials(company, customer, 'sandbox'),
      secrets: (await store.settings.activeSecrets(company)).map((s) => s.secret),
      app: await store.profile.oauthApp(company, 'meta'),
    };
  }

  async function sealedUnder(kid: string): Promise<number> {
    let count = 0;
    for await (const key of kv.scan(prefix)) {
      const raw = (await kv.get(key).catch(() => null)) ?? '';
      count += raw.split(`"v1.${kid}.`).length - 1;
    }
    return count;
  }

  it('reads old and new secrets during the rotation, and only the new key is needed after reencrypt', async () => {
    const before = createStore(kv, prefix, [OLD]);
    const company = await before.companies.create('Rotating');
    const customer = await before.customers.create(company.id, 'Bakery');
    await before.connections.save(
      company.id,
      customer.id,
      {
        platform: 'sandbox',
        status: 'connected',
        ad_accounts: [],
        scopes: [],
        connected_at: customer.created_at,
        updated_at: customer.created_at,
        expires_at: null,
        reauth_reason: null,
      },
      credentials,
    );
    const oldSecret = await before.settings.rotateSecret(company.id);
    await before.profile.setOAuthApp(company.id, 'meta', {
      clientId: 'meta-app',
      clientSecret: 'meta-secret',
      developerToken: 'meta-dev',
    });
    expect(await sealedUnder(OLD.kid)).toBe(4);

    // Step 1: the new key first, the old one after it. Old records open; new ones are sealed new.
    const during = createStore(kv, prefix, [NEW, OLD]);
    const newSecret = await during.settings.rotateSecret(company.id);
    const read = await readAll([NEW, OLD], company.id, customer.id);
    expect(read.credentials).toEqual(credentials);
    expect(read.secrets).toEqual([newSecret.secret, oldSecret.secret]);
    expect(read.app).toEqual({
      clientId: 'meta-app',
      clientSecret: 'meta-secret',
      developerToken: 'meta-dev',
    });
    await expect(readAll([NEW], company.id, customer.id)).rejects.toThrow(/unknown encryption key rot-old/);

    // Step 2: adlink keys reencrypt, with the server's configuration.
    const out: string[] = [];
    const config = parseConfig({
      NODE_ENV: 'test',
      REDIS_KEY_PREFIX: prefix,
      ENCRYPTION_KEYS: envValue([NEW, OLD]),
    });
    const io = { out: (text: string) => out.push(text), err: () => {} };
    await keysReencrypt.run({ values: {}, args: [], json: true, io }, during, config);
    expect(JSON.parse(out.join(''))).toEqual({ key: NEW.kid, resealed: 4, records: 3 });
    expect(await sealedUnder(OLD.kid)).toBe(0);
    expect(await sealedUnder(NEW.kid)).toBe(5);

    // Step 3: the old key removed. Everything still opens; a second run has nothing left to do.
    expect(await readAll([NEW], company.id, customer.id)).toEqual(read);
    out.length = 0;
    await keysReencrypt.run({ values: {}, args: [], json: true, io }, createStore(kv, prefix, [NEW]), config);
    expect(JSON.parse(out.join(''))).toMatchObject({ resealed: 0, records: 3 });
  });
});
