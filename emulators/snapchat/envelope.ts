import { randomBytes } from 'node:crypto';
import type { ErrorRequestHandler, Response } from 'express';

/**
 * Snap's answers: `{request_status: "SUCCESS", request_id, <plural>: [{sub_request_status, <singular>}]}`
 * on success, `{request_status: "ERROR", request_id, debug_message, display_message, error_code}` on
 * failure, with the HTTP status of Snap's Errors page.
 */

/** The `error_code`s the emulator sends: see README.md for where each comes from. */
export const ERROR_CODES = {
  unauthorized: 'E3002',
  notFound: 'E3003',
  invalid: 'E4002',
  throttled: 'E1008',
} as const;

export const requestId = () => randomBytes(20).toString('hex');

export class SnapError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** What Snap shows an end user; defaults to the debug message. */
    readonly display?: string,
  ) {
    super(message);
  }
}

/** A request value Snap refuses: HTTP 400, the message naming the field first. */
export const invalid = (field: string, reason: string) =>
  new SnapError(400, ERROR_CODES.invalid, `${field}: ${reason}`);

/** An id that is not there, not the user's, or deleted (without `read_deleted_entities`). */
export const notFound = (kind: string, id: string) =>
  new SnapError(404, ERROR_CODES.notFound, `Resource can not be found: ${kind} ${id}`);

export function sendError(res: Response, err: SnapError): void {
  res.status(err.status).json({
    request_status: 'ERROR',
    request_id: requestId(),
    debug_message: err.message,
    display_message: err.display ?? err.message,
    error_code: err.code,
  });
}

/** One entity per item, each with its own `sub_request_status`, as every Ads API list answers. */
export const items = (singular: string, entities: object[]) =>
  entities.map((entity) => ({ sub_request_status: 'SUCCESS', [singular]: entity }));

export function sendEntities(
  res: Response,
  plural: string,
  singular: string,
  entities: object[],
  paging?: { next_link?: string },
): void {
  res.json({
    request_status: 'SUCCESS',
    request_id: requestId(),
    ...(paging ? { paging } : {}),
    [plural]: items(singular, entities),
  });
}

/** Errors thrown by the API routes become Snap's envelope; anything else is a 500 in it. */
export const snapErrors: ErrorRequestHandler = (err, _req, res, _next) => {
  if (err instanceof SnapError) return sendError(res, err);
  if ((err as { type?: string }).type === 'entity.parse.failed') {
    return sendError(res, invalid('body', 'the request body is not valid JSON'));
  }
  sendError(res, new SnapError(500, 'E1001', 'Internal server error'));
};
