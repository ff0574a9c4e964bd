import type { Request, RequestHandler } from 'express';
import { OWN_CUSTOMER } from '../domain/own-customer.js';
import { AppError } from '../errors.js';

/**
 * What a request's token may do. A company token acts for its whole company. An access token acts for
 * one customer of it, within its scope: `read` for GET and HEAD, `write` for every method. Every
 * vendor route is behind one of two guard lists, so a route refuses access tokens unless it is one
 * that acts for a single customer.
 */
export interface VendorGuards {
  /** Endpoints about the whole company: an access token is refused. */
  company: RequestHandler[];
  /** Endpoints that act for one customer: an access token may, for its own customer, within its scope. */
  customer: RequestHandler[];
}

/** A request that changes something: an access token needs the `write` scope (RFC 6750's insufficient_scope). */
export function requireWriteScope(req: Request): void {
  if (req.auth?.scope === 'read') {
    throw new AppError(
      'insufficient_scope',
      'This access token may only read; this request needs an access token with the write scope.',
      { headers: { 'WWW-Authenticate': 'Bearer realm="adlink", error="insufficient_scope", scope="write"' } },
    );
  }
}

export const companyTokenOnly: RequestHandler = (req, _res, next) => {
  if (req.auth?.customer !== undefined) {
    throw new AppError(
      'company_token_required',
      'This endpoint is about the whole company: an access token acts only for its customer. Send the company token.',
    );
  }
  next();
};

/** GET and HEAD read; every other method changes something. */
export const customerAccess: RequestHandler = (req, _res, next) => {
  if (req.method !== 'GET' && req.method !== 'HEAD') requireWriteScope(req);
  next();
};

/**
 * The id of the customer a request acts for: the one it names (`param`, a query parameter or a path
 * segment), which an access token may name only as its own. Naming none, an access token acts for its
 * own customer and a company token for the company's own ad accounts (the built-in customer).
 */
export function actingFor(req: Request, named: string | undefined, param: string): string {
  const own = req.auth!.customer;
  if (own === undefined) return named ?? OWN_CUSTOMER;
  if (named !== undefined && named !== own) {
    throw new AppError('customer_not_allowed', `This access token acts only for its own customer, ${own}.`, {
      param,
    });
  }
  return own;
}
