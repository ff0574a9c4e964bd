import type { Request } from 'express';
import type { ConnectionRef } from '../connections/access-tokens.js';
import { actorOf } from '../domain/actor.js';
import { isPlatformId, PLATFORM_IDS } from '../domain/platform-ids.js';
import { AppError } from '../errors.js';
import type { Store } from '../store/index.js';
import { findCustomer } from './customers.js';

/** The customer (of this company) and platform (`:platform`) a `/v1/:platform/...` request is about. */
export async function platformScope(
  store: Store,
  req: Request,
  customerId: string | undefined,
): Promise<ConnectionRef> {
  const found = await findCustomer(store, req, customerId, 'customer');
  const platform = req.params.platform as string;
  if (!isPlatformId(platform)) {
    throw new AppError(
      'platform_not_found',
      `No platform "${platform}". Known: ${PLATFORM_IDS.join(', ')}.`,
      {
        param: 'platform',
      },
    );
  }
  return {
    company: found.company,
    customer: found.id,
    platform,
    ...(req.auth ? { actor: actorOf(req.auth) } : {}),
  };
}
