import { describe, expect, it } from 'vitest';
import { PLATFORM_IDS } from '../src/domain/platform-ids.js';
import { ADAPTERS } from '../src/platforms/adapters.js';
import { platformCatalog } from '../src/platforms/catalog.js';
import { readDoc } from './support/docs.js';

/** The reports table of docs/reports.md says what each adapter's report capabilities declare. */

const page = readDoc('docs/reports.md');

function reportsTable(): Map<string, string[]> {
  const start = page.indexOf('| platform | metrics | conversions | lookback (days) |');
  expect(start, 'the page has the reports table').toBeGreaterThan(0);
  const table = new Map<string, string[]>();
  for (const row of page.slice(start).split('\n').slice(2)) {
    const cells = /^\| `([a-z]+)` \| (.+) \| (.+) \| (.+) \|$/.exec(row);
    if (!cells) break;
    table.set(cells[1]!, cells.slice(2));
  }
  return table;
}

describe('docs/reports.md: reports per platform', () => {
  it("lists, for every platform, its adapter's metrics, conversions and lookback, or says not yet", () => {
    const catalog = platformCatalog('http://localhost:3000');
    const expected = new Map<string, string[]>();
    for (const id of PLATFORM_IDS) {
      const adapter = ADAPTERS[id]?.(catalog[id], { timeoutMs: 1000 });
      if (!adapter) continue;
      const reports = adapter.reports?.capabilities;
      expected.set(
        id,
        reports
          ? [
              reports.metrics.map((m) => `\`${m}\``).join(', '),
              reports.conversions,
              String(reports.lookbackDays),
            ]
          : ['not yet', '—', '—'],
      );
    }
    expect(reportsTable()).toEqual(expected);
  });
});
