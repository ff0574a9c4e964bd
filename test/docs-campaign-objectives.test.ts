import { describe, expect, it } from 'vitest';
import { isManaged } from '../src/campaigns/port.js';
import { PLATFORM_IDS } from '../src/domain/platform-ids.js';
import { ADAPTERS } from '../src/platforms/adapters.js';
import { platformCatalog } from '../src/platforms/catalog.js';
import { readDoc } from './support/docs.js';

/** The objectives-per-platform table of docs/ad-sets-and-campaigns.md says what each adapter's campaign capabilities declare. */

const page = readDoc('docs/ad-sets-and-campaigns.md');

function objectivesTable(): Map<string, string> {
  const start = page.indexOf('| platform | objectives |');
  expect(start, 'the page has the objectives table').toBeGreaterThan(0);
  const rows = page.slice(start).split('\n').slice(2);
  const table = new Map<string, string>();
  for (const row of rows) {
    const cells = /^\| `([a-z]+)` \| (.+) \|$/.exec(row);
    if (!cells) break;
    table.set(cells[1]!, cells[2]!);
  }
  return table;
}

describe('docs/ad-sets-and-campaigns.md: objectives per platform', () => {
  it("lists, for every platform, its adapter's campaign objectives, or says it has none yet", () => {
    const catalog = platformCatalog('http://localhost:3000');
    const expected = new Map<string, string>();
    for (const id of PLATFORM_IDS) {
      const adapter = ADAPTERS[id]?.(catalog[id], { timeoutMs: 1000 });
      if (!adapter) continue;
      const objectives = isManaged(adapter.campaigns) ? adapter.campaigns.capabilities.objectives : undefined;
      expected.set(
        id,
        objectives === undefined
          ? 'not yet'
          : objectives.length === 0
            ? 'none: the API cannot create campaigns'
            : objectives.map((o) => `\`${o}\``).join(', '),
      );
    }
    expect(objectivesTable()).toEqual(expected);
  });
});
