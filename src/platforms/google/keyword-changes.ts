import type { TaggedOperation } from './campaign-body.js';
import type { GoogleRow } from './mapping.js';

/** The unified model has no match type; new keywords are broad match, Google's recommended default. */
export const MATCH_TYPE = 'BROAD';

/** A keyword criterion to create in an ad group (a real or a temporary resource name). */
export const keywordCreate = (adGroup: string, text: string) => ({
  adGroupCriterionOperation: {
    create: { adGroup, status: 'ENABLED', keyword: { text, matchType: MATCH_TYPE } },
  },
});

/**
 * The criterion operations that make an ad group's keywords the `wanted` list (targeting `i` of an
 * update): keywords no longer wanted are removed, new ones created, the ones that stay untouched
 * (whatever their match type).
 */
export function keywordReplacement(
  adGroup: string,
  current: GoogleRow[],
  wanted: string[],
  i: number,
): TaggedOperation[] {
  const kept = new Set<string>();
  const removes: TaggedOperation[] = [];
  for (const row of current) {
    const text = row.adGroupCriterion?.keyword?.text ?? '';
    const name = row.adGroupCriterion?.resourceName;
    if (wanted.includes(text) && !kept.has(text)) kept.add(text);
    else if (name) {
      removes.push({
        operation: { adGroupCriterionOperation: { remove: name } },
        params: {},
        fallback: `targetings[${i}]`,
      });
    }
  }
  const creates = wanted.flatMap((text, k) =>
    kept.has(text) || wanted.indexOf(text) !== k
      ? []
      : [
          {
            operation: keywordCreate(adGroup, text),
            params: {},
            fallback: `targetings[${i}].keywords[${k}]`,
          },
        ],
  );
  return [...removes, ...creates];
}
