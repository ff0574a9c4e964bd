import type { Request, RequestHandler } from 'express';
import { AppError } from '../errors.js';
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
    const { count, ttlMs } = await kv.hit(keys.rateLimit(bucket, clientIp(req)), windowMs);
    if (count > limit) throw refuse(secondsOf(ttlMs));
    next();
  };
}

const clientIp = (req: Request) => req.ip ?? 'unknown';
const secondsOf = (ttlMs: number) => Math.max(1, Math.ceil(ttlMs / 1000));

/**
 * The `RateLimit-Policy` and `RateLimit` headers of draft-ietf-httpapi-ratelimit-headers: the quota
 * and window of the named policy, what is left of it and when the window starts again.
 */
export function rateLimitHeaders(name: string, { limit, windowMs }: RateLimit, count: number, ttlMs: number) {
  return {
    'RateLimit-Policy': `"${name}";q=${limit};w=${Math.round(windowMs / 1000)}`,
    RateLimit: `"${name}";r=${Math.max(0, limit - count)};t=${secondsOf(ttlMs)}`,
  };
}

export const rateLimited = (message: string, headers: Record<string, string>, ttlMs: number) =>
  new AppError('rate_limited', message, { headers: { ...headers, 'Retry-After': String(secondsOf(ttlMs)) } });

export const AUTH_FAILURE_WINDOW_MS = 15 * 60_000;

/**
 * Failed authentications (wrong company tokens, wrong sign-in links) per client IP: past the limit,
 * every authentication from that address is refused until the window ends, right ones included.
 */
export class AuthFailures {
  private readonly policy: RateLimit;

  constructor(
    private readonly kv: Kv,
    private readonly keys: Keys,
    limit: number,
  ) {
    this.policy = { limit, windowMs: AUTH_FAILURE_WINDOW_MS };
  }

  get limit(): number {
    return this.policy.limit;
  }

  key(req: Request): string {
    return this.keys.rateLimit('auth-failures', clientIp(req));
  }

  refuse(count: number, ttlMs: number): AppError {
    return rateLimited(
      'Too many failed authentications from your address; retry later.',
      rateLimitHeaders('auth-failures', this.policy, count, ttlMs),
      ttlMs,
    );
  }

  /** Throws 429 once the address has used up its failures, until the window ends. */
  async check(req: Request): Promise<void> {
    const key = this.key(req);
    const count = Number((await this.kv.get(key)) ?? 0);
    if (count >= this.policy.limit) throw this.refuse(count, await this.kv.pttl(key));
  }

  /** Counts a failure (the caller still answers it as the failure it is). */
  async record(req: Request): Promise<void> {
    await this.kv.hit(this.key(req), this.policy.windowMs);
  }
}
