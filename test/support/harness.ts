import { generateKeyPairSync } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import type { Logger } from 'pino';
import supertest from 'supertest';
import { inject } from 'vitest';
import { type AppDeps, createApp } from '../../src/app.js';
import { type Config, parseConfig } from '../../src/config.js';
import type { EncryptionKey, KeyRing } from '../../src/crypto/keys.js';
import { randomToken } from '../../src/ids.js';
import { InFlight } from '../../src/in-flight.js';
import { createLogger } from '../../src/logger.js';
import { createStore, type Store } from '../../src/store/index.js';
import type { Kv } from '../../src/store/kv.js';
import { MemoryKv } from '../../src/store/memory-kv.js';
import { RedisKv } from '../../src/store/redis-kv.js';

export type Backend = 'redis' | 'memory' | 'cluster';

/** The Redis Cluster `.ci/run` starts for its cluster job (REDIS_CLUSTER_NODES), if any. */
export const CLUSTER_NODES = process.env.REDIS_CLUSTER_NODES;

/** What HTTP suites run on: the cluster when REDIS_CLUSTER_NODES names one, else the test Redis. */
export const DEFAULT_BACKEND: Backend = CLUSTER_NODES ? 'cluster' : 'redis';

/** Encryption keys for tests: two, so records sealed under the older one are exercised too. */
export const TEST_ENCRYPTION_KEYS: EncryptionKey[] = [
  { kid: 'test-new', key: Buffer.alloc(32, 7) },
  { kid: 'test-old', key: Buffer.alloc(32, 3) },
];

/** Signing keys (newest first) and the encryption keys above. */
export const TEST_KEYRING: KeyRing = {
  signing: ['test-sig-new', 'test-sig-old'].map((kid) => ({
    kid,
    privateKey: generateKeyPairSync('ed25519').privateKey,
  })),
  encryption: TEST_ENCRYPTION_KEYS,
  ephemeral: false,
};

/**
 * A Kv on the test Redis or cluster (under its own key prefix, so test files run in parallel) or in
 * memory.
 */
export async function openKv(backend: Backend, url: string = inject('redisUrl')): Promise<Kv> {
  if (backend === 'memory') return new MemoryKv();
  const target = backend === 'cluster' ? parseConfig({ REDIS_CLUSTER_NODES: CLUSTER_NODES }).redis! : url;
  const kv = new RedisKv(target, () => {});
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
  /** The app's logger (writes to `logs`) and key ring, for building more of its parts. */
  log: Logger;
  keys: KeyRing;
  http: ReturnType<typeof supertest>;
  /** Where the app listens for real (the sandbox platform is called over HTTP at this address). */
  baseUrl: string;
  /** What the app's requests left running (audience members jobs), as server.ts waits for it on shutdown. */
  inFlight: InFlight;
  /** A new company with a token: `auth` is the Authorization header value. */
  company(name?: string): Promise<{ id: string; token: string; tokenId: string; auth: string }>;
  close(): Promise<void>;
}

export interface HarnessOptions {
  backend?: Backend;
  env?: Record<string, string>;
  /** Another Redis than the shared test one (a throwaway server a test may crash). */
  redisUrl?: string;
  /** The key prefix of another harness: a second instance of the same deployment. */
  prefix?: string;
  rateLimits?: AppDeps['rateLimits'];
  /** More OAuth clients for the built-in sandbox (e.g. a company's own app), given where the app listens. */
  sandboxClients?: (baseUrl: string) => NonNullable<AppDeps['sandboxClients']>;
}

/** The app on a real port of 127.0.0.1, on its own key prefix, with its logs captured. */
export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  const prefix = options.prefix ?? `test:${randomToken(9)}:`;
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const config = parseConfig({
    NODE_ENV: 'test',
    REDIS_KEY_PREFIX: prefix,
    LOG_LEVEL: 'info',
    PUBLIC_BASE_URL: baseUrl,
    // The tests' webhook receivers listen on loopback, which adlink refuses unless told otherwise.
    WEBHOOK_PRIVATE_TARGETS: 'loopback',
    ...options.env,
  });
  const kv = await openKv(
    options.backend ?? (options.redisUrl ? 'redis' : DEFAULT_BACKEND),
    options.redisUrl,
  );
  const store = createStore(kv, prefix, TEST_ENCRYPTION_KEYS);
  const logs: string[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      logs.push(String(chunk));
      done();
    },
  });
  const log = createLogger('info', sink);
  const inFlight = new InFlight();
  const app = createApp({
    inFlight,
    config,
    store,
    log,
    keys: TEST_KEYRING,
    rateLimits: options.rateLimits ?? {
      entry: { limit: 10_000, windowMs: 60_000 },
      start: { limit: 10_000, windowMs: 60_000 },
    },
    ...(options.sandboxClients ? { sandboxClients: options.sandboxClients(baseUrl) } : {}),
  });
  server.on('request', app);
  return {
    config,
    store,
    prefix,
    logs,
    log,
    keys: TEST_KEYRING,
    http: supertest(app),
    baseUrl,
    inFlight,
    async company(name = 'Vendor') {
      const company = await store.companies.create(name);
      const { token, secret } = await store.companies.createToken(company.id);
      return { id: company.id, token: secret, tokenId: token.id, auth: `Bearer ${secret}` };
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await wipe(kv, prefix);
      await kv.close();
    },
  };
}
