import { type AdSetChanges, isBudget } from '../../adsets/model.js';
import type { AdAccount } from '../../store/connections.js';
import { majorUnits } from '../budget-units.js';
import { audienceFields, tiktokTime } from './adset-body.js';
import type { FieldParams } from './errors.js';
import type { TikTokAdGroup } from './model.js';

const sameInstant = (tiktok: string | undefined, instant: string) =>
  tiktok !== undefined && tiktok === tiktokTime(new Date(instant));

/**
 * The `/adgroup/update/` body (AdgroupUpdateBody) for an update, and the unified names of its fields;
 * null when nothing but the status changes (that is `/adgroup/status/update/`). `current` is the ad
 * group as TikTok holds it: an unchanged start is not sent again (TikTok refuses a start more than 12
 * hours past), and `zipcodeIds` are the ids of the zip codes sent, looked up beforehand.
 */
export function adGroupUpdateBody(
  changes: AdSetChanges,
  current: TikTokAdGroup,
  account: AdAccount,
  zipcodeIds: string[] | undefined,
): { body: Record<string, unknown>; params: FieldParams } | null {
  const body: Record<string, unknown> = {};
  const params: FieldParams = { adgroup_name: 'name' };
  if (changes.name !== undefined) body.adgroup_name = changes.name;
  changes.settings?.forEach((setting, i) => {
    if (isBudget(setting)) {
      body.budget = majorUnits(setting, `settings[${i}]`, account);
      params.budget = `settings[${i}].budget`;
    } else if (setting.kind === 'Runtime') {
      const type = setting.end === undefined ? 'SCHEDULE_FROM_NOW' : 'SCHEDULE_START_END';
      if (type !== current.schedule_type) body.schedule_type = type;
      if (!sameInstant(current.schedule_start_time, setting.start)) {
        body.schedule_start_time = tiktokTime(new Date(setting.start));
      }
      if (
        setting.end !== undefined &&
        (type !== current.schedule_type || !sameInstant(current.schedule_end_time, setting.end))
      ) {
        body.schedule_end_time = tiktokTime(new Date(setting.end));
      }
      Object.assign(params, {
        schedule_type: `settings[${i}]`,
        schedule_start_time: `settings[${i}].start`,
        schedule_end_time: `settings[${i}].end`,
      });
    }
  });
  // TikTok keeps the targeting fields an update does not send: the other kinds stay as they are.
  const audiences = audienceFields(changes.targetings ?? []);
  Object.assign(body, audiences.body);
  Object.assign(params, audiences.params);
  changes.targetings?.forEach((targeting, i) => {
    if (targeting.kind !== 'GeoTargeting') return;
    body.zipcode_ids = zipcodeIds ?? [];
    // Without zip codes an ad group needs its other locations: TikTok's refusal names location_ids.
    Object.assign(params, { zipcode_ids: `targetings[${i}].zipcodes`, location_ids: `targetings[${i}]` });
  });
  if (Object.keys(body).length === 0) return null;
  return { body: { advertiser_id: account.id, adgroup_id: current.adgroup_id, ...body }, params };
}
