import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Redis } from 'ioredis';
import { newEncryptionKeyEntry, newSigningKeyEntry } from '../src/crypto/keys.js';
import { randomToken } from '../src/ids.js';
import { createStore, type Store } from '../src/store/index.js';
import { RedisKv } from '../src/store/redis-kv.js';
import { snapshotFlags } from './heap-snapshot.js';
import { type Child, freePort, startChild } from './processes.js';

/** Everything the bench runs against: Redis, adlink as production runs it, the baselines, S6's platform. */
export interface Stack {
  redisUrl: string;
  prefix: string;
  /** adlink's environment, also what its CLI needs to reach the same store. */
  env: Record<string, string>;
  adlink: Child & { url: string };
  baselines: { express: string; http: string; process: Child };
  platformUrl: string;
  /** The same store adlink uses, for what S4 and S6 seed directly. */
  store: Store;
  logDir: string;
  /** Redis's CPU time so far (user + system), in ms. */
  redisCpuMs(): Promise<number>;
  close(): Promise<void>;
}

const TSX = ['--import', 'tsx'];

/**
 * The Node flags the image runs adlink with (those of the Dockerfile's `CMD`: the heap's sizing), so
 * the bench measures the process production runs; BENCH_ADLINK_NODE_OPTIONS replaces them.
 */
function imageNodeFlags(): string[] {
  if (process.env.BENCH_ADLINK_NODE_OPTIONS !== undefined) {
    return process.env.BENCH_ADLINK_NODE_OPTIONS.split(' ').filter(Boolean);
  }
  const command = /^CMD (\[.*\])$/m.exec(readFileSync('Dockerfile', 'utf8'))?.[1];
  const [node, ...args] = command ? (JSON.parse(command) as string[]) : [];
  if (node !== 'node' || args.at(-1) !== 'dist/server.js')
    throw new Error('Dockerfile: CMD is not node … dist/server.js');
  return args.slice(0, -1);
}

async function redis(logDir: string): Promise<{ url: string; child?: Child }> {
  if (process.env.REDIS_URL) return { url: process.env.REDIS_URL };
  const port = await freePort();
  const child = await startChild(
    'redis-server',
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      '--maxmemory-policy',
      'noeviction',
    ],
    {},
    join(logDir, 'redis.log'),
    /Ready to accept connections/,
  );
  return { url: `redis://127.0.0.1:${port}`, child };
}

export interface StackOptions {
  /** adlink runs with `--cpu-prof` and writes its profile here on exit. */
  profileDir?: string | undefined;
  /** adlink writes a heap snapshot here on `SNAPSHOT_SIGNAL`. */
  snapshotDir?: string | undefined;
  /** adlink's settings on top of the bench's (a suite's own). */
  adlinkEnv?: Record<string, string>;
}

/** Starts the stack. */
export async function startStack({
  profileDir,
  snapshotDir,
  adlinkEnv = {},
}: StackOptions = {}): Promise<Stack> {
  const logDir = mkdtempSync(join(tmpdir(), 'adlink-bench-'));
  const started: Child[] = [];
  try {
    const db = await redis(logDir);
    if (db.child) started.push(db.child);
    const prefix = `bench:${randomToken(6)}:`;
    const signing = newSigningKeyEntry('bench');
    const encryption = newEncryptionKeyEntry('bench');
    const [adlinkPort, expressPort, httpPort] = [await freePort(), await freePort(), await freePort()];

    const platform = await startChild(
      'node',
      [...TSX, 'bench/slow-platform.ts'],
      {},
      join(logDir, 'platform.log'),
      /ready at/,
    );
    started.push(platform);
    const platformUrl = /ready at (\S+)/.exec(readFileSync(join(logDir, 'platform.log'), 'utf8'))![1]!;

    const baselines = await startChild(
      'node',
      [...TSX, 'bench/baseline-server.ts'],
      {
        REDIS_URL: db.url,
        REDIS_KEY_PREFIX: prefix,
        SIGNING_KEY: signing.secret,
        ISSUER: `http://127.0.0.1:${adlinkPort}`,
        B_EXPRESS_PORT: String(expressPort),
        B_HTTP_PORT: String(httpPort),
      },
      join(logDir, 'baselines.log'),
      /baselines ready/,
    );
    started.push(baselines);

    const url = `http://127.0.0.1:${adlinkPort}`;
    const env = {
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      PORT: String(adlinkPort),
      HOST: '127.0.0.1',
      PUBLIC_BASE_URL: url,
      REDIS_URL: db.url,
      REDIS_KEY_PREFIX: prefix,
      SIGNING_KEYS: `${signing.kid}:${signing.secret}`,
      ENCRYPTION_KEYS: `${encryption.kid}:${encryption.secret}`,
      SANDBOX_ENABLED: 'true',
      // S3's visitors come through a proxy on loopback, each from an address of its own.
      TRUST_PROXY: 'loopback',
      API_RATE_LIMIT: '1000000',
      CUSTOMER_QUOTA: '100000000',
      OPEN_LINK_QUOTA: '10000000',
      IDEMPOTENCY_QUOTA: '10000000',
      TIKTOK_BASE_URL: platformUrl,
      TIKTOK_CLIENT_ID: 'bench-client',
      TIKTOK_CLIENT_SECRET: 'bench-secret',
      ...adlinkEnv,
    };
    const profile = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
    const snapshots = snapshotDir ? snapshotFlags(snapshotDir) : [];
    const adlink = await startChild(
      'node',
      [...profile, ...snapshots, ...imageNodeFlags(), 'dist/server.js'],
      env,
      join(logDir, 'adlink.log'),
      /"msg":"adlink listening"/,
    );
    started.push(adlink);

    const kv = new RedisKv(db.url, () => {});
    await kv.connect();
    const store = createStore(kv, prefix, [
      { kid: encryption.kid, key: Buffer.from(encryption.secret, 'base64') },
    ]);
    return {
      redisUrl: db.url,
      prefix,
      env,
      adlink: Object.assign(adlink, { url }),
      baselines: {
        express: `http://127.0.0.1:${expressPort}`,
        http: `http://127.0.0.1:${httpPort}`,
        process: baselines,
      },
      platformUrl,
      store,
      logDir,
      async redisCpuMs() {
        const info = await (kv.client as Redis).info('cpu');
        const seconds = (name: string) => Number(new RegExp(`${name}:([\\d.]+)`).exec(info)?.[1]);
        return 1000 * (seconds('used_cpu_user') + seconds('used_cpu_sys'));
      },
      async close() {
        const keys: string[] = [];
        for await (const key of kv.scan(prefix)) keys.push(key);
        for (let i = 0; i < keys.length; i += 1000) await kv.del(...keys.slice(i, i + 1000));
        await kv.close();
        for (const child of started.reverse()) await child.stop();
      },
    };
  } catch (err) {
    for (const child of started.reverse()) await child.stop();
    throw err;
  }
}
