import type { Request, Response } from 'express';
import { budgetOf } from '../domain/budget.js';
import { AppError, quotaExceeded } from '../errors.js';
import type { SavedResponse } from '../store/idempotency.js';
import type { Store } from '../store/index.js';

export const KEY_FORMAT = /^[\x21-\x7e]{1,255}$/;

/** Refuses a key outside KEY_FORMAT, naming where it was given. */
export function checkIdempotencyKey(key: string, param = 'Idempotency-Key'): void {
  if (!KEY_FORMAT.test(key)) {
    throw new AppError(
      'invalid_idempotency_key',
      'Idempotency-Key must be 1–255 printable ASCII characters.',
      {
        param,
      },
    );
  }
}

/** JSON with sorted keys, so `{"a":1,"b":2}` and `{"b":2,"a":1}` are the same request. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * What makes two requests the same: method, path, query and parameters, and for an access token the
 * customer it acts for (its records have a namespace of their own too). A company token's is as it
 * was before access tokens had their own, so records kept across an upgrade still replay.
 */
function fingerprintOf(req: Request, params: unknown): string {
  const customer = req.auth!.customer;
  const request = `${req.method} ${req.path}?${canonical(req.query)} ${canonical(params)}`;
  return customer === undefined ? request : `customer:${customer} ${request}`;
}

/**
 * Runs a write with Stripe's `Idempotency-Key` semantics, scoped to the spender (the company for a
 * company token, the customer for an access token): the same key and request replay the saved
 * response, the same key with another request is 422, and a key whose first request is still
 * running is 409. Only a response to a request that went through is kept: every 4xx and 5xx frees
 * the key and counts against no quota. Call it after validation.
 */
export async function sendIdempotent(
  store: Store,
  req: Request,
  res: Response,
  params: unknown,
  run: () => Promise<SavedResponse>,
): Promise<void> {
  const key = req.get('idempotency-key');
  if (key === undefined) {
    const result = await run();
    res.status(result.status).json(result.body);
    return;
  }
  checkIdempotencyKey(key);
  const spender = req.auth!;
  const fingerprint = fingerprintOf(req, params);
  const reservation = await store.idempotency.reserve(spender, key, fingerprint);
  switch (reservation.kind) {
    case 'mismatch':
      throw new AppError(
        'idempotency_key_reused',
        'This Idempotency-Key was already used with a different request.',
        {
          param: 'Idempotency-Key',
        },
      );
    case 'in_flight':
      throw new AppError(
        'idempotency_key_in_use',
        'A request with this Idempotency-Key is still in progress.',
        {
          param: 'Idempotency-Key',
          headers: { 'Retry-After': '1' },
        },
      );
    case 'replay':
      res
        .set('Idempotent-Replayed', 'true')
        .status(reservation.response.status)
        .json(reservation.response.body);
      return;
  }
  // A new key (replays of kept ones still answer above) needs room in the spender's quota.
  const quota = budgetOf(req.app.locals.limits, spender).idempotencyRecords;
  if ((await store.idempotency.kept(spender)) >= quota) {
    await store.idempotency.release(spender, key);
    throw quotaExceeded('idempotency records', quota, 'Idempotency-Key', spender);
  }
  let result: SavedResponse;
  try {
    result = await run();
  } catch (err) {
    // Refused (4xx: nothing was written) or failed on our side: the client may retry with the key.
    await store.idempotency.release(spender, key).catch(() => {});
    throw err;
  }
  // The write happened: the client gets its result even if saving it for replays fails.
  await store.idempotency.complete(spender, key, fingerprint, result, quota).catch(() => {});
  res.status(result.status).json(result.body);
}
