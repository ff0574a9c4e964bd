import type { Request, RequestHandler } from 'express';
import { remember } from '../bounded-map.js';
import type { TokenOwner } from '../store/companies.js';
import { type GatedWrite, type Kv, type Read, type ReadPlan, readPlans } from '../store/kv.js';

/** A write decided ahead, for the gate to make (Kv.GatedWrite), without what the gate adds itself. */
export type WriteAhead = Omit<GatedWrite, 'limit' | 'unchanged'>;

declare global {
  namespace Express {
    interface Request {
      /** Offered by the route in front of `authenticate`; `value` once read with the gate. */
      readsWithGate?: {
        plan: (owner: TokenOwner) => ReadPlan<unknown>;
        /** The route's write decided ahead (`readsWithGate`'s `ahead`) and its answer, for the gate to make. */
        ahead?: (owner: TokenOwner) => { write: Omit<GatedWrite, 'limit'>; answer: unknown } | undefined;
        value?: unknown;
        /** Set when the gate made `write`: what the route answers. */
        written?: unknown;
      };
    }
  }
}

/** Reads a process remembers for writes decided ahead; past this many it starts again. */
const MAX_REMEMBERED = 10_000;

/** What a route's reads answered last time: their answers, and the value made of them. */
interface Remembered<T> {
  reads: Read[];
  answers: unknown[];
  value: T;
}

/** The records `reads` name (not a count's bound, which moves with the clock). */
const recordsOf = (reads: Read[]) =>
  reads
    .map((read) => ('get' in read ? read.get : 'smembers' in read ? read.smembers : read.zcountFrom))
    .join('\n');

/**
 * The reads and their answers a write was decided from, as the gate compares them. Counts are left
 * out: they change with every write, and a write guards what it needs of one itself (`under`).
 */
const unchangedOf = ({ reads, answers }: Remembered<unknown>): GatedWrite['unchanged'] =>
  reads.flatMap<GatedWrite['unchanged'][number]>((read, i) =>
    'get' in read
      ? [{ get: read.get, value: answers[i] as string | null }]
      : 'smembers' in read
        ? [{ smembers: read.smembers, members: answers[i] as string[] }]
        : [],
  );

/**
 * What a vendor route reads first, once it knows the request's token owner (its company, and for an
 * access token its customer). `authenticate` sends these reads in the round trip of its gate when
 * this process already knows the token's owner, and keeps their values only when the gate confirms
 * the token still has that owner; otherwise (or when the gate could not take them) the route reads
 * them itself.
 *
 * `ahead`: the route's write, decided from the value these reads had the last time this process read
 * them for the same records (undefined: no write ahead, for a request the route would refuse, say).
 * The gate makes it in the same step only when it lets the request in within its budget and the
 * records still answer as they did then; the route then answers `written` and writes nothing itself,
 * else it goes on as without.
 */
export function readsWithGate<T, A = never>(
  plan: (req: Request, owner: TokenOwner) => ReadPlan<T>,
  ahead?: (req: Request, owner: TokenOwner, known: T) => { write: WriteAhead; answer: A } | undefined,
) {
  const remembered = new Map<string, Remembered<T>>();
  const remembering = (inner: ReadPlan<T>): ReadPlan<T> => ({
    reads: inner.reads,
    decode(answers) {
      const value = inner.decode(answers);
      if (ahead) {
        remember(remembered, MAX_REMEMBERED, recordsOf(inner.reads), { reads: inner.reads, answers, value });
      }
      return value;
    },
  });
  const writeFor = (req: Request, owner: TokenOwner) => {
    const known = ahead && remembered.get(recordsOf(plan(req, owner).reads));
    const decided = known && ahead(req, owner, known.value);
    if (!known || !decided) return undefined;
    return { write: { ...decided.write, unchanged: unchangedOf(known) }, answer: decided.answer };
  };
  const offer: RequestHandler = (req, _res, next) => {
    req.readsWithGate = {
      plan: (owner) => remembering(plan(req, owner)),
      ...(ahead ? { ahead: (owner: TokenOwner) => writeFor(req, owner) } : {}),
    };
    next();
  };
  /** The plan's value for the authenticated owner. */
  const read = async (req: Request, kv: Kv): Promise<T> => {
    const slot = req.readsWithGate;
    if (slot && 'value' in slot) return slot.value as T;
    const [value] = await readPlans(kv, remembering(plan(req, req.auth!)));
    return value;
  };
  /** The answer of the write the gate made for this request, if it made one. */
  const written = (req: Request): A | undefined => req.readsWithGate?.written as A | undefined;
  return { offer, read, written };
}
