import type { NextFunction, Request, Response } from 'express';
import type { Controls } from '../toolkit/controls.js';
import type { Grant, OAuthServer } from '../toolkit/oauth.js';

/** LinkedIn's error body: `{status, serviceErrorCode?, code, message, errorDetails?}`. */
export function liError(
  res: Response,
  status: number,
  code: string,
  message: string,
  extra: { serviceErrorCode?: number; errorDetails?: unknown } = {},
) {
  return res.status(status).json({
    status,
    ...(extra.serviceErrorCode ? { serviceErrorCode: extra.serviceErrorCode } : {}),
    code,
    message,
    ...(extra.errorDetails ? { errorDetails: extra.errorDetails } : {}),
  });
}

export interface InputError {
  fieldPath: string;
  code: string;
  description: string;
}

/** A validation refusal naming the fields, as LinkedIn reports them (`errorDetails.inputErrors`). */
export const refuseInput = (res: Response, errors: InputError[]) =>
  liError(res, 400, 'VALIDATION_FAILED', 'Validation failed.', {
    errorDetails: {
      inputErrors: errors.map(({ fieldPath, code, description }) => ({
        description,
        input: { inputPath: { fieldPath } },
        code,
      })),
    },
  });

/** The first version this emulator answers; older ones LinkedIn has sunset (a year after release). */
export const OLDEST_VERSION = '202511';
const VERSION = /^(\d{4})(\d{2})(\.\d{2})?$/;

/** True for a `YYYYMM` (or `YYYYMM.NN`) version that has been released and is not yet sunset. */
export function isActiveVersion(version: string, now = new Date()): boolean {
  const match = VERSION.exec(version);
  if (!match) return false;
  const month = `${match[1]}${match[2]}`;
  const current = `${now.getUTCFullYear()}${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
  return Number(match[2]) >= 1 && Number(match[2]) <= 12 && month >= OLDEST_VERSION && month <= current;
}

export type Authorized = Request & { grant?: Grant };

/**
 * What every `/rest` call must carry, checked in LinkedIn's order: the dated version, Rest.li 2.0.0,
 * a valid member token with an ads scope; then the emulator's throttling fault.
 */
export function restGate(oauth: OAuthServer, controls: Controls) {
  return (req: Authorized, res: Response, next: NextFunction) => {
    const version = req.get('LinkedIn-Version');
    if (!version) {
      return liError(
        res,
        400,
        'VERSION_MISSING',
        'A version must be present. Please specify a version by adding the LinkedIn-Version header.',
      );
    }
    if (!isActiveVersion(version)) {
      return liError(res, 426, 'NONEXISTENT_VERSION', `Requested version ${version} is not active`);
    }
    if (req.get('X-Restli-Protocol-Version') !== '2.0.0') {
      return liError(
        res,
        400,
        'ILLEGAL_ARGUMENT',
        'This API requires the header X-Restli-Protocol-Version: 2.0.0.',
      );
    }
    const header = req.get('Authorization') ?? '';
    const token = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : undefined;
    const grant = oauth.verify(token);
    if (grant === 'missing')
      return liError(res, 401, 'EMPTY_ACCESS_TOKEN', 'Empty oauth2 access token', {
        serviceErrorCode: 65604,
      });
    if (grant === 'unknown')
      return liError(res, 401, 'INVALID_ACCESS_TOKEN', 'Invalid access token', { serviceErrorCode: 65600 });
    if (grant === 'expired') {
      return liError(res, 401, 'EXPIRED_ACCESS_TOKEN', 'The token used in the request has expired', {
        serviceErrorCode: 65601,
      });
    }
    const writes = req.method !== 'GET';
    // Reporting has its own permission (Reporting: `r_ads_reporting`).
    const allowed = req.path.startsWith('/rest/adAnalytics')
      ? ['r_ads_reporting']
      : writes
        ? ['rw_ads']
        : ['rw_ads', 'r_ads'];
    if (!grant.scope.some((s) => allowed.includes(s))) {
      // LinkedIn's versioned API names the resource, method and version refused, as in
      // `{"status":403,"serviceErrorCode":100,"code":"ACCESS_DENIED","message":"Not enough permissions
      // to access: partnerApiSocialAction.GET.20231101"}` (the Error Handling page shows the
      // unversioned `{message, serviceErrorCode, status}`).
      const resource = req.path.split('/')[2];
      return liError(
        res,
        403,
        'ACCESS_DENIED',
        `Not enough permissions to access: ${resource}.${req.method}.${version}`,
        { serviceErrorCode: 100 },
      );
    }
    if (controls.takeThrottle()) {
      return liError(
        res,
        429,
        'TOO_MANY_REQUESTS',
        'Resource level throttle APPLICATION DAY limit for calls to this resource is reached.',
        { serviceErrorCode: 101 },
      );
    }
    req.grant = grant;
    next();
  };
}

/** The `X-RestLi-Method` of a request, lower case (LinkedIn's docs write it upper case, its client lower). */
export const restliMethod = (req: Request): string | undefined => req.get('X-RestLi-Method')?.toLowerCase();
