import type { ErrorRequestHandler, Request, Response } from 'express';
import type { Logger } from 'pino';
import { AppError, logFailure, toAppError } from '../errors.js';
import type { PageOptions } from '../http/pages.js';
import type { Locale } from '../locales/i18n.js';
import type { HostedBrand } from './flow.js';
import { FlowPage, pageBody, pageTitle } from './flow-page.js';

/** What the layout shows of a company; nothing (adlink's look) when the company is not known. */
export type Brand = Partial<HostedBrand>;

export interface MessageContext {
  brand: Brand;
  l: Locale;
}

/** Under /connections every failure is a page: the friendly ones for flow states, a generic one otherwise. */
export function pageErrorHandler(
  log: Logger,
  contextOf: (req: Request, err: unknown) => Promise<MessageContext>,
  show: (res: Response, view: string, l: Locale, brand: Brand, options: PageOptions) => Promise<void>,
  formTokenOf: (req: Request) => Promise<string | undefined>,
): ErrorRequestHandler {
  return async (err, req, res, _next) => {
    try {
      const { brand, l } = await contextOf(req, err);
      const code = err instanceof FlowPage ? err.page : toAppError(err).code;
      const message = (title: string, body: string, options: Partial<PageOptions>) =>
        show(res, 'connections/message', l, brand, {
          title,
          heading: title,
          message: body,
          openerMessage: { type: 'error', code },
          ...options,
        });
      if (err instanceof FlowPage) {
        if (err.page === 'rate_limited') res.set('Retry-After', err.vars.seconds ?? '60');
        const vars = { ...err.vars, vendor: err.vars.vendor || brand.brand || l.t('layout.vendor_fallback') };
        const atPlatform = err.retry !== undefined && 'platform' in err.retry;
        const retry = atPlatform ? { ...err.retry, formToken: await formTokenOf(req) } : err.retry;
        return await message(l.t(pageTitle(err.page), vars), l.t(pageBody(err.page), vars), {
          status: err.status,
          retry,
          ...(atPlatform ? { step: 'choose' } : {}),
        });
      }
      const appError = err instanceof AppError && err.status < 500 ? err : toAppError(err);
      logFailure(log, appError, req.id);
      if (appError.status < 500) {
        return await message(l.t('error.link_invalid.title'), l.t('error.link_invalid.body'), {
          status: appError.status,
        });
      }
      res.set(appError.headers);
      const unavailable = appError.status === 503;
      await message(
        l.t(unavailable ? 'error.unavailable.title' : 'error.title'),
        unavailable ? l.t('error.unavailable.body') : l.t('error.internal.body', { request_id: req.id }),
        { status: appError.status, retry: { overview: true } },
      );
    } catch (renderError) {
      log.error({ err: renderError, request_id: req.id }, 'could not render the error page');
      if (!res.headersSent) res.status(500).type('text').send(`Something went wrong. Reference: ${req.id}`);
    }
  };
}
