import type { RequestHandler } from 'express';
import type { Store } from '../store/index.js';

/** What a hosted page tells the vendor's page that opened it (public/adlink.js); never a token. */
export type OpenerMessage =
  | { type: 'ready' }
  | { type: 'platform_connected'; platform: string }
  | { type: 'error'; code: string }
  | { type: 'done'; status: string; platforms: string[] };

/**
 * Page options for a hosted page that posts `message` to its opener: only to the origins of the
 * company's redirect URIs (public/opener.js posts to each; the browser delivers to the one that matches).
 */
export async function openerOptions(store: Store, company: string, message: OpenerMessage) {
  const { redirect_uris } = await store.settings.get(company);
  const origins = [...new Set(redirect_uris.map((uri) => new URL(uri).origin))];
  return { opener: { origins, message: JSON.stringify(message) } };
}

/**
 * The hosted flow may run in a popup of the vendor's page: its pages (and the sandbox's, which the
 * popup passes through) keep their opener instead of helmet's `same-origin` opener policy.
 */
export const keepOpener: RequestHandler = (_req, res, next) => {
  res.setHeader('Cross-Origin-Opener-Policy', 'unsafe-none');
  next();
};

/** The embed script is loaded by vendors' pages, other origins: helmet's resource policy would block it. */
export const embeddable: RequestHandler = (_req, res, next) => {
  res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
  next();
};
