import type { Request, Response } from 'express';
import { AppError, errorBody, quotaExceeded } from '../errors.js';
import { IDEMPOTENCY_TTL_MS, type SavedResponse } from '../store/idempotency.js';
import type { Store } from '../store/index.js';

export const KEY_FORMAT = /^[\x21-\x7e]{1,255}$/;

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
 * Runs a write with Stripe's `Idempotency-Key` semantics, scoped to the company: the same key and
 * request replay the saved response, the same key with another request is 422, and a key whose first
 * request is still running is 409. Call it after validation: rejected input saves nothing.
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
  if (!KEY_FORMAT.test(key)) {
    throw new AppError(
      'invalid_idempotency_key',
      'Idempotency-Key must be 1–255 printable ASCII characters.',
      {
        param: 'Idempotency-Key',
      },
    );
  }
  const company = req.auth!.company;
  const fingerprint = `${req.method} ${req.path}?${canonical(req.query)} ${canonical(params)}`;
  const reservation = await store.idempotency.reserve(company, key, fingerprint);
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
  // A new key (replays of kept ones still answer above) counts against the company's quota.
  const quota = req.app.locals.limits.idempotencyRecords;
  if ((await store.ledger.live(company, 'idempotency')) >= quota) {
    await store.idempotency.release(company, key);
    throw quotaExceeded('idempotency records', quota, 'Idempotency-Key');
  }
  await store.ledger.add(
    company,
    'idempotency',
    key,
    Date.now() + IDEMPOTENCY_TTL_MS,
    quota,
    IDEMPOTENCY_TTL_MS,
  );
  let result: SavedResponse;
  try {
    result = await run();
  } catch (err) {
    if (err instanceof AppError && err.status < 500) {
      await store.idempotency.complete(company, key, fingerprint, {
        status: err.status,
        body: errorBody(err, req.id),
      });
    } else {
      await store.idempotency.release(company, key).catch(() => {});
    }
    throw err;
  }
  // The write happened: the client gets its result even if saving it for replays fails.
  await store.idempotency.complete(company, key, fingerprint, result).catch(() => {});
  res.status(result.status).json(result.body);
}
