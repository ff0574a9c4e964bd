import { describe, expect, it } from 'vitest';
import { linesStoppedAfterEach, ready } from './support/command-line.js';
import { enter, throughChoice } from './support/connect-helpers.js';
import { codeBlocks, docPages } from './support/docs.js';
import { FlowClient } from './support/flow-client.js';
import { consentAtEmulator } from './support/platform-suite.js';
import { freePort } from './support/redis-server.js';

/**
 * The docs' ```sh emulator blocks, run as a reader runs them in two terminals: the first line starts a
 * platform's emulator, the second `npm start` pointed at it. Only the ports are replaced (the
 * emulator's 4010 and adlink's 3000, by free ones). Then a customer connects through the emulator's
 * consent page and adlink lists its ad sets from the emulator: the commands wire the two together.
 */

const blocks = docPages()
  .flatMap(codeBlocks)
  .filter((block) => block.language === 'sh' && block.tag === 'emulator');

const run = linesStoppedAfterEach();

describe('the docs: starting an emulator and adlink against it', () => {
  it('every real platform page has its block', () => {
    const pages = blocks.map((block) => block.page);
    for (const platform of ['google', 'linkedin', 'meta', 'microsoft', 'pinterest', 'snapchat', 'tiktok']) {
      expect(pages).toContain(`docs/platforms/${platform}.md`);
    }
  });

  it.each(blocks.map((block) => [`${block.page}:${block.line}`, block] as const))(
    '%s: connects a customer through the emulator',
    async (_where, block) => {
      const lines = block.code.trim().split('\n');
      expect(lines).toHaveLength(2);
      const platform = /^npm run emulator -- ([a-z]+) --port 4010\b/.exec(lines[0]!)?.[1];
      expect(platform, lines[0]).toBeDefined();
      expect(lines[1]).toMatch(/^(?:[A-Z_]+=\S+ )+npm start$/);
      const [emulatorPort, adlinkPort] = [await freePort(), await freePort()];
      const emulator = run(lines[0]!.replace('--port 4010', `--port ${emulatorPort}`), {});
      await emulator.waitFor(/emulator listening on/);
      const adlink = run(lines[1]!.replaceAll('127.0.0.1:4010', `127.0.0.1:${emulatorPort}`), {
        PORT: String(adlinkPort),
        LOG_LEVEL: 'warn',
      });
      const api = `http://localhost:${adlinkPort}`;
      const token = /adl_live_[A-Za-z0-9_-]{43}/.exec(
        await adlink.waitFor(/sign-in link, valid 10 minutes/),
      )![0];
      await ready(api);
      const call = async (method: string, path: string, body?: object) => {
        const res = await fetch(`${api}${path}`, {
          method,
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: body && JSON.stringify(body),
        });
        const answer = (await res.json()) as { id: string; connect_url: string; data: unknown[] };
        expect(res.status, JSON.stringify(answer)).toBeLessThan(300);
        return answer;
      };

      const customer = (await call('POST', '/customers', { name: 'Docs reader' })).id;
      const link = await call('GET', `/customers/${customer}/connect?platforms=${platform}`);
      const browser = new FlowClient(api);
      await enter(browser, link.connect_url);
      const emulatorUrl = `http://127.0.0.1:${emulatorPort}`;
      const callback = await consentAtEmulator(
        { emulator: { url: emulatorUrl }, h: { baseUrl: api } },
        browser,
        platform!,
        'allow',
      );
      expect(await throughChoice(browser, await browser.get(callback))).toBe(
        `/connections?connected=${platform}`,
      );
      const adSets = await call('GET', `/v1/${platform}/adsets?customer=${customer}&dismissDatabase=true`);
      expect(adSets.data.length, JSON.stringify(adSets)).toBeGreaterThan(0);
    },
    120_000,
  );
});
