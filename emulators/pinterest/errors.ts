import type { ErrorRequestHandler, Response } from 'express';

/**
 * Pinterest's error body, `{code, message}`, with its HTTP status. The codes are those of the
 * OpenAPI examples: 2 authentication failed, 3 missing scope, 8 rate limit, 29 not permitted; its
 * examples use the HTTP status itself as the code for bad parameters (400) and missing objects (404).
 */
class PinterestError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new PinterestError(400, 400, message);
export const notFound = (message: string) => new PinterestError(404, 404, message);
export const notPermitted = () =>
  new PinterestError(403, 29, 'You are not permitted to access that resource.');
/** `user_account/get`'s 403 example: an ad account whose owner the token user may not act as. */
export const notAuthorizedForUser = () =>
  new PinterestError(403, 403, 'Not authorized to access the user account.');
export const authenticationFailed = () => new PinterestError(401, 2, 'Authentication failed.');
export const missingScope = () =>
  new PinterestError(
    401,
    3,
    'Your token does not have sufficient permissions to perform this operation. Please ensure your token is authorized with the correct set of scopes.',
  );
export const rateLimited = () =>
  new PinterestError(
    429,
    8,
    'This request exceeded a rate limit. This can happen if the client exceeds one of the published rate limits within a short time window.',
  );

export const sendError = (res: Response, err: PinterestError) =>
  res.status(err.status).json({ code: err.code, message: err.message });

/** Errors thrown by the API routes become Pinterest's body; anything else is a 500 in the same shape. */
export const pinterestErrors: ErrorRequestHandler = (err, _req, res, _next) => {
  if (err instanceof PinterestError) return sendError(res, err);
  if ((err as { type?: string }).type === 'entity.parse.failed') {
    return sendError(res, badRequest('Invalid request: the body is not valid JSON.'));
  }
  if ((err as { type?: string }).type === 'entity.too.large') {
    return sendError(res, new PinterestError(413, 413, 'Request entity too large.'));
  }
  sendError(res, new PinterestError(500, 500, 'Internal server error.'));
};
