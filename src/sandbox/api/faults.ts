import type { RequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import { monotonicTimestamp, randomToken } from '../../ids.js';
import type { Kv } from '../../store/kv.js';
import { ApiError } from '../errors.js';
import { type SandboxKeys, userKey } from '../keys.js';
import { accessOf } from './bearer.js';

export const FAULT_KINDS = ['server_error', 'rate_limited', 'unauthorized', 'hang'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

/** Pending faults disappear this long after they were set, used up or not. */
export const FAULT_TTL_MS = 10 * 60_000;
/** How long a `hang` fault delays its response by default. */
export const DEFAULT_HANG_MS = 30_000;

export interface FaultRequest {
  fault: FaultKind;
  count: number;
  path_prefix?: string;
}

interface FaultRecord extends FaultRequest {
  id: string;
  created_time: string;
  expires_time: string;
}

/** A fault as the test-control endpoints show it: `remaining` of its `count` requests still to fault. */
export interface PendingFault extends FaultRecord {
  remaining: number;
}

/** Test-control paths (relative to /api/v1): never faulted themselves. */
export const isTestControl = (path: string): boolean => path === '/_test' || path.startsWith('/_test/');

const byCreation = (a: FaultRecord, b: FaultRecord) =>
  a.created_time < b.created_time ? -1 : a.created_time > b.created_time ? 1 : a.id < b.id ? -1 : 1;

/**
 * A sandbox user's injected faults, under the user's hash tag: a set of fault ids, each fault's
 * record (with the fault TTL) and its use counter. A request takes a fault by counting a use with
 * `hit` (atomic INCR), so `count` is never exceeded, even by concurrent requests; the record is
 * removed once used up. Accepted race: a request that read the faults just before a DELETE may still
 * be faulted, and a listing is a snapshot.
 */
export class FaultStore {
  constructor(
    private readonly kv: Kv,
    private readonly k: SandboxKeys,
  ) {}

  async add(login: string, request: FaultRequest): Promise<PendingFault> {
    const u = userKey(login);
    const record: FaultRecord = {
      id: `flt_${randomToken(9)}`,
      ...request,
      created_time: monotonicTimestamp(),
      expires_time: new Date(Date.now() + FAULT_TTL_MS).toISOString(),
    };
    await this.kv
      .batch()
      .set(this.k.fault(u, record.id), JSON.stringify(record), { ttlMs: FAULT_TTL_MS })
      .sadd(this.k.faults(u), record.id)
      .pexpire(this.k.faults(u), FAULT_TTL_MS)
      .exec();
    return { ...record, remaining: record.count };
  }

  /** The faults still to happen, oldest first (the order they are taken in). */
  async list(login: string): Promise<PendingFault[]> {
    return (await this.pending(userKey(login))).map(({ record, used }) => ({
      ...record,
      remaining: record.count - used,
    }));
  }

  async clear(login: string): Promise<void> {
    const u = userKey(login);
    const ids = await this.kv.smembers(this.k.faults(u));
    await this.kv.del(
      this.k.faults(u),
      ...ids.flatMap((id) => [this.k.fault(u, id), this.k.faultUsed(u, id)]),
    );
  }

  /** Uses up one request of the oldest fault that applies to `path`, and returns its kind. */
  async take(login: string, path: string): Promise<FaultKind | null> {
    const u = userKey(login);
    const applicable = (await this.pending(u)).filter(
      ({ record }) => record.path_prefix === undefined || path.startsWith(record.path_prefix),
    );
    for (const { record } of applicable) {
      const { count: used } = await this.kv.hit(this.k.faultUsed(u, record.id), FAULT_TTL_MS);
      if (used > record.count) continue; // a concurrent request used it up
      if (used === record.count) {
        // The counter stays (it expires after the record), so racing readers of the record see it used up.
        await this.kv.batch().del(this.k.fault(u, record.id)).srem(this.k.faults(u), record.id).exec();
      }
      return record.fault;
    }
    return null;
  }

  private async pending(u: string): Promise<{ record: FaultRecord; used: number }[]> {
    const ids = await this.kv.smembers(this.k.faults(u));
    if (ids.length === 0) return [];
    const raws = await this.kv.mget([
      ...ids.map((id) => this.k.fault(u, id)),
      ...ids.map((id) => this.k.faultUsed(u, id)),
    ]);
    const found: { record: FaultRecord; used: number }[] = [];
    ids.forEach((_id, i) => {
      const raw = raws[i];
      if (!raw) return; // expired; its id leaves the set with the set's own TTL
      const record = JSON.parse(raw) as FaultRecord;
      const used = Number(raws[ids.length + i] ?? '0');
      if (used < record.count) found.push({ record, used });
    });
    return found.sort((a, b) => byCreation(a.record, b.record));
  }
}

function faultError(fault: Exclude<FaultKind, 'hang'>): ApiError {
  switch (fault) {
    case 'server_error':
      return new ApiError(500, 'internal_error', 'An unexpected error occurred (injected test fault).');
    case 'rate_limited':
      return new ApiError(429, 'rate_limited', 'Too many requests. Retry in 7 seconds.', undefined, {
        'Retry-After': '7',
      });
    case 'unauthorized':
      return new ApiError(
        401,
        'invalid_token',
        'The access token is invalid, expired or revoked.',
        undefined,
        {
          'WWW-Authenticate': 'Bearer realm="sandbox", error="invalid_token"',
        },
      );
  }
}

/**
 * Waits `ms` before the request goes on. The timer does not keep the process alive, and the wait
 * ends early when the client disconnects: then false, and the request is not processed.
 */
function hang(res: Response, ms: number): Promise<boolean> {
  if (res.closed) return Promise.resolve(false);
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      res.off('close', done);
      resolve(!res.closed);
    };
    const timer = setTimeout(done, ms);
    timer.unref();
    res.on('close', done);
  });
}

/** After authentication: answers the request with the user's next applicable fault, if any. */
export function injectFaults(faults: FaultStore, hangMs: number, log: Logger): RequestHandler {
  return async (req, res, next) => {
    if (isTestControl(req.path)) return next();
    const fault = await faults.take(accessOf(res).grant.login, req.path);
    if (fault === null) return next();
    log.info({ fault, method: req.method, path: req.path }, 'sandbox: injecting a test fault');
    if (fault !== 'hang') throw faultError(fault);
    if (await hang(res, hangMs)) next();
  };
}
