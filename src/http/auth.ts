import type { Request, RequestHandler, Response } from 'express';
import { remember } from '../bounded-map.js';
import type { Limits } from '../config.js';
import { budgetOf } from '../domain/budget.js';
import { AppError } from '../errors.js';
import { BEARER_TOKEN_FORMAT, type TokenOwner, tokenHash } from '../store/companies.js';
import type { Store } from '../store/index.js';
import { type AuthFailures, type RateLimit, rateLimited, rateLimitHeaders } from './rate-limit.js';

const BEARER = /^Bearer ([\x21-\x7e]+)$/;
/** Token owners this process has seen; past this many it starts again (a deployment has few tokens). */
const MAX_KNOWN_OWNERS = 10_000;
interface KnownOwner {
  value: string;
  owner: TokenOwner;
  budget: RateBudget;
}

/** A per-minute budget: its policy's name, its counter and what it allows. */
interface RateBudget extends RateLimit {
  name: string;
  counter: string;
  /** Who spent it, for the 429's message. */
  spent: string;
}

const INVALID = 'The token is invalid, has expired or has been revoked.';

/** Whether the owner's token has expired (`marginMs` from now: will have). */
const expired = (owner: TokenOwner, marginMs = 0) =>
  owner.expires_at !== undefined && Date.parse(owner.expires_at) <= Date.now() + marginMs;

/** A write ahead is made only for a token that outlives the gate's round trip by far. */
const WRITE_AHEAD_MARGIN_MS = 5000;

function refuse(code: 'missing_token' | 'invalid_token', message: string): AppError {
  const challenge =
    code === 'missing_token' ? 'Bearer realm="adlink"' : 'Bearer realm="adlink", error="invalid_token"';
  return new AppError(code, message, { headers: { 'WWW-Authenticate': challenge } });
}

/**
 * Every vendor endpoint: `Authorization: Bearer <company token or access token>`, checked against the
 * store each time, and counted against its per-minute budget: a company token's company's, an access
 * token's customer's own (all that customer's tokens together, apart from the company's, see
 * `budgetOf`); every answer says what is left. One atomic step in the store does both, together with
 * the client address's failure limit (wrong tokens count against it). The owner a token hash had is
 * remembered only to name the counter (and the owner whose reads a route offers go with the step, see
 * `readsWithGate`): the store step counts nothing unless the hash still maps to that owner, so a
 * revoked token is refused at once on every instance. An access token's lookup expires with it, and
 * its owner names the expiry, checked here too.
 */
export function authenticate(
  store: Store,
  failures: AuthFailures,
  limits: Limits,
  onTouchError: (err: unknown) => void,
): RequestHandler {
  const windowMs = 60_000;
  const rateBudget = (owner: TokenOwner): RateBudget => {
    const ofCustomer = owner.customer !== undefined;
    const name = ofCustomer ? 'customer' : 'api';
    return {
      name,
      counter: store.keys.rateLimit(name, ofCustomer ? `${owner.company}:${owner.customer}` : owner.company),
      limit: budgetOf(limits, owner).apiPerMinute,
      windowMs,
      spent: ofCustomer ? `The access tokens of customer ${owner.customer}` : 'Your company',
    };
  };
  /** Per token hash: the lookup's value this process saw last, the owner it names and its budget. */
  const known = new Map<string, KnownOwner>();
  const gate = async (req: Request, blocker: string, hash: string, seen: KnownOwner | undefined) => {
    const expected = seen?.value;
    const reading = seen === undefined ? undefined : req.readsWithGate?.plan(seen.owner);
    // The route's write decided ahead: made by the gate only when it lets the request in within its
    // budget (the refusals below all follow from what the gate answers, but the expiry: kept clear).
    const ahead =
      seen === undefined || expired(seen.owner, WRITE_AHEAD_MARGIN_MS)
        ? undefined
        : req.readsWithGate?.ahead?.(seen.owner);
    const result = await store.kv.gate(
      {
        blocker,
        lookup: store.keys.tokenByHash(hash),
        counter: seen?.budget.counter ?? store.keys.rateLimit('api', ''),
      },
      failures.limit,
      expected ?? '',
      windowMs,
      reading?.reads,
      ahead && { ...ahead.write, limit: seen!.budget.limit },
    );
    // The reads were of `seen`'s owner: they count only when the token still has that owner.
    if (reading && 'value' in result && result.hit !== null && result.value === expected) {
      req.readsWithGate!.value = reading.decode(result.reads);
      if (result.wrote) req.readsWithGate!.written = ahead!.answer;
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
      // Shared by every request of the token: frozen.
      const owner = Object.freeze(JSON.parse(result.value) as TokenOwner);
      seen = remember(known, MAX_KNOWN_OWNERS, hash, {
        value: result.value,
        owner,
        budget: rateBudget(owner),
      });
      result = await gate(req, blocker, hash, seen);
    }
    if ('blocked' in result) throw failures.refuse(result.blocked.count, result.blocked.ttlMs);
    // The gate counts the request only when the lookup held `seen`'s value: `seen` names its owner.
    if (result.hit === null || expired(seen!.owner)) {
      known.delete(hash);
      await failures.record(req);
      throw refuse('invalid_token', INVALID);
    }
    const { owner, budget } = seen!;
    const { count, ttlMs } = result.hit;
    const headers = rateLimitHeaders(budget.name, budget, count, ttlMs);
    if (count > budget.limit) {
      throw rateLimited(
        `${budget.spent} sent more than ${budget.limit} requests this minute.`,
        headers,
        ttlMs,
      );
    }
    res.set(headers);
    req.auth = owner;
    store.companies.touch(owner).catch(onTouchError);
    next();
  };
}
