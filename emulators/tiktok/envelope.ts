import { randomBytes } from 'node:crypto';
import type { Response } from 'express';

/**
 * TikTok answers every call with HTTP 200 and `{code, message, request_id, data}`; `code` 0 is success
 * (the SDK's InlineResponse200). The codes are those of TikTok's "Appendix - Return Codes".
 */
export const CODES = {
  ok: 0,
  /** Permission error: the token does not reach this advertiser. */
  noPermission: 40001,
  /** Parameter error: a value breaks a documented rule. */
  invalidParameter: 40002,
  /** QPS/QPM/QPD limit exceeded. */
  rateLimited: 40100,
  /** The app_id/secret pair is not valid. */
  invalidApp: 40101,
  accessTokenExpired: 40102,
  accessTokenMissing: 40104,
  accessTokenInvalid: 40105,
  /** The auth_code is invalid, used or expired. */
  invalidAuthCode: 40110,
} as const;

/** TikTok's request ids: a timestamp and random hex. */
const requestId = () =>
  `${new Date().toISOString().replace(/\D/g, '').slice(0, 14)}${randomBytes(10).toString('hex').toUpperCase()}`;

export function answer(res: Response, data: unknown): void {
  res.json({ code: CODES.ok, message: 'OK', request_id: requestId(), data });
}

export function refuse(res: Response, code: number, message: string): void {
  res.json({ code, message, request_id: requestId(), data: {} });
}

/** A refused request inside a handler: the route answers it with the envelope. */
export class TikTokRefusal extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

/** A parameter error naming the field first, as TikTok's validation messages do. */
export const invalid = (field: string, reason: string) =>
  new TikTokRefusal(CODES.invalidParameter, `${field}: ${reason}`);
