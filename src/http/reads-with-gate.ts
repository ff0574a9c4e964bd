import type { Request, RequestHandler } from 'express';
import type { TokenOwner } from '../store/companies.js';
import { type Kv, type ReadPlan, readPlans } from '../store/kv.js';

declare global {
  namespace Express {
    interface Request {
      /** Offered by the route in front of `authenticate`; `value` once read with the gate. */
      readsWithGate?: { plan: (owner: TokenOwner) => ReadPlan<unknown>; value?: unknown };
    }
  }
}

/**
 * What a vendor route reads first, once it knows the request's token owner (its company, and for an
 * access token its customer). `authenticate` sends these reads in the round trip of its gate when
 * this process already knows the token's owner, and keeps their values only when the gate confirms
 * the token still has that owner; otherwise (or when the gate could not take them) the route reads
 * them itself.
 */
export function readsWithGate<T>(plan: (req: Request, owner: TokenOwner) => ReadPlan<T>) {
  const offer: RequestHandler = (req, _res, next) => {
    req.readsWithGate = { plan: (owner) => plan(req, owner) };
    next();
  };
  /** The plan's value for the authenticated owner. */
  const read = async (req: Request, kv: Kv): Promise<T> => {
    const slot = req.readsWithGate;
    if (slot && 'value' in slot) return slot.value as T;
    const [value] = await readPlans(kv, plan(req, req.auth!));
    return value;
  };
  return { offer, read };
}
