import type { Request } from 'express';

/**
 * Whether a state-changing request comes from one of our own pages. Our pages send no Referer, and
 * under that policy browsers send `Origin: null` on form POSTs; that is accepted only together with
 * `Sec-Fetch-Site: same-origin`.
 */
export function fromOurOrigin(req: Request, ourOrigin: string): boolean {
  const origin = req.get('origin');
  const site = req.get('sec-fetch-site');
  const ours = origin === ourOrigin || (origin === 'null' && site === 'same-origin');
  return (origin === undefined || ours) && site !== 'cross-site';
}
