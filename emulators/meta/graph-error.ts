import { randomBytes } from 'node:crypto';
import type { ErrorRequestHandler, Response } from 'express';

/** Meta's error envelope: `{"error": {message, type, code, error_subcode, error_user_title, fbtrace_id}}`. */
export class GraphError extends Error {
  constructor(
    message: string,
    readonly code: number,
    readonly options: {
      type?: string;
      subcode?: number;
      status?: number;
      userTitle?: string;
      userMessage?: string;
      headers?: Record<string, string>;
    } = {},
  ) {
    super(message);
  }
}

export function sendGraphError(res: Response, err: GraphError): void {
  const {
    type = 'OAuthException',
    subcode,
    status = 400,
    userTitle,
    userMessage,
    headers = {},
  } = err.options;
  res
    .status(status)
    .set(headers)
    .json({
      error: {
        message: err.message,
        type,
        code: err.code,
        ...(subcode === undefined ? {} : { error_subcode: subcode }),
        ...(userTitle
          ? { is_transient: false, error_user_title: userTitle, error_user_msg: userMessage }
          : {}),
        fbtrace_id: randomBytes(9).toString('base64url'),
      },
    });
}

/** A parameter Meta refuses: code 100, its message naming the parameter. */
export const invalidParam = (message: string, extra: GraphError['options'] = {}) =>
  new GraphError(`(#100) ${message}`, 100, { ...extra });

/** The answer for an id that is not there (or not the user's): Meta's "Unsupported get request". */
export const noSuchObject = (id: string, method: string) =>
  new GraphError(
    `Unsupported ${method.toLowerCase()} request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation. Please read the Graph API documentation at https://developers.facebook.com/docs/graph-api`,
    100,
    { type: 'GraphMethodException', subcode: 33 },
  );

/** Errors thrown by the Graph routes become Meta's envelope; anything else is Meta's code 1. */
export const graphErrors: ErrorRequestHandler = (err, _req, res, _next) => {
  if (err instanceof GraphError) return sendGraphError(res, err);
  if ((err as { type?: string }).type === 'entity.parse.failed') {
    return sendGraphError(res, invalidParam('The request body could not be parsed'));
  }
  sendGraphError(res, new GraphError('An unknown error has occurred.', 1, { status: 500 }));
};
