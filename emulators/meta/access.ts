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
 * Meta's rate-limit answer: code 17 with the BUC usage header of the ads-management use case, or on
 * the insights edge code 80000 with the ads-insights use case's.
 */
function throttled(path: string): GraphError {
  const account = /\/act_(\d+)/.exec(path)?.[1] ?? '0';
  const insights = path.endsWith('/insights');
  const usage = {
    [account]: [
      {
        type: insights ? 'ads_insights' : 'ads_management',
        call_count: 100,
        total_cputime: 40,
        total_time: 60,
        estimated_time_to_regain_access: 0,
      },
    ],
  };
  const message = insights
    ? '(#80000) There have been too many calls from this ad-account. Wait a bit and try again.'
    : '(#17) User request limit reached';
  return new GraphError(message, insights ? 80_000 : 17, {
    subcode: 2446079,
    headers: { 'X-Business-Use-Case-Usage': JSON.stringify(usage) },
  });
}

/**
 * Every Graph call: throttled when the controls say so (see `throttled`), else the token must be valid and an `appsecret_proof`,
 * when sent, must be the token's HMAC under the app secret.
 */
export function graphAccess(oauth: OAuthServer, controls: Controls): RequestHandler {
  return (req, res, next) => {
    if (controls.takeThrottle()) throw throttled(req.path);
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
