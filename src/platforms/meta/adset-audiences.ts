import type { AudienceTargeting } from '../../adsets/model.js';
import type { ParamSource } from './errors.js';
import type { GraphTargeting } from './model.js';

/**
 * A targeting spec with its custom audiences replaced by an AudienceTargeting's: `custom_audiences`
 * and `excluded_custom_audiences`, lists of `{id}`. An empty list is left out, which removes it (Meta
 * replaces the whole spec); every other criterion stays as it is.
 */
export function withAudiences(spec: GraphTargeting, { include, exclude }: AudienceTargeting): GraphTargeting {
  const { custom_audiences: _included, excluded_custom_audiences: _excluded, ...rest } = spec;
  const list = (ids: string[]) => ids.map((id) => ({ id }));
  return {
    ...rest,
    ...(include.length ? { custom_audiences: list(include) } : {}),
    ...(exclude.length ? { excluded_custom_audiences: list(exclude) } : {}),
  };
}

/** Where Meta's refusal of an audience came from: the id it names, else the list. */
export function audienceSources({ include, exclude }: AudienceTargeting, i: number): ParamSource[] {
  const ids = (list: 'include' | 'exclude', given: string[]): ParamSource[] =>
    given.map((id, j) => [id, `targetings[${i}].${list}[${j}]`]);
  return [
    ...ids('include', include),
    ...ids('exclude', exclude),
    ['excluded_custom_audiences', `targetings[${i}].exclude`],
    ['custom_audiences', `targetings[${i}].include`],
  ];
}
