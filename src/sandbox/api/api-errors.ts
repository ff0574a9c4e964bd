import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { Logger } from 'pino';
import { StoreUnavailableError } from '../../errors.js';
import { ApiError, bodyParserError } from '../errors.js';

export const notFound: RequestHandler = () => {
  throw new ApiError(404, 'not_found', 'There is no endpoint at this path.');
};

function toApiError(err: unknown, log: Logger): ApiError {
  if (err instanceof ApiError) return err;
  if (err instanceof StoreUnavailableError) {
    return new ApiError(503, 'service_unavailable', 'Sandbox Ads is temporarily unavailable.', undefined, {
      'Retry-After': '1',
    });
  }
  const type = bodyParserError(err);
  if (type === 'entity.too.large')
    return new ApiError(413, 'payload_too_large', 'The body is larger than 100 kB.');
  if (type === 'entity.parse.failed')
    return new ApiError(400, 'invalid_request', 'The body is not valid JSON.');
  if (type) return new ApiError(400, 'invalid_request', 'The body could not be read.');
  log.error({ err }, 'sandbox: ads API request failed');
  return new ApiError(500, 'internal_error', 'An unexpected error occurred.');
}

/** `{"error":{"code","message","param"?}}`; never a stack trace. */
export function apiErrors(log: Logger): ErrorRequestHandler {
  return (raw, _req, res, _next) => {
    const err = toApiError(raw, log);
    if (res.headersSent) {
      res.destroy();
      return;
    }
    const param = err.param === undefined ? {} : { param: err.param };
    res
      .status(err.status)
      .set(err.headers)
      .set('Cache-Control', 'no-store')
      .json({ error: { code: err.code, message: err.message, ...param } });
  };
}
