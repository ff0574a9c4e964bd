import fc from 'fast-check';
import { NEXT_YEAR } from './adsets-scenario.js';

/** Generators of settings (and their faults) shared by the ad-set and campaign property tests. */

export type Json = Record<string, unknown>;

const OFFSETS: [string, number][] = [
  ['Z', 0],
  ['+01:00', 60],
  ['-05:00', -300],
  ['+05:30', 330],
  ['-09:30', -570],
];
/** An instant ahead (next year or later), written with one of several offsets. */
const instant = (seconds: number, [suffix, minutes]: [string, number]) =>
  `${new Date(Date.UTC(NEXT_YEAR, 0, 1) + seconds * 1000 + minutes * 60_000).toISOString().slice(0, 19)}${suffix}`;

export const budget = fc.record({
  kind: fc.constantFrom('DailyBudget', 'TotalBudget'),
  budget: fc.integer({ min: 1, max: 10_000_000 }).map((cents) => cents / 100),
  currency: fc.constant('EUR'),
});
export const runtime = fc
  .record({
    start: fc.integer({ min: 0, max: 300 * 86_400 }),
    length: fc.option(fc.integer({ min: 1, max: 120 * 86_400 }), { nil: undefined }),
    startOffset: fc.constantFrom(...OFFSETS),
    endOffset: fc.constantFrom(...OFFSETS),
  })
  .map(({ start, length, startOffset, endOffset }) => ({
    kind: 'Runtime',
    start: instant(start, startOffset),
    ...(length === undefined ? {} : { end: instant(start + length, endOffset) }),
  }));
/** Some kinds, each at most once, in any order. */
export const someOf = (arbs: fc.Arbitrary<Json>[], minLength: number): fc.Arbitrary<Json[]> =>
  fc
    .subarray(arbs, { minLength })
    .chain((chosen): fc.Arbitrary<Json[]> => (chosen.length ? fc.tuple(...chosen) : fc.constant([])))
    .chain((list) => fc.shuffledSubarray(list, { minLength: list.length }));

/** The request body of a change: the lists it has entries in. */
export const bodyOf = (change: object) =>
  Object.fromEntries(Object.entries(change).filter(([, list]) => (list as unknown[]).length > 0));

export const settingFaults = (s: Json): fc.Arbitrary<[Json, string, string]> => {
  const unknownField = fc.constant<[Json, string, string]>([
    { ...s, pacing: 1 },
    'unknown_parameter',
    '.pacing',
  ]);
  const unknownKind = fc.constant<[Json, string, string]>([
    { ...s, kind: 'BidCap' },
    'invalid_request',
    '.kind',
  ]);
  switch (s.kind) {
    case 'Runtime':
      return fc.oneof(
        unknownField,
        unknownKind,
        fc
          .constantFrom(
            `${NEXT_YEAR}-01-20T00:00:00`,
            `${NEXT_YEAR}-01-20`,
            `${NEXT_YEAR}-01-20T00:00:00.250Z`,
            'soon',
            '',
            7,
          )
          .map((start): [Json, string, string] => [{ ...s, start }, 'invalid_request', '.start']),
        fc.constant<[Json, string, string]>([{ ...s, end: s.start }, 'invalid_request', '.end']),
      );
    case 'Objective':
      return fc.oneof(
        unknownField,
        fc
          .constantFrom('', '  ', 'x'.repeat(101), null)
          .map((o): [Json, string, string] => [{ ...s, objective: o }, 'invalid_request', '.objective']),
      );
    default:
      return fc.oneof(
        unknownField,
        unknownKind,
        fc
          .constantFrom(0, -5, '12', null, 1e13)
          .map((b): [Json, string, string] => [{ ...s, budget: b }, 'invalid_request', '.budget']),
        fc
          .constantFrom('eur', 'EURO', '', 7)
          .map((c): [Json, string, string] => [{ ...s, currency: c }, 'invalid_request', '.currency']),
      );
  }
};

/** Budgets are one kind; every other setting kind is its own. */
export const group = (s: Json) =>
  s.kind === 'DailyBudget' || s.kind === 'TotalBudget' ? 'budget' : String(s.kind);
/** A setting as compared: Runtime instants whatever offset they are written with. */
export const normalized = (s: Json) =>
  s.kind === 'Runtime'
    ? {
        kind: 'Runtime',
        start: Date.parse(String(s.start)),
        end: s.end === undefined ? null : Date.parse(String(s.end)),
      }
    : s;

export const byKind = (a: { kind?: unknown }, b: { kind?: unknown }) =>
  String(a.kind).localeCompare(String(b.kind));
