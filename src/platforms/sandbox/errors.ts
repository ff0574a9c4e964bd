import { PlatformError } from '../../ports/platform-error.js';
import type { PlatformAnswer } from '../platform-fetch.js';

/** The unified parameter each field of the sandbox's bodies is (its schedule and budget are settings). */
export const UNIFIED_PARAMS: Record<string, string> = {
  id: 'id',
  name: 'name',
  status: 'status',
  objective: 'objective',
  channel: 'channelKind',
  campaign_id: 'parentId',
  budget: 'settings',
  start_time: 'settings',
  end_time: 'settings',
  targeting: 'targetings',
};

/** A 400 of the sandbox's own validation: its message, naming the unified parameter (`params`). */
export const sandboxRefusal =
  (params: Record<string, string>) =>
  ({ status, body }: PlatformAnswer): PlatformError | undefined => {
    const error = (body as { error?: { code?: string; message?: string; param?: string } } | null)?.error;
    if (status !== 400 || error?.code !== 'invalid_request' || typeof error.message !== 'string')
      return undefined;
    const param = error.param === undefined ? undefined : params[error.param.split('.')[0]!];
    return new PlatformError('invalid', error.message, undefined, status, error.code, param);
  };

/**
 * A 404 from the sandbox means the object is not there (or another user's); a 403
 * `account_not_granted` that it is in an ad account the customer did not share. Either way it is
 * not the customer's: null, not an error.
 */
export async function orNull<T>(work: Promise<T>): Promise<T | null> {
  try {
    return await work;
  } catch (err) {
    if (err instanceof PlatformError && (err.status === 404 || err.code === 'account_not_granted')) {
      return null;
    }
    throw err;
  }
}
