import type { Request, RequestHandler } from 'express';
import { type Kv, type ReadPlan, readPlans } from '../store/kv.js';

declare global {
  namespace Express {
    interface Request {
      /** Offered by the route in front of `authenticate`; `value` once read with the gate. */
      readsWithGate?: { plan: (company: string) => ReadPlan<unknown>; value?: unknown };
    }
  }
}

/**
 * What a vendor route reads first, once it knows the request's company. `authenticate` sends these
 * reads in the round trip of its gate when this process already knows the token's company, and keeps
 * their values only when the gate confirms the token is still that company's; otherwise (or when the
 * gate could not take them) the route reads them itself.
 */
export function readsWithGate<T>(plan: (req: Request, company: string) => ReadPlan<T>) {
  const offer: RequestHandler = (req, _res, next) => {
    req.readsWithGate = { plan: (company) => plan(req, company) };
    next();
  };
  /** The plan's value for the authenticated company. */
  const read = async (req: Request, kv: Kv): Promise<T> => {
    const slot = req.readsWithGate;
    if (slot && 'value' in slot) return slot.value as T;
    const [value] = await readPlans(kv, plan(req, req.auth!.company));
    return value;
  };
  return { offer, read };
}
