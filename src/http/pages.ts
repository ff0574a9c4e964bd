import { randomBytes } from 'node:crypto';
import ejs from 'ejs';
import type { Response } from 'express';
import { type Locale, locale } from '../locales/i18n.js';
import { PACKAGE_ROOT } from '../package-root.js';

const VIEWS = `${PACKAGE_ROOT}views/`;
const english = locale();

export interface PageOptions {
  status?: number;
  title: string;
  /** Extra CSP form-action sources: where this page's forms may lead (e.g. a platform's authorize URL). */
  formAction?: string[];
  scripts?: string[];
  brand?: string;
  [key: string]: unknown;
}

/**
 * Renders views/<view>.ejs inside views/layout.ejs. Every page is no-store, has a strict CSP whose only
 * scripts are our own files with this response's nonce, sends no Referer, and cannot be framed.
 */
export async function renderPage(res: Response, view: string, options: PageOptions, l: Locale = english) {
  const nonce = randomBytes(16).toString('base64');
  const data = {
    ...options,
    brand: options.brand ?? 'adlink',
    locale: l,
    nonce,
    scripts: options.scripts ?? [],
  };
  const ejsOptions = { async: true, root: VIEWS, views: [VIEWS], cache: true };
  const body = await ejs.renderFile(`${VIEWS}${view}.ejs`, data, ejsOptions);
  const html = await ejs.renderFile(`${VIEWS}layout.ejs`, { ...data, body }, ejsOptions);
  const formAction = ["'self'", ...(options.formAction ?? [])].join(' ');
  res
    .status(options.status ?? 200)
    .set({
      'Content-Security-Policy': `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'self'; img-src 'self' data:; form-action ${formAction}; frame-ancestors 'none'; base-uri 'none'; object-src 'none'`,
      'Cache-Control': 'no-store',
      'Referrer-Policy': 'no-referrer',
    })
    .type('html')
    .send(html);
}
