import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Controls } from '../toolkit/controls.js';
import type { OAuthServer } from '../toolkit/oauth.js';
import { adApiFault, CODES, operationFault } from './faults.js';
import type { AccountState, MicrosoftAdsState } from './model.js';

export const MSADS_SCOPE = 'https://ads.microsoft.com/msads.manage';

const header = (req: Request, name: string) => {
  const value = req.headers[name.toLowerCase()];
  return typeof value === 'string' && value !== '' ? value : undefined;
};

/**
 * What every Microsoft Advertising call needs: the OAuth token (with the msads.manage scope) and the
 * DeveloperToken header. Throttling comes after authentication, as error 117 with HTTP 429.
 */
export function requireCaller(oauth: OAuthServer, controls: Controls): RequestHandler {
  return (req: Request, _res: Response, next: NextFunction) => {
    const authorization = header(req, 'Authorization');
    const grant = oauth.verify(authorization?.startsWith('Bearer ') ? authorization.slice(7) : undefined);
    if (grant === 'expired') {
      throw adApiFault(
        401,
        CODES.authenticationTokenExpired,
        'Authentication token expired. Please renew it or obtain a new token.',
      );
    }
    if (typeof grant === 'string' || !grant.scope.includes(MSADS_SCOPE)) {
      throw adApiFault(
        401,
        CODES.invalidCredentials,
        'Authentication failed. Either supplied credentials are invalid or the account is inactive.',
      );
    }
    if (!header(req, 'DeveloperToken')) {
      throw adApiFault(
        400,
        CODES.requestMissingHeaders,
        'One or more required header elements are missing from the request: DeveloperToken.',
      );
    }
    if (controls.takeThrottle()) {
      throw adApiFault(
        429,
        CODES.callRateExceeded,
        'You have exceeded the number of calls that you are allowed to make in a minute. Please reduce the number of calls that you make per minute.',
      );
    }
    next();
  };
}

/** The `CustomerId` header every Campaign Management and Reporting call carries (116 without it). */
function customerOf(req: Request): string {
  const customerId = header(req, 'CustomerId');
  if (!customerId) {
    throw adApiFault(
      400,
      CODES.requestMissingHeaders,
      'One or more required header elements are missing from the request: CustomerId.',
    );
  }
  return customerId;
}

/** Reporting: the customer is kept in `res.locals.customerId`; the accounts are the report scope's. */
export const requireCustomer: RequestHandler = (req, res, next) => {
  res.locals.customerId = customerOf(req);
  next();
};

/**
 * Campaign Management also wants `CustomerAccountId`: the account must be one the user reaches,
 * under the customer. The account is kept in `res.locals.account` for the handlers.
 */
export function requireAccount(state: MicrosoftAdsState): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const customerId = customerOf(req);
    const accountId = header(req, 'CustomerAccountId');
    if (!accountId) {
      throw operationFault(
        CODES.accountIdHasToBeSpecified,
        'The CustomerAccountId header element must be set.',
      );
    }
    const account = state.accounts.get(accountId);
    if (!account || account.account.ParentCustomerId !== customerId) {
      throw adApiFault(403, CODES.userIsNotAuthorized, 'The user is not authorized to perform this action.');
    }
    res.locals.account = account;
    next();
  };
}

export const accountOf = (res: Response): AccountState => res.locals.account as AccountState;
