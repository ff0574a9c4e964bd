import type { AdSetChanges, NewAdSet } from '../../adsets/model.js';
import type { TaggedOperation } from './campaign-body.js';
import { adGroupParam, type FieldPathElement } from './errors.js';
import { keywordCreate } from './keyword-changes.js';
import { googleStatus } from './mapping.js';

/** Ad group types Google wants named on create, per campaign channel. */
const AD_GROUP_TYPES: Record<string, string> = { SEARCH: 'SEARCH_STANDARD', DISPLAY: 'DISPLAY_STANDARD' };
/** The temporary id that lets the keywords of a new ad group ride in the same atomic mutate. */
const NEW_AD_GROUP = '-1';

export const adGroupName = (customerId: string, id: string) => `customers/${customerId}/adGroups/${id}`;

/**
 * The `googleAds:mutate` body of a new ad group with its keywords (one atomic mutate), and the unified
 * parameter a failed operation's field path names.
 */
export function adGroupCreate(customerId: string, input: NewAdSet, channel: string | undefined) {
  const keywords = input.targetings.flatMap((t, i) =>
    t.kind === 'KeywordTargeting'
      ? t.keywords.map((text, k) => ({ text, param: `targetings[${i}].keywords[${k}]` }))
      : [],
  );
  const temporary = adGroupName(customerId, NEW_AD_GROUP);
  const type = AD_GROUP_TYPES[channel ?? ''];
  const paramFor = (path: FieldPathElement[]) => {
    const index = path[0]?.index ?? 0;
    return index === 0 ? adGroupParam(path) : keywords[index - 1]?.param;
  };
  const body = {
    mutateOperations: [
      {
        adGroupOperation: {
          create: {
            resourceName: temporary,
            name: input.name,
            status: googleStatus(input.status),
            campaign: `customers/${customerId}/campaigns/${input.parentId}`,
            ...(type ? { type } : {}),
          },
        },
      },
      ...keywords.map(({ text }) => keywordCreate(temporary, text)),
    ],
  };
  return { body, paramFor };
}

/** The ad group's own update of a change (name, status), or null when it changes neither. */
export function adGroupUpdate(name: string, changes: AdSetChanges): TaggedOperation | null {
  const update = {
    ...(changes.name === undefined ? {} : { name: changes.name }),
    ...(changes.status === undefined ? {} : { status: googleStatus(changes.status) }),
  };
  if (Object.keys(update).length === 0) return null;
  return {
    operation: {
      adGroupOperation: {
        update: { resourceName: name, ...update },
        updateMask: Object.keys(update).join(','),
      },
    },
    params: { name: 'name', status: 'status' },
    fallback: 'id',
  };
}
