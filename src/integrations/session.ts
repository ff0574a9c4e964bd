import { timingSafeEqual } from 'node:crypto';
import express, { type Request, type RequestHandler, type Response } from 'express';
import type { Config } from '../config.js';
import { readCookie } from '../http/cookies.js';
import { fromOurOrigin } from '../http/same-origin.js';
import type { Store } from '../store/index.js';
import { VENDOR_SESSION_IDLE_MS, type VendorSession } from '../store/vendor-sessions.js';

declare global {
  namespace Express {
    interface Request {
      /** Set by `requireVendor`: the signed-in vendor's session on the integrations pages. */
      vendor?: VendorSession & { sessionId: string };
    }
  }
}

/** A refusal on the integrations pages, rendered as a page by the integrations error handler. */
export class VendorPageError extends Error {
  constructor(
    readonly kind: 'signed_out' | 'forbidden' | 'not_found' | 'link_invalid',
    readonly status: number,
  ) {
    super(kind);
  }
}

export function vendorCookie(config: Config) {
  const name = config.secureCookies ? '__Host-adlink_vendor' : 'adlink_vendor';
  const options = { httpOnly: true, sameSite: 'strict' as const, secure: config.secureCookies, path: '/' };
  return {
    name,
    read: (req: Request) => readCookie(req, name),
    set: (res: Response, id: string) => res.cookie(name, id, { ...options, maxAge: VENDOR_SESSION_IDLE_MS }),
    clear: (res: Response) => res.clearCookie(name, options),
  };
}

/** Loads the vendor's session from its cookie, or refuses with the "sign in" page. */
export function requireVendor(store: Store, config: Config): RequestHandler {
  const cookie = vendorCookie(config);
  return async (req, _res, next) => {
    const id = cookie.read(req);
    const session = id ? await store.vendorSessions.useSession(id) : null;
    if (!id || !session) throw new VendorPageError('signed_out', 401);
    req.vendor = { ...session, sessionId: id };
    next();
  };
}

const sameToken = (a: string, b: string) => {
  const [x, y] = [Buffer.from(a), Buffer.from(b)];
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * Every state-changing form: the session's synchronizer token in `_csrf`, sent from our own origin
 * (the cookie is SameSite=Strict as well).
 */
export function csrfProtected(config: Config): RequestHandler {
  const ourOrigin = new URL(config.publicBaseUrl).origin;
  return (req, _res, next) => {
    const given = (req.body as Record<string, unknown> | undefined)?._csrf;
    if (!fromOurOrigin(req, ourOrigin) || typeof given !== 'string' || !sameToken(given, req.vendor!.csrf)) {
      throw new VendorPageError('forbidden', 403);
    }
    next();
  };
}

/** The form parser and the session for every path; the CSRF check for the POSTs among them. */
export function formGuards({ config, store }: { config: Config; store: Store }): RequestHandler[] {
  const csrf = csrfProtected(config);
  const form = express.urlencoded({ extended: false, limit: '20kb', parameterLimit: 20 });
  const postsOnly: RequestHandler = (req, res, next) =>
    req.method === 'POST' ? csrf(req, res, next) : next();
  return [requireVendor(store, config), form, postsOnly];
}
