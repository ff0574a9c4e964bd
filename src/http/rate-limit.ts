import type { RequestHandler } from 'express';
import type { Keys } from '../store/keys.js';
import type { Kv } from '../store/kv.js';

export interface RateLimit {
  limit: number;
  windowMs: number;
}

/** Fixed-window limit per client IP (as Express sees it: set TRUST_PROXY behind a proxy). */
export function rateLimit(
  kv: Kv,
  keys: Keys,
  bucket: string,
  { limit, windowMs }: RateLimit,
  refuse: (retryAfterSeconds: number) => Error,
): RequestHandler {
  return async (req, _res, next) => {
    const { count, ttlMs } = await kv.hit(keys.rateLimit(bucket, req.ip ?? 'unknown'), windowMs);
    if (count > limit) throw refuse(Math.max(1, Math.ceil(ttlMs / 1000)));
    next();
  };
}
