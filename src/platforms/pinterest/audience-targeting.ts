import type { AudienceTargeting } from '../../adsets/model.js';
import type { ParamSource } from './errors.js';
import type { TargetingSpec } from './model.js';

/**
 * The targeting spec with its audiences replaced by an AudienceTargeting's (ids of the ad account's
 * audiences); an empty list is left out, which is how an ad group targets no audience.
 */
export function withAudiences(spec: TargetingSpec, targeting: AudienceTargeting): TargetingSpec {
  const { AUDIENCE_INCLUDE: _include, AUDIENCE_EXCLUDE: _exclude, ...rest } = spec;
  return {
    ...rest,
    ...(targeting.include.length > 0 ? { AUDIENCE_INCLUDE: targeting.include } : {}),
    ...(targeting.exclude.length > 0 ? { AUDIENCE_EXCLUDE: targeting.exclude } : {}),
  };
}

/** The audience fields with the AudienceTargeting at `targetings[i]` they come from. */
export const audienceSources = (i: number): ParamSource[] => [
  ['AUDIENCE_INCLUDE', `targetings[${i}].include`],
  ['AUDIENCE_EXCLUDE', `targetings[${i}].exclude`],
];
