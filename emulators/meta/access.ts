import { createHmac, timingSafeEqual } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { Controls } from '../toolkit/controls.js';
import type { OAuthServer } from '../toolkit/oauth.js';
import { GraphError } from './graph-error.js';

/** The access token of a Graph call: `access_token` in the query or body, or `Authorization: Bearer`. */
export function accessTokenOf(query: Record<string, unknown>, body: unknown, authorization?: string) {
  const bearer = /^Bearer (\S+)$/i.exec(authorization ?? '')?.[1];
  const fromBody = (body as { access_token?: unknown } | undefined)?.access_token;
  const token = query.access_token ?? fromBody ?? bearer;
  return typeof token === 'string' ? token : undefined;
}

export const appSecretProof = (token: string, secret: string) =>
  createHmac('sha256', secret).update(token).digest('hex');

/**
 * Every Graph call: throttled when the controls say so (code 17 with the BUC usage header, as Meta
 * sends for the ads-management use case), else the token must be valid and an `appsecret_proof`,
 * when sent, must be the token's HMAC under the app secret.
 */
export function graphAccess(oauth: OAuthServer, controls: Controls): RequestHandler {
  return (req, res, next) => {
    if (controls.takeThrottle()) {
      const account = /\/act_(\d+)/.exec(req.path)?.[1] ?? '0';
      const usage = {
        [account]: [
          {
            type: 'ads_management',
            call_count: 100,
            total_cputime: 40,
            total_time: 60,
            estimated_time_to_regain_access: 0,
          },
        ],
      };
      throw new GraphError('(#17) User request limit reached', 17, {
        subcode: 2446079,
        headers: { 'X-Business-Use-Case-Usage': JSON.stringify(usage) },
      });
    }
    const token = accessTokenOf(req.query, req.body, req.get('authorization'));
    const grant = oauth.verify(token);
    if (grant === 'missing') {
      throw new GraphError('An access token is required to request this resource.', 104);
    }
    if (grant === 'unknown') {
      throw new GraphError('Invalid OAuth access token - Cannot parse access token', 190);
    }
    if (grant === 'expired') {
      throw new GraphError(
        'Error validating access token: Session has expired on Monday, 05-Jan-26 10:00:00 PST.',
        190,
        { subcode: 463 },
      );
    }
    const proof = req.query.appsecret_proof ?? (req.body as { appsecret_proof?: unknown })?.appsecret_proof;
    if (proof !== undefined) {
      const expected = Buffer.from(appSecretProof(token!, oauth.options.clientSecret));
      const given = Buffer.from(String(proof));
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        throw new GraphError('Invalid appsecret_proof provided in the API argument', 100, {
          type: 'GraphMethodException',
        });
      }
    }
    res.locals.user = grant.user;
    next();
  };
}
