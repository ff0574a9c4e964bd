import { z } from 'zod';
import { invalid } from './envelope.js';
import { isoTime, parseObject } from './input.js';
import {
  ADSQUAD_TYPES,
  type AdSquad,
  type AdSquadValues,
  BID_STRATEGIES,
  BILLING_EVENTS,
  type Campaign,
  GEO_OPERATIONS,
  goalsOf,
  MIN_DAILY_BUDGET_MICRO,
  OPTIMIZATION_GOALS,
  PLACEMENT_CONFIGS,
  SEGMENT_OPERATIONS,
  STATUSES,
} from './model.js';
import type { Segment } from './segments.js';

/**
 * The ad squad objects `POST` and `PUT /v1/campaigns/{id}/adsquads` take, checked as the Ad Squads and
 * Targeting pages describe them (https://developers.snap.com/api/marketing-api/Ads-API/ad-squads and
 * …/targeting): every attribute those pages mark R is required here, each enum is theirs
 * (test/fixtures/snapchat/documented.json). A field Snap does not document is refused, so adlink cannot
 * rely on one the emulator would silently ignore.
 */

/** The emulator's cap on the segments one entry names (Snap's pages state none). */
export const MAX_TARGETED_SEGMENTS = 100;

const micro = z.number().int('must be an integer in micro-currency').positive('must be positive');
const POSTAL_CODE = /^[A-Za-z0-9][A-Za-z0-9 -]{1,9}$/;

const geo = z.strictObject({
  country_code: z.string().regex(/^[a-z]{2}$/, 'must be a lowercase ISO 3166-1 alpha-2 country code'),
  operation: z.enum(GEO_OPERATIONS).optional(),
  postal_code: z.array(z.string().regex(POSTAL_CODE, 'must be postal codes')).min(1).max(10_000).optional(),
});

/** A `segments` entry: the ids of customer lists (16-digit segment ids) and whether they are included. */
const segmentTarget = z.strictObject({
  segment_id: z
    .array(z.string().regex(/^\d{16}$/, 'must be a segment id'))
    .min(1, 'must name at least one segment')
    .max(MAX_TARGETED_SEGMENTS, `must name at most ${MAX_TARGETED_SEGMENTS} segments`),
  operation: z.enum(SEGMENT_OPERATIONS).optional(),
});

const targeting = z.strictObject({
  geos: z.array(geo).min(1, 'needs at least one geo'),
  segments: z.array(segmentTarget).optional(),
  demographics: z.array(z.looseObject({ languages: z.array(z.string()).optional() })).optional(),
  regulated_content: z.boolean().optional(),
});

export const adSquadSchema = z.strictObject({
  campaign_id: z.string(),
  name: z.string().min(1, 'must not be empty').max(375, 'must be at most 375 characters'),
  status: z.enum(STATUSES),
  type: z.enum(ADSQUAD_TYPES),
  billing_event: z.enum(BILLING_EVENTS),
  optimization_goal: z.enum(OPTIMIZATION_GOALS),
  placement_v2: z.strictObject({ config: z.enum(PLACEMENT_CONFIGS) }),
  targeting,
  bid_strategy: z.enum(BID_STRATEGIES).optional(),
  // R on the Ad Squads page, whatever the bid strategy.
  bid_micro: micro,
  daily_budget_micro: micro.optional(),
  lifetime_budget_micro: micro.optional(),
  start_time: isoTime.optional(),
  end_time: isoTime.optional(),
});

/** A full update is the object as read back: its id, and read-only fields that are ignored. */
export const adSquadUpdateSchema = adSquadSchema.extend({
  id: z.string(),
  ad_account_id: z.string().optional(),
  created_at: z.string().optional(),
  updated_at: z.string().optional(),
  delivery_status: z.array(z.string()).optional(),
});

/**
 * The segments a squad targets: each a customer list of the squad's own ad account (another account's,
 * a deleted or an unknown one is refused), each named once across the entries.
 */
