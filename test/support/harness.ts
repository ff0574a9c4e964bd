import { Writable } from 'node:stream';
import supertest from 'supertest';
import { inject } from 'vitest';
import { createApp } from '../../src/app.js';
import { type Config, parseConfig } from '../../src/config.js';
import { randomToken } from '../../src/ids.js';
import { createLogger } from '../../src/logger.js';
import { createStore, type Store } from '../../src/store/index.js';
import type { Kv } from '../../src/store/kv.js';
import { MemoryKv } from '../../src/store/memory-kv.js';
import { RedisKv } from '../../src/store/redis-kv.js';

export type Backend = 'redis' | 'memory';

/** A Kv on the test Redis (under its own key prefix, so test files run in parallel) or in memory. */
export async function openKv(backend: Backend): Promise<Kv> {
  if (backend === 'memory') return new MemoryKv();
  const kv = new RedisKv(inject('redisUrl'), () => {});
  await kv.connect();
  return kv;
}

export async function wipe(kv: Kv, prefix: string): Promise<void> {
  const found: string[] = [];
  for await (const key of kv.scan(prefix)) found.push(key);
  for (let i = 0; i < found.length; i += 500) await kv.del(...found.slice(i, i + 500));
}

export interface Harness {
  config: Config;
  store: Store;
  prefix: string;
  /** Every log line the app wrote, for secret-leak checks. */
  logs: string[];
  http: ReturnType<typeof supertest>;
  /** A new company with a token: `auth` is the Authorization header value. */
  company(name?: string): Promise<{ id: string; token: string; tokenId: string; auth: string }>;
  close(): Promise<void>;
}

export async function startHarness(
  options: { backend?: Backend; env?: Record<string, string> } = {},
): Promise<Harness> {
  const prefix = `test:${randomToken(9)}:`;
  const config = parseConfig({
    NODE_ENV: 'test',
    REDIS_KEY_PREFIX: prefix,
    LOG_LEVEL: 'info',
    ...options.env,
  });
  const kv = await openKv(options.backend ?? 'redis');
  const store = createStore(kv, prefix);
  const logs: string[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      logs.push(String(chunk));
      done();
    },
  });
  const log = createLogger('info', sink);
  const app = createApp({ config, store, log });
  return {
    config,
    store,
    prefix,
    logs,
    http: supertest(app),
    async company(name = 'Vendor') {
      const company = await store.companies.create(name);
      const { token, secret } = await store.companies.createToken(company.id);
      return { id: company.id, token: secret, tokenId: token.id, auth: `Bearer ${secret}` };
    },
    async close() {
      await wipe(kv, prefix);
      await kv.close();
    },
  };
}
