import type { Request, Response } from 'express';
import { ERROR_CODES, invalid, requestId, SnapError, sendEntities } from './envelope.js';

/** What became of one entity of a batch write: written, or refused with what was sent. */
export type Outcome<T> = { entity: T } | { error: SnapError; sent: unknown };

/** The entities of a batch write body, `{"<plural>": [{…}]}`. */
export function entitiesOf(req: Request, plural: string): unknown[] {
  const entities = (req.body as Record<string, unknown> | undefined)?.[plural];
  if (!Array.isArray(entities) || entities.length === 0) throw invalid(plural, 'must be a non-empty list');
  return entities;
}

/** One entity's write; a refusal is kept for the answer instead of failing the others. */
export function attempt<T>(sent: unknown, work: () => T): Outcome<T> {
  try {
    return { entity: work() };
  } catch (err) {
    if (!(err instanceof SnapError)) throw err;
    return { error: err, sent };
  }
}

/** Every entity succeeded: SUCCESS. Any failed: HTTP 400 ERROR, the others still applied. */
export function answerBatch<T>(
  res: Response,
  [plural, singular]: [string, string],
  outcomes: Outcome<T>[],
  render: (entity: T) => object,
): void {
  const failed = outcomes.find((o): o is Extract<Outcome<T>, { error: SnapError }> => 'error' in o);
  if (!failed) {
    sendEntities(
      res,
      plural,
      singular,
      outcomes.map((o) => render((o as { entity: T }).entity)),
    );
    return;
  }
  res.status(400).json({
    request_status: 'ERROR',
    request_id: requestId(),
    debug_message: failed.error.message,
    display_message: failed.error.message,
    error_code: ERROR_CODES.invalid,
    [plural]: outcomes.map((o) =>
      'error' in o
        ? { sub_request_status: 'ERROR', sub_request_error_reason: o.error.message, [singular]: o.sent }
        : { sub_request_status: 'SUCCESS', [singular]: render(o.entity) },
    ),
  });
}
