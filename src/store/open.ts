import type { Logger } from 'pino';
import type { Config } from '../config.js';
import type { EncryptionKey } from '../crypto/keys.js';
import { createStore, type Store } from './index.js';
import { MemoryKv } from './memory-kv.js';
import { RedisKv } from './redis-kv.js';

/**
 * The store the configuration names: Redis when REDIS_URL is set, else the embedded memory store.
 * Refuses (production) or warns (elsewhere) when Redis may evict keys: eviction would silently delete
 * company tokens and platform credentials.
 */
export async function openStore(
  config: Config,
  log: Logger,
  encryption: EncryptionKey[],
  memory: MemoryKv = new MemoryKv(),
): Promise<Store> {
  if (!config.redisUrl) {
    log.warn(
      config.dataFile
        ? `REDIS_URL is not set: using the embedded store, kept in ${config.dataFile}. Only ONE instance may run.`
        : 'REDIS_URL is not set: using the embedded in-memory store. All data is lost on restart (set DATA_FILE to keep it), and only ONE instance may run.',
    );
    return createStore(memory, config.redisKeyPrefix, encryption);
  }
  const kv = new RedisKv(config.redisUrl, (err) =>
    log.warn({ err: err.message }, 'redis connection problem'),
  );
  try {
    await kv.connect();
  } catch (err) {
    await kv.close();
    throw err;
  }
  const policy = await kv.maxmemoryPolicy();
  if (policy === undefined) {
    log.warn('could not read the Redis maxmemory-policy (CONFIG GET refused); make sure it is "noeviction"');
  } else if (policy !== 'noeviction') {
    const message = `Redis maxmemory-policy is "${policy}": Redis may evict company tokens and credentials. Set it to "noeviction".`;
    if (config.env === 'production') {
      await kv.close();
      throw new Error(message);
    }
    log.warn(message);
  }
  return createStore(kv, config.redisKeyPrefix, encryption);
}
