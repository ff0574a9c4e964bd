import express, { Router } from 'express';
import type { OAuthServer } from './oauth.js';

/** One API call an emulator answered, for tests that check what adlink sent. */
export interface RecordedCall {
  method: string;
  path: string;
  query: Record<string, unknown>;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

/**
 * Faults and records shared by every emulator. Tests use them in-process; vendors' CI reaches the
 * same controls over HTTP under `/_emulator/` (see emulators/README.md).
 */
export class Controls {
  readonly calls: RecordedCall[] = [];
  private throttles = 0;
  private failures = 0;
  /** The calls `failNext` fails, when only some: this method to exactly this path. */
  private failing: { method: string; path: string } | undefined;
  private stalls = 0;

  /** The next `count` API calls answer with the platform's throttling error. */
  throttleNext(count: number): void {
    this.throttles = count;
  }

  /** True (and one fewer pending) when this call is to be throttled. */
  takeThrottle(): boolean {
    if (this.throttles <= 0) return false;
    this.throttles--;
    return true;
  }

  /**
   * The next `count` calls, OAuth endpoints included, answer HTTP 500 (the platform is having trouble);
   * with `only`, the next `count` calls of that method to exactly that path, the others answered as usual.
   */
  failNext(count: number, only?: { method: string; path: string }): void {
    this.failures = count;
    this.failing = only && { method: only.method.toUpperCase(), path: only.path };
  }

  /** The next `count` calls, OAuth endpoints included, are never answered (the caller's timeout ends them). */
  stallNext(count: number): void {
    this.stalls = count;
  }

  /** The fault this call meets, if any (and one fewer pending). */
  takeFault(call: { method: string; path: string }): 'fail' | 'stall' | null {
    if (this.stalls > 0) {
      this.stalls--;
      return 'stall';
    }
    const matches = !this.failing || (call.method === this.failing.method && call.path === this.failing.path);
    if (this.failures > 0 && matches) {
      this.failures--;
      return 'fail';
    }
    return null;
  }

  record(call: RecordedCall): void {
    this.calls.push(call);
    if (this.calls.length > 10_000) this.calls.shift();
  }

  /** Calls whose path contains `fragment`, optionally of one method. */
  callsTo(fragment: string, method?: string): RecordedCall[] {
    return this.calls.filter((c) => c.path.includes(fragment) && (!method || c.method === method));
  }
}

export interface ControlTarget {
  controls: Controls;
  oauth: OAuthServer;
  /** Adds `count` ad sets under a campaign (to test pagination past the platform's page size). */
  seedAdSets(account: string, campaign: string, count: number): void;
}

/** `/_emulator/*`: the test controls over HTTP, for a vendor's own CI. */
export function controlRoutes(target: ControlTarget): Router {
  const router = Router();
  router.use('/_emulator', express.json({ limit: '10kb' }));
  /** A control taking `count` (default 1) and, where `refuse` says nothing against them, more fields. */
  const counted = (
    name: string,
    answer: string,
    apply: (count: number, body: Record<string, unknown>) => void,
    refuse: (body: Record<string, unknown>) => string | undefined = () => undefined,
  ) =>
    router.post(`/_emulator/${name}`, (req, res) => {
      const body = (req.body ?? {}) as Record<string, unknown>;
      const count = Number(body.count ?? 1);
      if (!Number.isInteger(count) || count < 0 || count > 1000) {
        return res.status(400).json({ error: 'count must be an integer from 0 to 1000' });
      }
      const refused = refuse(body);
      if (refused) return res.status(400).json({ error: refused });
      apply(count, body);
      res.json({ [answer]: count });
    });
  counted('throttle', 'throttled_next', (count) => target.controls.throttleNext(count));
  counted(
    'fail',
    'failing_next',
    (count, { method, path }) =>
      target.controls.failNext(
        count,
        typeof method === 'string' ? { method, path: String(path) } : undefined,
      ),
    ({ method, path }) =>
      (method === undefined && path === undefined) || (typeof method === 'string' && typeof path === 'string')
        ? undefined
        : 'give method and path (strings) together, or neither',
  );
  counted('stall', 'stalling_next', (count) => target.controls.stallNext(count));
  router.post('/_emulator/expire-tokens', (_req, res) => {
    target.oauth.expireAccessTokens();
    res.json({ expired: true });
  });
  router.post('/_emulator/revoke-tokens', (_req, res) => {
    target.oauth.revokeAll();
    res.json({ revoked: true });
  });
  router.post('/_emulator/seed', (req, res) => {
    const { account, campaign, count } = (req.body ?? {}) as Record<string, unknown>;
    if (typeof account !== 'string' || typeof campaign !== 'string' || !Number.isInteger(count)) {
      return res.status(400).json({ error: 'give account, campaign (strings) and count (an integer)' });
    }
    if ((count as number) < 1 || (count as number) > 50_000) {
      return res.status(400).json({ error: 'count must be from 1 to 50000' });
    }
    try {
      target.seedAdSets(account, campaign, count as number);
    } catch (err) {
      return res.status(404).json({ error: (err as Error).message });
    }
    res.json({ seeded: count });
  });
  router.get('/_emulator/calls', (_req, res) => {
    res.json({ calls: target.controls.calls.map(({ method, path }) => ({ method, path })) });
  });
  return router;
}

/** The faults of `failNext` and `stallNext`, met before the platform's routes. */
export function injectFaults(controls: Controls): express.RequestHandler {
  return (req, res, next) => {
    const fault = controls.takeFault({
      method: req.method,
      path: new URL(req.originalUrl, 'http://emulator').pathname,
    });
    if (fault === 'fail') return res.status(500).json({ error: 'emulated server error' });
    if (fault === null) next();
  };
}

/**
 * Records every call the platform's routes answer (the toolkit installs it: emulators need not), with
 * the body their own parsers read.
 */
export function recordCalls(controls: Controls): express.RequestHandler {
  return (req, res, next) => {
    res.on('finish', () =>
      controls.record({
        method: req.method,
        // The full path: a mounted router (Meta's `/:version`) may leave `req.path` without its prefix.
        path: new URL(req.originalUrl, 'http://emulator').pathname,
        query: req.query as Record<string, unknown>,
        headers: req.headers,
        body: req.body,
      }),
    );
    next();
  };
}