function checkSegments(
  entries: z.infer<typeof segmentTarget>[] | undefined,
  account: string,
  segments: ReadonlyMap<string, Segment>,
) {
  const seen = new Set<string>();
  entries?.forEach((entry, i) => {
    entry.segment_id.forEach((id, j) => {
      const field = `targeting.segments.${i}.segment_id.${j}`;
      if (segments.get(id)?.ad_account_id !== account) {
        throw invalid(field, `${id} is no segment of ad account ${account}`);
      }
      if (seen.has(id)) throw invalid(field, `${id} is targeted twice`);
      seen.add(id);
    });
  });
}

/** Snap's rules that span fields, and the campaign the squad belongs to. */
function checked(
  values: z.infer<typeof adSquadSchema>,
  campaign: Campaign,
  segments: ReadonlyMap<string, Segment>,
  now: Date,
): AdSquadValues {
  const { campaign_id, ...squad } = values;
  if (campaign_id !== campaign.id) throw invalid('campaign_id', 'must be the campaign of the request path');
  const goals = goalsOf(campaign);
  if (!goals.includes(squad.optimization_goal)) {
    const objective = campaign.objective_v2_properties?.objective_v2_type ?? campaign.objective;
    throw invalid('optimization_goal', `must be one of ${goals.join(', ')} under a ${objective} campaign`);
  }
  if ((squad.daily_budget_micro === undefined) === (squad.lifetime_budget_micro === undefined)) {
    throw invalid(
      'daily_budget_micro',
      'exactly one of daily_budget_micro or lifetime_budget_micro must be set',
    );
  }
  if (squad.daily_budget_micro !== undefined && squad.daily_budget_micro < MIN_DAILY_BUDGET_MICRO) {
    throw invalid('daily_budget_micro', `must be at least ${MIN_DAILY_BUDGET_MICRO}`);
  }
  if (squad.lifetime_budget_micro !== undefined && squad.end_time === undefined) {
    throw invalid('end_time', 'is required with lifetime_budget_micro');
  }
  const start_time = squad.start_time ?? now.toISOString();
  if (squad.end_time !== undefined && Date.parse(squad.end_time) <= Date.parse(start_time)) {
    throw invalid('end_time', 'must be after start_time');
  }
  const languages = squad.targeting.demographics?.filter((d) => d.languages?.length) ?? [];
  if (squad.targeting.geos.length > 1 && languages.length !== 1) {
    throw invalid(
      'targeting.demographics',
      'multi-country targeting needs one demographics entry with languages',
    );
  }
  checkSegments(squad.targeting.segments, campaign.ad_account_id, segments);
  return { ...squad, start_time };
}

export function newAdSquad(
  raw: unknown,
  campaign: Campaign,
  segments: ReadonlyMap<string, Segment>,
  now: Date,
): AdSquadValues {
  return checked(parseObject(adSquadSchema, raw, 'an ad squad', 'adsquad'), campaign, segments, now);
}

/** The values of a full update of `current` (its id named in the object); a start that moves cannot move into the past. */
export function updatedAdSquad(
  raw: unknown,
  current: AdSquad,
  campaign: Campaign,
  segments: ReadonlyMap<string, Segment>,
  now: Date,
): AdSquadValues {
  const {
    id: _id,
    ad_account_id: _account,
    created_at: _created,
    updated_at: _updated,
    delivery_status: _delivery,
    ...values
  } = parseObject(adSquadUpdateSchema, raw, 'an ad squad', 'adsquad');
  const squad = checked({ start_time: current.start_time, ...values }, campaign, segments, now);
  const moved = Date.parse(squad.start_time) !== Date.parse(current.start_time);
  if (moved && Date.parse(squad.start_time) < now.getTime() - 60_000) {
    throw invalid('start_time', 'cannot be in the past');
  }
  return squad;
}
