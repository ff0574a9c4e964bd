import type { Logger } from 'pino';
import type { Config } from '../config.js';
import type { EncryptionKey } from '../crypto/keys.js';
import { createStore, type Store } from './index.js';
import { MemoryKv } from './memory-kv.js';
import { RedisKv } from './redis-kv.js';

/**
 * The store the configuration names: Redis when REDIS_URL, REDIS_SENTINELS or REDIS_CLUSTER_NODES is
 * set, else the embedded memory store (production only with ALLOW_EMBEDDED_STORE, see config.ts).
 * Refuses (production) or warns (elsewhere) when Redis may evict keys: eviction would silently delete
 * company tokens and platform credentials. In production, warns when Redis keeps nothing on disk.
 */
export async function openStore(
  config: Config,
  log: Logger,
  encryption: EncryptionKey[],
  memory: MemoryKv = new MemoryKv(),
): Promise<Store> {
  if (!config.redis) {
    log.warn(
      config.dataFile
        ? `REDIS_URL is not set: using the embedded store, kept in ${config.dataFile}. Only ONE instance may run.`
        : 'REDIS_URL is not set: using the embedded in-memory store. All data is lost on restart (set DATA_FILE to keep it), and only ONE instance may run.',
    );
    return createStore(memory, config.redisKeyPrefix, encryption);
  }
  const kv = new RedisKv(config.redis, (err) => log.warn({ err: err.message }, 'redis connection problem'));
  try {
    await kv.connect();
  } catch (err) {
    await kv.close();
    throw err;
  }
  const settings = await kv.serverSettings();
  if (settings === undefined) {
    log.warn(
      'could not read the Redis configuration (CONFIG GET refused); make sure maxmemory-policy is "noeviction" and persistence is on',
    );
  } else if (settings.maxmemoryPolicy !== 'noeviction') {
    const message = `Redis maxmemory-policy is "${settings.maxmemoryPolicy}": Redis may evict company tokens and credentials. Set it to "noeviction".`;
    if (config.env === 'production') {
      await kv.close();
      throw new Error(message);
    }
    log.warn(message);
  }
  if (settings && !settings.appendonly && !settings.rdbSaves && config.env === 'production') {
    log.warn(
      'Redis persistence is off (appendonly no, no save points): a Redis restart loses every company, token and connection. Set "appendonly yes".',
    );
  }
  return createStore(kv, config.redisKeyPrefix, encryption);
}
