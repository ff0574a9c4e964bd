import type { RequestHandler } from 'express';
import { AppError } from '../errors.js';
import type { Store } from '../store/index.js';
import type { AuthFailures } from './rate-limit.js';

const BEARER = /^Bearer ([\x21-\x7e]+)$/;

function refuse(code: 'missing_token' | 'invalid_token', message: string): AppError {
  const challenge =
    code === 'missing_token' ? 'Bearer realm="adlink"' : 'Bearer realm="adlink", error="invalid_token"';
  return new AppError(code, message, { headers: { 'WWW-Authenticate': challenge } });
}

/**
 * Every vendor endpoint: `Authorization: Bearer <company token>`, checked against the store each time.
 * Wrong tokens count against the client address's failure limit.
 */
export function authenticate(
  store: Store,
  failures: AuthFailures,
  onTouchError: (err: unknown) => void,
): RequestHandler {
  return async (req, _res, next) => {
    const header = req.get('authorization');
    if (!header) throw refuse('missing_token', 'Send your company token as `Authorization: Bearer <token>`.');
    await failures.check(req);
    const match = BEARER.exec(header);
    const owner = match ? await store.companies.authenticate(match[1]!) : null;
    if (!owner) {
      await failures.record(req);
      throw match
        ? refuse('invalid_token', 'The company token is invalid or has been revoked.')
        : refuse('invalid_token', 'The Authorization header must be `Bearer <company token>`.');
    }
    req.auth = owner;
    store.companies.touch(owner).catch(onTouchError);
    next();
  };
}
