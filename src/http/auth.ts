import type { Request, RequestHandler, Response } from 'express';
import { AppError } from '../errors.js';
import { BEARER_TOKEN_FORMAT, type TokenOwner, tokenHash } from '../store/companies.js';
import type { Store } from '../store/index.js';
import { type AuthFailures, rateLimited, rateLimitHeaders } from './rate-limit.js';

const BEARER = /^Bearer ([\x21-\x7e]+)$/;
/** Token owners this process has seen; past this many it starts again (a deployment has few tokens). */
const MAX_KNOWN_OWNERS = 10_000;
interface KnownOwner {
  value: string;
  owner: TokenOwner;
}

const INVALID = 'The token is invalid, has expired or has been revoked.';

const expired = (owner: TokenOwner) =>
  owner.expires_at !== undefined && Date.parse(owner.expires_at) <= Date.now();

function refuse(code: 'missing_token' | 'invalid_token', message: string): AppError {
  const challenge =
    code === 'missing_token' ? 'Bearer realm="adlink"' : 'Bearer realm="adlink", error="invalid_token"';
  return new AppError(code, message, { headers: { 'WWW-Authenticate': challenge } });
}

/**
 * Every vendor endpoint: `Authorization: Bearer <company token or access token>`, checked against the
 * store each time, and counted against its company's per-minute limit (an access token's too); every
 * answer says what is left. One atomic step in the store does both, together with the client
 * address's failure limit (wrong tokens count against it). The owner a token hash had is remembered
 * only to name the company's counter (and the company whose reads a route offers go with the step,
 * see `readsWithGate`): the store step counts nothing unless the hash still maps to that owner, so a
 * revoked token is refused at once on every instance. An access token's lookup expires with it, and
 * its owner names the expiry, checked here too.
 */
export function authenticate(
  store: Store,
  failures: AuthFailures,
  perMinute: number,
  onTouchError: (err: unknown) => void,
): RequestHandler {
  const policy = { limit: perMinute, windowMs: 60_000 };
  /** Per token hash: the lookup's value this process saw last, and the owner it names. */
  const known = new Map<string, KnownOwner>();
  const gate = async (req: Request, blocker: string, hash: string, seen: KnownOwner | undefined) => {
    const expected = seen?.value;
    const company = seen === undefined ? '' : seen.owner.company;
    const reading = seen === undefined ? undefined : req.readsWithGate?.plan(company);
    const result = await store.kv.gate(
      { blocker, lookup: store.keys.tokenByHash(hash), counter: store.keys.rateLimit('api', company) },
      failures.limit,
      expected ?? '',
      policy.windowMs,
      reading?.reads,
    );
    // The reads were of `company`: they count only when the token is still that company's.
    if (reading && 'value' in result && result.hit !== null && result.value === expected) {
      req.readsWithGate!.value = reading.decode(result.reads);
    }
    return result;
  };

  return async (req, res: Response, next) => {
    const header = req.get('authorization');
    if (!header) {
      throw refuse(
        'missing_token',
        'Send your company token or an access token as `Authorization: Bearer <token>`.',
      );
    }
    const secret = BEARER.exec(header)?.[1];
    if (secret === undefined || !BEARER_TOKEN_FORMAT.test(secret)) {
      await failures.check(req);
      await failures.record(req);
      throw secret === undefined
        ? refuse('invalid_token', 'The Authorization header must be `Bearer <token>`.')
        : refuse('invalid_token', INVALID);
    }
    const hash = tokenHash(secret);
    const blocker = failures.key(req);
    let seen = known.get(hash);
    let result = await gate(req, blocker, hash, seen);
    if ('value' in result && result.value !== null && result.hit === null) {
      if (known.size >= MAX_KNOWN_OWNERS) known.clear();
      // Shared by every request of the token: frozen.
      seen = { value: result.value, owner: Object.freeze(JSON.parse(result.value) as TokenOwner) };
      known.set(hash, seen);
      result = await gate(req, blocker, hash, seen);
    }
    if ('blocked' in result) throw failures.refuse(result.blocked.count, result.blocked.ttlMs);
    // The gate counts the request only when the lookup held `seen`'s value: `seen` names its owner.
    if (result.hit === null || expired(seen!.owner)) {
      known.delete(hash);
      await failures.record(req);
      throw refuse('invalid_token', INVALID);
    }
    const owner = seen!.owner;
    const { count, ttlMs } = result.hit;
    const headers = rateLimitHeaders('api', policy, count, ttlMs);
    if (count > policy.limit) {
      throw rateLimited(`Your company sent more than ${policy.limit} requests this minute.`, headers, ttlMs);
    }
    res.set(headers);
    req.auth = owner;
    store.companies.touch(owner).catch(onTouchError);
    next();
  };
}
