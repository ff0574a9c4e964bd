import type { Kv } from '../../store/kv.js';
import type { SandboxKeys } from '../keys.js';

export interface RateLimit {
  requests: number;
  windowSeconds: number;
}

/** A fixed window per access token, counted atomically in the store. */
export class RateLimiter {
  constructor(
    private readonly kv: Kv,
    private readonly k: SandboxKeys,
    private readonly limit: RateLimit,
  ) {}

  /** Counts one request; returns the seconds to wait when it goes over the limit. */
  async hit(tokenHash: string): Promise<number | null> {
    const { count, ttlMs } = await this.kv.hit(this.k.rateLimit(tokenHash), this.limit.windowSeconds * 1000);
    return count > this.limit.requests ? Math.max(1, Math.ceil(ttlMs / 1000)) : null;
  }
}
