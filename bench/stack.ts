import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Cluster, type Redis } from 'ioredis';
import { newEncryptionKeyEntry, newSigningKeyEntry } from '../src/crypto/keys.js';
import { randomToken } from '../src/ids.js';
import { createStore, type Store } from '../src/store/index.js';
import { RedisKv } from '../src/store/redis-kv.js';
import { snapshotFlags } from './heap-snapshot.js';
import { type Child, freePort, startChild } from './processes.js';

/** Everything the bench runs against: Redis, adlink as production runs it, the baselines, S6's platform. */
export interface Stack {
  /** The single Redis the baselines use (and adlink, unless it runs on a cluster). */
  redisUrl: string;
  prefix: string;
  /** adlink's environment, also what its CLI needs to reach the same store. */
  env: Record<string, string>;
  adlink: Child & { url: string };
  /** The worker-role process when the stack is split, else undefined (adlink does it all). */
  worker?: Child;
  baselines: { express: string; http: string; process: Child };
  platformUrl: string;
  /** The same store adlink uses, for what S4 and S6 seed directly. */
  store: Store;
  logDir: string;
  /** The Redis servers adlink's store is on: the single one, or the cluster's masters. */
  redisNodes(): Redis[];
  /** Redis's CPU time so far (user + system, summed over `redisNodes`), in ms. */
  redisCpuMs(): Promise<number>;
  close(): Promise<void>;
}

const TSX = ['--import', 'tsx'];

/**
 * The Node flags the image runs adlink with (those of the Dockerfile's `CMD`: the heap's sizing), so
 * the bench measures the process production runs; BENCH_ADLINK_NODE_OPTIONS replaces them.
 */
export function imageNodeFlags(): string[] {
  if (process.env.BENCH_ADLINK_NODE_OPTIONS !== undefined) {
    return process.env.BENCH_ADLINK_NODE_OPTIONS.split(' ').filter(Boolean);
  }
  const command = /^CMD (\[.*\])$/m.exec(readFileSync('Dockerfile', 'utf8'))?.[1];
  const [node, ...args] = command ? (JSON.parse(command) as string[]) : [];
  if (node !== 'node' || args.at(-1) !== 'dist/server.js')
    throw new Error('Dockerfile: CMD is not node … dist/server.js');
  return args.slice(0, -1);
}

