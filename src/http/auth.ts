import type { RequestHandler } from 'express';
import { AppError } from '../errors.js';
import type { Store } from '../store/index.js';

const BEARER = /^Bearer ([\x21-\x7e]+)$/;

function refuse(code: 'missing_token' | 'invalid_token', message: string): AppError {
  const challenge =
    code === 'missing_token' ? 'Bearer realm="adlink"' : 'Bearer realm="adlink", error="invalid_token"';
  return new AppError(code, message, { headers: { 'WWW-Authenticate': challenge } });
}

/** Every vendor endpoint: `Authorization: Bearer <company token>`, checked against the store each time. */
export function authenticate(store: Store, onTouchError: (err: unknown) => void): RequestHandler {
  return async (req, _res, next) => {
    const header = req.get('authorization');
    if (!header) throw refuse('missing_token', 'Send your company token as `Authorization: Bearer <token>`.');
    const match = BEARER.exec(header);
    if (!match) throw refuse('invalid_token', 'The Authorization header must be `Bearer <company token>`.');
    const owner = await store.companies.authenticate(match[1]!);
    if (!owner) throw refuse('invalid_token', 'The company token is invalid or has been revoked.');
    req.auth = owner;
    store.companies.touch(owner).catch(onTouchError);
    next();
  };
}
