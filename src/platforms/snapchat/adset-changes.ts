import { type AdSetChanges, isBudget, type Runtime } from '../../adsets/model.js';
import type { AdAccount } from '../../store/connections.js';
import { microUnits } from '../budget-units.js';
import { bidMicro, budgetFields, geoFields, segmentFields, segmentTargets, zipGeo } from './adset-body.js';
import type { FieldSource } from './errors.js';
import { SNAP_STATUS } from './mapping.js';
import type { SnapAdSquad, SnapGeo, SnapTargeting } from './model.js';

/** Derived fields a squad is read with that a full update does not send back. */
const DERIVED = ['delivery_status', 'deleted'];

/**
 * The whole squad a `PUT /campaigns/{id}/adsquads` writes for an update (Snap's update replaces the
 * squad: what is not sent is cleared), from the squad as Snap holds it, and the fields it changed
 * with their unified parameters. The budget keeps its kind; a squad adlink bids for automatically
 * (AUTO_BID) gets its bid cap recomputed from the new budget and run. A GeoTargeting replaces the
 * postal-code geos; geos of whole countries or regions stay. An AudienceTargeting replaces the
 * segments (both lists empty leave none); the rest of the targeting stays as Snap holds it.
 */
export function toSnapSquadChanges(
  changes: AdSetChanges,
  current: SnapAdSquad,
  account: AdAccount,
): { squad: Record<string, unknown>; fields: FieldSource[] } {
  const squad = Object.fromEntries(Object.entries(current).filter(([field]) => !DERIVED.includes(field)));
  const fields: FieldSource[] = [];
  if (changes.name !== undefined) squad.name = changes.name;
  if (changes.status !== undefined) squad.status = SNAP_STATUS[changes.status];
  changes.settings?.forEach((setting, i) => {
    if (isBudget(setting)) {
      const micros = microUnits(setting, `settings[${i}]`, account);
      if (setting.kind === 'DailyBudget') squad.daily_budget_micro = micros;
      else squad.lifetime_budget_micro = micros;
      fields.push(...budgetFields(`settings[${i}]`));
    } else if (setting.kind === 'Runtime') {
      squad.start_time = new Date(setting.start).toISOString();
      if (setting.end === undefined) delete squad.end_time;
      else squad.end_time = new Date(setting.end).toISOString();
      fields.push(['end_time', `settings[${i}].end`], ['start_time', `settings[${i}].start`]);
    }
  });
  if (squad.bid_strategy === 'AUTO_BID' && changes.settings?.length) {
    const runtime = { start: squad.start_time, end: squad.end_time } as Runtime;
    squad.bid_micro =
      typeof squad.lifetime_budget_micro === 'number'
        ? bidMicro('TotalBudget', squad.lifetime_budget_micro, runtime)
        : bidMicro('DailyBudget', squad.daily_budget_micro as number, runtime);
  }
  const targeting: SnapTargeting = { ...current.targeting };
  changes.targetings?.forEach((change, i) => {
    if (change.kind === 'GeoTargeting') {
      const kept = (current.targeting?.geos ?? []).filter((geo) => !geo.postal_code?.length);
      const zips = zipGeo(change, i);
      const geos: SnapGeo[] = zips ? [...kept, zips] : kept;
      targeting.geos = geos;
      fields.push(...geoFields(i), ['targeting', `targetings[${i}]`]);
    } else if (change.kind === 'AudienceTargeting') {
      const segments = segmentTargets(change);
      if (segments.length) targeting.segments = segments;
      else delete targeting.segments;
      fields.push(...segmentFields(i), ['targeting', `targetings[${i}]`]);
    }
  });
  if (changes.targetings?.length) squad.targeting = targeting;
  fields.push(['name', 'name'], ['status', 'status']);
  return { squad, fields };
}