/** REDIS_URL when set, else a throwaway redis-server on a free port (nothing kept on disk). */
export async function startRedis(logDir: string): Promise<{ url: string; child?: Child }> {
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

type KeyEntry = { kid: string; secret: string };

/** adlink's environment as production sets it, on the given store (`REDIS_URL` or `REDIS_CLUSTER_NODES`): its keys, the request log at info. */
export function productionEnv(
  port: number,
  store: Record<string, string>,
  prefix: string,
  signing: KeyEntry,
  encryption: KeyEntry,
): Record<string, string> {
  return {
    NODE_ENV: 'production',
    LOG_LEVEL: 'info',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
    ...store,
    REDIS_KEY_PREFIX: prefix,
    SIGNING_KEYS: `${signing.kid}:${signing.secret}`,
    ENCRYPTION_KEYS: `${encryption.kid}:${encryption.secret}`,
  };
}

/** `productionEnv` with the sandbox on and limits high enough that no scenario is refused. */
export function adlinkEnv(...production: Parameters<typeof productionEnv>): Record<string, string> {
  return {
    ...productionEnv(...production),
    SANDBOX_ENABLED: 'true',
    // S3's visitors come through a proxy on loopback, each from an address of its own.
    TRUST_PROXY: 'loopback',
    API_RATE_LIMIT: '1000000',
    CUSTOMER_QUOTA: '100000000',
    OPEN_LINK_QUOTA: '10000000',
    IDEMPOTENCY_QUOTA: '10000000',
  };
}

/** `node dist/server.js` with the image's Node flags (and `flags` before them); ready once it listens. */
export function startAdlink(env: Record<string, string>, logFile: string, flags: string[] = []) {
  return startChild(
    'node',
    [...flags, ...imageNodeFlags(), 'dist/server.js'],
    env,
    logFile,
    /"msg":"adlink listening"/,
  );
}

/** The store adlink uses (a Redis URL, or a cluster's `host:port` masters), opened from here: what the bench seeds directly. */
export async function openStore(target: string | string[], prefix: string, encryption: KeyEntry) {
  const kv = new RedisKv(
    typeof target === 'string' ? target : { mode: 'cluster', nodes: target.map((node) => `redis://${node}`) },
    () => {},
  );
  await kv.connect();
  const store = createStore(kv, prefix, [
    { kid: encryption.kid, key: Buffer.from(encryption.secret, 'base64') },
  ]);
  return { kv, store };
}

/** The Redis servers behind a store: the single one, or a cluster's masters. */
export const redisNodes = (kv: RedisKv): Redis[] =>
  kv.client instanceof Cluster ? kv.client.nodes('master') : [kv.client as Redis];

/** Redis's CPU time so far (user + system, summed over `redisNodes`), in ms. */
export async function redisCpuMs(kv: RedisKv): Promise<number> {
  let ms = 0;
  for (const node of redisNodes(kv)) {
    const info = await node.info('cpu');
    const seconds = (name: string) => Number(new RegExp(`${name}:([\\d.]+)`).exec(info)?.[1]);
    ms += 1000 * (seconds('used_cpu_user') + seconds('used_cpu_sys'));
  }
  return ms;
}

/** Commands Redis has processed so far (`INFO stats`, summed over `redisNodes`). */
export async function redisCommands(kv: RedisKv): Promise<number> {
  let count = 0;
  for (const node of redisNodes(kv)) {
    count += Number(/total_commands_processed:(\d+)/.exec(await node.info('stats'))?.[1]);
  }
  return count;
}

/** Deletes every key under `prefix`. */
export async function deleteUnder(kv: RedisKv, prefix: string): Promise<void> {
  const keys: string[] = [];
  for await (const key of kv.scan(prefix)) keys.push(key);
  for (let i = 0; i < keys.length; i += 1000) await kv.del(...keys.slice(i, i + 1000));
}

export interface StackOptions {
  /** adlink and the baselines run with `--cpu-prof` and write their profiles here on exit. */
  profileDir?: string;
  /** adlink writes a heap snapshot here on `SNAPSHOT_SIGNAL`. */
  snapshotDir?: string;
  /** adlink's store is this Redis Cluster (`host:port` of its masters); the baselines keep the single Redis. */
  clusterNodes?: string[] /** adlink's settings on top of the bench's (a suite's own). */;
  extraEnv?: Record<string, string>;
  /**
   * adlink split by role (docs/operations.md, "Roles"): `adlink` serves the API (`ADLINK_ROLE=api`)
   * and `worker`, a second process (`ADLINK_ROLE=worker`), runs the webhook deliveries and the keeper.
   */
  split?: boolean;
}

/** Starts the stack. */
export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const logDir = mkdtempSync(join(tmpdir(), 'adlink-bench-'));
  const started: Child[] = [];
  try {
    const db = await startRedis(logDir);
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

    const { profileDir, snapshotDir } = options;
    const profile = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
    const baselines = await startChild(
      'node',
      [...profile, ...TSX, 'bench/baseline-server.ts'],
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
      ...adlinkEnv(
        adlinkPort,
        options.clusterNodes
          ? { REDIS_CLUSTER_NODES: options.clusterNodes.join(',') }
          : { REDIS_URL: db.url },
        prefix,
        signing,
        encryption,
      ),
      TIKTOK_BASE_URL: platformUrl,
      TIKTOK_CLIENT_ID: 'bench-client',
      TIKTOK_CLIENT_SECRET: 'bench-secret',
      ...options.extraEnv,
      ...(options.split ? { ADLINK_ROLE: 'api' } : {}),
    };
    const snapshots = snapshotDir ? snapshotFlags(snapshotDir) : [];
    const adlink = await startAdlink(env, join(logDir, 'adlink.log'), [...profile, ...snapshots]);
    started.push(adlink);
    // Its own port for /healthz and /metrics; PUBLIC_BASE_URL stays the API's (the sandbox is served there).
    const worker = options.split
      ? await startAdlink(
          { ...env, ADLINK_ROLE: 'worker', PORT: String(await freePort()) },
          join(logDir, 'worker.log'),
          profile,
        )
      : undefined;
    if (worker) started.push(worker);

    const { kv, store } = await openStore(options.clusterNodes ?? db.url, prefix, encryption);
    const closeAll = async () => {
      await kv.close();
      for (const child of started.reverse()) await child.stop();
    };
    return {
      redisUrl: db.url,
      prefix,
      env,
      adlink: Object.assign(adlink, { url }),
      ...(worker ? { worker } : {}),
      baselines: {
        express: `http://127.0.0.1:${expressPort}`,
        http: `http://127.0.0.1:${httpPort}`,
        process: baselines,
      },
      platformUrl,
      store,
      logDir,
      redisNodes: () => redisNodes(kv),
      redisCpuMs: () => redisCpuMs(kv),
      async close() {
        // A throwaway redis-server goes with its keys: deleting millions of them one by one would take long.
        if (db.child && !options.clusterNodes) return closeAll();
        await deleteUnder(kv, prefix);
        await closeAll();
      },
    };
  } catch (err) {
    for (const child of started.reverse()) await child.stop();
    throw err;
  }
}
