import { Cluster, Redis, type RedisOptions } from 'ioredis';
import type { RedisTarget } from '../config.js';
import { SCRIPTS_WITH_KEY_COUNT } from './redis-scripts.js';

/**
 * Fail fast instead of hanging: ioredis' defaults queue commands while disconnected and retry them
 * for many seconds. A request must get a quick 503 instead.
 */
export const REQUEST_PATH_OPTIONS = {
  enableOfflineQueue: false,
  maxRetriesPerRequest: 1,
  commandTimeout: 1000,
  connectTimeout: 2000,
  enableReadyCheck: true,
  retryStrategy: (attempt: number) => Math.min(100 * 2 ** attempt, 2000),
} satisfies RedisOptions;

/** Credentials and TLS of a `redis://` or `rediss://` URL, for connections built from host and port. */
function access(url: URL): Pick<RedisOptions, 'username' | 'password' | 'tls'> {
  return {
    ...(url.username ? { username: decodeURIComponent(url.username) } : {}),
    ...(url.password ? { password: decodeURIComponent(url.password) } : {}),
    ...(url.protocol === 'rediss:' ? { tls: { servername: url.hostname } } : {}),
  };
}

const hostPort = (url: URL) => ({ host: url.hostname, port: Number(url.port) });

/**
 * An unconnected client for the configured Redis. Sentinel: ioredis asks the Sentinels for the master
 * and follows a failover by reconnecting. Cluster: slots are refreshed on MOVED and on a lost node;
 * while a master fails over, its commands time out (503) until a replica has taken over.
 */
export function redisClient(target: RedisTarget): Redis | Cluster {
  if (target.mode === 'standalone')
    return new Redis(target.url, { ...REQUEST_PATH_OPTIONS, lazyConnect: true });
  if (target.mode === 'sentinel') {
    const urls = target.sentinels.map((s) => new URL(s));
    const { username, password, tls } = access(urls[0]!);
    return new Redis({
      ...REQUEST_PATH_OPTIONS,
      lazyConnect: true,
      sentinels: urls.map(hostPort),
      name: target.name,
      username,
      password,
      tls,
      sentinelUsername: username,
      sentinelPassword: password,
      enableTLSForSentinelMode: tls !== undefined,
    });
  }
  const urls = target.nodes.map((n) => new URL(n));
  const { enableOfflineQueue, retryStrategy, ...nodeOptions } = REQUEST_PATH_OPTIONS;
  return new Cluster(urls.map(hostPort), {
    lazyConnect: true,
    enableOfflineQueue,
    clusterRetryStrategy: retryStrategy,
    // Multi-key reads go out one key at a time on a cluster (see RedisKv); this batches them per node.
    enableAutoPipelining: true,
    autoPipeliningIgnoredCommands: SCRIPTS_WITH_KEY_COUNT,
    slotsRefreshTimeout: REQUEST_PATH_OPTIONS.connectTimeout,
    // A failed-over master shows up only in a fresh slot map: commands to the lost one just time out.
    slotsRefreshInterval: 2000,
    // A command to a lost master is retried a few times, not for seconds: the request answers 503.
    maxRedirections: 3,
    retryDelayOnFailover: 100,
    retryDelayOnClusterDown: 100,
    redisOptions: { ...nodeOptions, ...access(urls[0]!) },
  });
}
