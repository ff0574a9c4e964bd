import { z } from 'zod';
import type { AdSetStatus } from '../domain/ad-set-statuses.js';
import type { ChannelKind } from '../domain/channel-kinds.js';
import { isCountryCode } from './countries.js';

/** The unified ad set, exactly as the API documents it. */
export { AD_SET_STATUSES, type AdSetStatus } from '../domain/ad-set-statuses.js';
export type { ChannelKind } from '../domain/channel-kinds.js';

const currency = z.string().regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code such as EUR');
const budget = z
  .number()
  .positive('must be greater than 0')
  .max(1e12, 'is too large')
  .refine((n) => Number.isFinite(n), 'must be a number');

/** An instant: ISO 8601 with an offset (or Z), to the second. */
const instant = z.iso.datetime({
  offset: true,
  precision: 0,
  error: 'must be an ISO 8601 date-time with an offset, to the second, such as 2026-05-01T00:00:00+02:00',
});
const runtime = z
  .strictObject({ kind: z.literal('Runtime'), start: instant, end: instant.optional() })
  .refine((r) => r.end === undefined || !(Date.parse(r.end) <= Date.parse(r.start)), {
    message: 'must be after start',
    path: ['end'],
  });

export const settingSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('DailyBudget'), budget, currency }),
  z.strictObject({ kind: z.literal('TotalBudget'), budget, currency }),
  z.strictObject({ kind: z.literal('Objective'), objective: z.string().trim().min(1).max(100) }),
  runtime,
]);
export type Setting = z.infer<typeof settingSchema>;
export type SettingKind = Setting['kind'];
export type Runtime = Extract<Setting, { kind: 'Runtime' }>;
export type Budget = Extract<Setting, { kind: 'DailyBudget' | 'TotalBudget' }>;
const BUDGET_KINDS: readonly SettingKind[] = ['DailyBudget', 'TotalBudget'];
export const isBudget = (s: Setting): s is Budget => BUDGET_KINDS.includes(s.kind);

// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;
const keyword = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(80, 'must be at most 80 characters')
  .refine((k) => !CONTROL_CHARACTERS.test(k), 'must not contain control characters');
const audienceId = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be an audience id: 1–64 letters, digits, _ or -');
const audienceIds = z.array(audienceId).max(100, 'at most 100 audiences').default([]);

/**
 * Customer-list audiences to include and to exclude, each id at most once. On create (`min` 1) it names
 * at least one; in an update both lists empty remove the ad set's audiences.
 */
const audienceTargetingSchema = (min: number) =>
  z
    .strictObject({
      kind: z.literal('AudienceTargeting'),
      include: audienceIds.describe(
        'Audiences (customer lists of the same ad account) the ad set delivers to.',
      ),
      exclude: audienceIds.describe('Audiences whose people the ad set never delivers to.'),
    })
    .superRefine(({ include, exclude }, ctx) => {
      const seen = new Set<string>();
      for (const [list, ids] of [
        ['include', include],
        ['exclude', exclude],
      ] as const) {
        ids.forEach((id, i) => {
          if (seen.has(id)) {
            const where =
              include.includes(id) && list === 'exclude' ? 'included and excluded' : 'given twice';
            ctx.addIssue({ code: 'custom', message: `${id} is ${where}`, path: [list, i] });
          }
          seen.add(id);
        });
      }
      if (seen.size < min) {
        ctx.addIssue({
          code: 'custom',
          message: 'name at least one audience to include or exclude',
          path: ['include'],
        });
      }
    });

/** Targetings whose lists hold at least `min` entries: 1 on create, 0 on update (none of that kind). */
const targetings = (min: number) =>
  z.discriminatedUnion('kind', [
    z.strictObject({ kind: z.literal('KeywordTargeting'), keywords: z.array(keyword).min(min).max(1000) }),
    z.strictObject({
      kind: z.literal('GeoTargeting'),
      type: z.literal('ZipcodeGeoTargeting'),
      zipcodes: z
        .array(
          z.strictObject({
            country: z.string().refine(isCountryCode, 'must be an ISO 3166-1 alpha-2 code such as DE'),
            zipcode: z.string().trim().min(1).max(16),
          }),
        )
        .min(min)
        .max(10_000),
    }),
    audienceTargetingSchema(min),
  ]);
export const targetingSchema = targetings(1);
/** A targeting in an update: it replaces the ad set's targeting of its kind; an empty list removes it. */
export const targetingChangeSchema = targetings(0);
export type Targeting = z.infer<typeof targetingSchema>;
export type TargetingKind = Targeting['kind'];
export type AudienceTargeting = Extract<Targeting, { kind: 'AudienceTargeting' }>;

/** The AudienceTargeting of lists a platform holds (ids sorted, as every adapter reads them back), or none. */
export const audienceTargeting = (
  include: Iterable<string>,
  exclude: Iterable<string>,
): AudienceTargeting[] => {
  const sorted = (ids: Iterable<string>) => [...new Set(ids)].sort();
  const targeting = {
    kind: 'AudienceTargeting' as const,
    include: sorted(include),
    exclude: sorted(exclude),
  };
  return targeting.include.length + targeting.exclude.length > 0 ? [targeting] : [];
};

export interface AdSet {
  id: string;
  name: string;
  platform: string;
  status: AdSetStatus;
  advertiser: string;
  parentId: string;
  channelKind: ChannelKind;
  settings: Setting[];
  targetings: Targeting[];
  /** When the platform created it (ISO 8601); orders lists. Not part of the API shape. */
  created_at: string;
}

export interface NewAdSet {
  name: string;
  advertiser: string;
  parentId: string;
  channelKind: ChannelKind;
  settings: Setting[];
  targetings: Targeting[];
  status: AdSetStatus;
}

export interface AdSetChanges {
  name?: string;
  status?: AdSetStatus;
  /** The setting kinds to replace (at most one of each; DailyBudget and TotalBudget are one budget). */
  settings?: Setting[];
  /** The targeting kinds to replace (one of each); an empty list removes that kind. */
  targetings?: Targeting[];
}
