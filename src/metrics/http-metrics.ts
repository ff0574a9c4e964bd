import type { RequestHandler } from 'express';
import { routeTemplate } from '../http/route-template.js';
import type { Metrics } from './metrics.js';

/** Every response's duration, by method, route template (never the path: ids) and status. */
export function httpMetrics(metrics: Metrics): RequestHandler {
  return (req, res, next) => {
    const stop = metrics.httpDuration.startTimer();
    res.on('finish', () => stop({ method: req.method, route: routeTemplate(req), status: res.statusCode }));
    next();
  };
}
