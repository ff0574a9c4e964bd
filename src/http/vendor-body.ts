import express, { type RequestHandler } from 'express';

declare global {
  namespace Express {
    interface Request {
      /** Why a body read ahead of authentication did not read; refused once authenticated. */
      heldBodyError?: unknown;
    }
  }
}

/** The body limit named in `payload_too_large`. */
const LIMIT = '100kb';

/** Endpoints whose JSON bodies are larger (an audience's members: 10,000 entries), read by their routes. */
const LARGE_BODY = /\/audiences\/[^/]+\/members$/;

/** The bodies vendor endpoints take: JSON or a form. */
export function vendorBodyParsers(): RequestHandler[] {
  const json = express.json({ limit: LIMIT });
  return [
    (req, res, next) => (LARGE_BODY.test(req.path) ? next() : json(req, res, next)),
    express.urlencoded({ extended: false, limit: LIMIT, parameterLimit: 100 }),
  ];
}

/** The JSON body of an endpoint that takes a larger one (LARGE_BODY), up to 4 MB. */
export const largeJsonBody = (): RequestHandler => express.json({ limit: '4mb' });

/**
 * Vendor endpoints read their body after authentication. A route whose first store read is named in
 * its body (introspection: the session its token claims) reads it before, so that read can go in the
 * round trip of authentication (`readsWithGate`). A body that does not read is held, and refused only
 * after authentication (`refuseHeldBodyError`, in every vendor chain), so an unauthenticated request
 * is still told that first.
 */
export function bodyAhead(): RequestHandler {
  const [json, form] = vendorBodyParsers() as [RequestHandler, RequestHandler];
  return (req, res, next) => {
    const hold = (err: unknown) => {
      req.heldBodyError = err;
      next();
    };
    json(req, res, (err) => (err ? hold(err) : form(req, res, (err2) => (err2 ? hold(err2) : next()))));
  };
}

export const refuseHeldBodyError: RequestHandler = (req, _res, next) => next(req.heldBodyError);
