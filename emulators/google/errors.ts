import { randomBytes } from 'node:crypto';
import type { Response } from 'express';

/**
 * Google's error answers: a google.rpc.Status (`{"error": {code, message, status, details}}`) whose
 * details carry a GoogleAdsFailure with one GoogleAdsError per problem.
 */

export interface FieldPathElement {
  fieldName: string;
  index?: number;
}

export interface GoogleAdsError {
  /** One entry, e.g. `{adGroupError: 'DUPLICATE_ADGROUP_NAME'}`. */
  errorCode: Record<string, string>;
  message: string;
  location?: { fieldPathElements: FieldPathElement[] };
  details?: Record<string, unknown>;
}

const STATUS: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  429: 'RESOURCE_EXHAUSTED',
  501: 'UNIMPLEMENTED',
};

const SUMMARY: Record<number, string> = {
  400: 'Request contains an invalid argument.',
  401: 'Request is missing required authentication credential. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
  403: 'The caller does not have permission',
  404: 'Requested entity was not found.',
  429: 'Resource has been exhausted (e.g. check quota).',
  501: 'Operation is not implemented, or supported, or enabled.',
};

/** Thrown by request handlers; the router answers it in Google's shape. */
export class GoogleAdsException extends Error {
  constructor(
    readonly httpStatus: number,
    readonly errors: GoogleAdsError[],
  ) {
    super(errors.map((e) => e.message).join('; '));
  }
}

export const adsError = (
  httpStatus: number,
  errorCode: Record<string, string>,
  message: string,
  path?: FieldPathElement[],
) =>
  new GoogleAdsException(httpStatus, [
    { errorCode, message, ...(path ? { location: { fieldPathElements: path } } : {}) },
  ]);

export function sendAdsError(res: Response, version: string, err: GoogleAdsException): void {
  const requestId = randomBytes(12).toString('base64url');
  res
    .status(err.httpStatus)
    .set('request-id', requestId)
    .json({
      error: {
        code: err.httpStatus,
        message: SUMMARY[err.httpStatus] ?? err.message,
        status: STATUS[err.httpStatus] ?? 'UNKNOWN',
        details: [
          {
            '@type': `type.googleapis.com/google.ads.googleads.${version}.errors.GoogleAdsFailure`,
            errors: err.errors,
            requestId,
          },
        ],
      },
    });
}

/** A JSON body the API's parser refuses (before any Google Ads validation): google.rpc.BadRequest. */
export function sendBadRequest(res: Response, field: string, description: string): void {
  res.status(400).json({
    error: {
      code: 400,
      message: `Invalid JSON payload received. ${description}`,
      status: 'INVALID_ARGUMENT',
      details: [
        {
          '@type': 'type.googleapis.com/google.rpc.BadRequest',
          fieldViolations: [{ field, description }],
        },
      ],
    },
  });
}

/** The throttling answer: RESOURCE_EXHAUSTED with a short retry delay in QuotaErrorDetails. */
export const throttled = (retrySeconds: number) =>
  new GoogleAdsException(429, [
    {
      errorCode: { quotaError: 'RESOURCE_TEMPORARILY_EXHAUSTED' },
      message: `Too many requests. Retry in ${retrySeconds} seconds.`,
      details: {
        quotaErrorDetails: {
          rateScope: 'ACCOUNT',
          rateName: 'Requests per account',
          retryDelay: `${retrySeconds}s`,
        },
      },
    },
  ]);
