import type { Platforms } from '../ports/platforms.js';

const listed = (items: readonly string[]) => (items.length > 0 ? items.join(', ') : 'none');

/**
 * What each platform of this deployment declares it can do with ad sets, added to the descriptions of
 * the tools that create and change them: an agent can read before it calls what the service would
 * refuse with `unsupported_for_platform`.
 */
export function platformNotes(platforms: Platforms): Map<string, string> {
  const declared = platforms
    .available()
    .map((id) => [id, platforms.adapter(id).adSets.capabilities] as const);
  const refused = 'anything else is 400 `unsupported_for_platform`, before the platform is called';
  const create = declared.map(
    ([id, c]) =>
      `- ${id}: channel kinds ${listed(c.channelKinds)}; settings ${listed(c.settings)}; targetings ${listed(c.targetings)}; statuses ${listed(c.createStatuses)}; the budget on the ${c.budgetLevel}, the objective on the ${c.objectiveLevel}.`,
  );
  const update = declared.map(
    ([id, c]) =>
      `- ${id}: statuses ${listed(c.updateStatuses)}; settings ${listed(c.updates.settings)}; targetings ${listed(c.updates.targetings)}${c.updates.budgetKindChange ? '; the budget may change kind' : ''}.`,
  );
  return new Map([
    ['create_ad_set', `What each platform here takes (${refused}):\n${create.join('\n')}`],
    [
      'update_ad_set',
      `What each platform here can change besides the name (${refused}):\n${update.join('\n')}`,
    ],
  ]);
}
