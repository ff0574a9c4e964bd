import type { CacheScope } from './resource-cache.js';

/** A cache of what adlink read through one connection. */
export interface ConnectionCache {
  clear(s: CacheScope): Promise<void>;
}

/**
 * Every cache kept of one connection (ad sets, campaigns, reports, and each resource that joins them),
 * forgotten together whenever the connection's ad accounts or grant change, or it ends: what was read
 * for the earlier accounts must not answer for the new ones.
 */
export class ConnectionCaches {
  constructor(private readonly caches: readonly ConnectionCache[]) {}

  async clear(s: CacheScope): Promise<void> {
    await Promise.all(this.caches.map((cache) => cache.clear(s)));
  }
}
