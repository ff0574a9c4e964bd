import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Controls } from '../toolkit/controls.js';
import type { OAuthServer } from '../toolkit/oauth.js';
import { CODES, refuse, TikTokRefusal } from './envelope.js';
import type { TikTokState } from './state.js';

/** Answers a handler's refusal (or its throttling) in TikTok's envelope, still HTTP 200. */
export const handle =
  (work: (req: Request, res: Response) => void): RequestHandler =>
  (req, res) => {
    try {
      work(req, res);
    } catch (err) {
      if (!(err instanceof TikTokRefusal)) throw err;
      refuse(res, err.code, err.message);
    }
  };

const ACCESS_REFUSALS = {
  missing: [CODES.accessTokenMissing, 'Access token is null. Please check the Access-Token header.'],
  unknown: [CODES.accessTokenInvalid, 'Access token is incorrect or has been revoked.'],
  expired: [CODES.accessTokenExpired, 'Access token has expired.'],
} as const;

/** Throttling first (as TikTok's gateway), then the `Access-Token` header. */
export function requireAccess(oauth: OAuthServer, controls: Controls): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    if (controls.takeThrottle()) {
      return refuse(res, CODES.rateLimited, 'Too many requests. Please retry in some time.');
    }
    const grant = oauth.verify(req.get('access-token'));
    if (typeof grant === 'string') {
      const [code, message] = ACCESS_REFUSALS[grant];
      return refuse(res, code, message);
    }
    next();
  };
}

/** The advertiser a call names; the emulated user authorized every seeded advertiser. */
export function advertiserOf(state: TikTokState, source: Record<string, unknown>) {
  const id = source.advertiser_id;
  if (typeof id !== 'string' || id === '') {
    throw new TikTokRefusal(CODES.invalidParameter, 'advertiser_id: Missing data for required field.');
  }
  const advertiser = state.advertisers.get(id);
  if (!advertiser) {
    throw new TikTokRefusal(CODES.noPermission, `No permission to operate advertiser ${id}.`);
  }
  return advertiser;
}
