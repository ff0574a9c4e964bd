import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MCP_PAGE, withToolsSection } from '../scripts/docs-mcp.js';
import { codeBlocks } from './support/docs.js';
import { type Harness, startHarness } from './support/harness.js';
import { sandboxCustomer } from './support/sandbox-customer.js';

/**
 * docs/mcp.md: its tool list is what src/mcp/tools.ts builds, and its exchange is what `/mcp` answers
 * (each ```json mcp-request block posted with a company token, the next ```json mcp-response block the
 * answer, where `…` in a string stands for any text).
 */

type Json = unknown;

/** Whether `actual` is `shown`, reading `…` in a shown string as any text. */
function matchesShown(shown: Json, actual: Json, at = '$'): string[] {
  if (typeof shown === 'string' && shown.includes('…') && typeof actual === 'string') {
    const [head, tail] = shown.split('…') as [string, string];
    return actual.startsWith(head) && actual.endsWith(tail) && actual.length >= head.length + tail.length
      ? []
      : [`${at}: ${JSON.stringify(actual)} is not ${JSON.stringify(shown)}`];
  }
  if (Array.isArray(shown) && Array.isArray(actual)) {
    if (shown.length !== actual.length)
      return [`${at}: ${actual.length} items, the page shows ${shown.length}`];
    return shown.flatMap((item, i) => matchesShown(item, actual[i], `${at}[${i}]`));
  }
  if (shown && actual && typeof shown === 'object' && typeof actual === 'object' && !Array.isArray(actual)) {
    const keys = [...new Set([...Object.keys(shown), ...Object.keys(actual)])];
    return keys.flatMap((key) =>
      matchesShown(
        (shown as Record<string, Json>)[key],
        (actual as Record<string, Json>)[key],
        `${at}.${key}`,
      ),
    );
  }
  return Object.is(shown, actual) ? [] : [`${at}: ${JSON.stringify(actual)} is not ${JSON.stringify(shown)}`];
}

describe('docs/mcp.md', () => {
  it('lists the tools the code builds (npm run docs:mcp)', async () => {
    const page = await readFile(MCP_PAGE, 'utf8');
    expect(page).toBe(withToolsSection(page));
    expect(page).toContain('| `update_ad_set` |');
  });

  describe('the exchange', () => {
    let h: Harness;
    let auth: string;
    let customer: string;
    const blocks = codeBlocks('docs/mcp.md').filter((b) => b.language === 'json' && b.tag.startsWith('mcp-'));

    beforeAll(async () => {
      h = await startHarness();
      const company = await h.company('Docs Vendor');
      auth = company.auth;
      customer = await sandboxCustomer(h, company, 'Bakery');
    });
    afterAll(() => h?.close());

    it('pairs every request with the answer shown after it', () => {
      expect(blocks.map((b) => b.tag)).toEqual([
        'mcp-request',
        'mcp-response',
        'mcp-request',
        'mcp-response',
      ]);
    });

    it('answers each request as the page shows', async () => {
      for (let i = 0; i < blocks.length; i += 2) {
        const [request, shown] = [blocks[i]!, blocks[i + 1]!];
        const res = await fetch(`${h.baseUrl}/mcp`, {
          method: 'POST',
          headers: {
            Authorization: auth,
            'Content-Type': 'application/json',
            Accept: 'application/json, text/event-stream',
          },
          body: request.code.replaceAll('<customer id>', customer),
        });
        expect(res.status).toBe(200);
        const mismatches = matchesShown(JSON.parse(shown.code), await res.json());
        expect(mismatches, `docs/mcp.md:${shown.line}`).toEqual([]);
      }
    });
  });
});
