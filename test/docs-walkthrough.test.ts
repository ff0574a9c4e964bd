import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runLogging, strictTypeErrors, writeClientExample } from './support/client-example.js';
import { throughChoice } from './support/connect-helpers.js';
import {
  type CodeBlock,
  codeBlocks,
  docPages,
  WALKTHROUGH_PAGES,
  walkthroughBlocks,
} from './support/docs.js';
import { FlowClient } from './support/flow-client.js';
import { freePort } from './support/redis-server.js';
import { type ServerProcess, spawnServer } from './support/server-process.js';

/**
 * The walkthrough of README.md and docs/, run as a reader pastes it while `npm start` runs: the
 * ```sh walkthrough blocks into one terminal (bash and curl, page after page in WALKTHROUGH_PAGES
 * order), the ```ts client-walkthrough blocks into one module (@adlink/client, type-checked under
 * strict), against the real server on the embedded store. Only the values a reader fills in are
 * replaced: the port (or address) and the token the server printed. When a link is issued, the customer
 * connects Sandbox Ads in a (cookie-keeping, script-less) browser, as the README tells the reader to.
 */

const shBlocks = walkthroughBlocks('sh', 'walkthrough');
const tsBlocks = walkthroughBlocks('ts', 'client-walkthrough');

/** The tags a block of these languages may carry: run by this file, or shown only. */
const TAGS: Record<string, string[]> = {
  sh: ['walkthrough', 'emulator', 'operator', 'illustration'],
  bash: ['walkthrough', 'illustration'],
  ts: ['client-walkthrough', 'illustration'],
};

function bash(
  script: string,
  env: Record<string, string>,
): Promise<{ code: number; out: string; err: string }> {
  return new Promise((resolve) => {
    execFile(
      'bash',
      ['-c', `set -eo pipefail\n${script}`],
      {
        env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/tmp', ...env },
        timeout: 60_000,
      },
      (err, out, errOut) =>
        resolve({ code: err ? (typeof err.code === 'number' ? err.code : 1) : 0, out, err: errOut }),
    );
  });
}

const location = (res: Response) => res.headers.get('location') ?? '';

/** What the customer does in the browser: landing → Connect → Allow on the sandbox → Done → the return page. */
async function connectSandbox(api: string, connectUrl: string): Promise<string> {
  const browser = new FlowClient(api);
  const landing = await browser.get(connectUrl);
  expect(landing.status).toBe(200);
  expect(
    (await browser.post('/connections/session', FlowClient.formFields(await landing.text()))).status,
  ).toBe(303);
  const overview = await (await browser.get('/connections')).text();
  const start = await browser.post('/connections/sandbox/start', {
    flow: FlowClient.formFields(overview).flow!,
  });
  expect(start.status).toBe(303);
  const consent = await (await browser.get(location(start))).text();
  const accounts = [...consent.matchAll(/name="accounts" value="([^"]+)"/g)].map((m) => m[1]!);
  const answer = await browser.post(`${api}/sandbox/oauth/authorize`, {
    ...FlowClient.formFields(consent),
    decision: 'allow',
    accounts,
  });
  expect(answer.status).toBe(303);
  const callback = await browser.get(location(answer));
  expect(await throughChoice(browser, callback)).toBe('/connections?connected=sandbox');
  const done = await (await browser.get('/connections/done')).text();
  const finish = await browser.post('/connections/finish', { flow: FlowClient.formFields(done).flow! });
  expect(finish.status).toBe(303);
  expect(location(finish)).toMatch(new RegExp(`^${api}/dev/return\\?`));
  return (await browser.get(location(finish))).text();
}

/** The connect URL a block printed last, connected in the browser; the return page verified the result. */
async function connectPrinted(api: string, out: string): Promise<void> {
  const connectUrl = out.trim().split('\n').at(-1)!;
  expect(connectUrl).toMatch(new RegExp(`^${api}/connections\\?customer=`));
  expect(new URL(connectUrl).searchParams.get('redirect_uri')).toBe(`${api}/dev/return`);
  expect(new URL(connectUrl).searchParams.get('locale')).toBe('en');
  const returned = await connectSandbox(api, connectUrl);
  expect(returned).toContain('Signature verified');
  expect(returned).toMatch(/id="status">success/);
}

/** Every answer of a block that is a list (`{"data": [...]}`), in order. */
const lists = (out: string) =>
  out
    .trim()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line))
    .filter((answer) => Array.isArray(answer.data));

describe('the code blocks of README.md and docs/', () => {
  it('are each run by this file or tagged as an illustration', () => {
    const untagged = docPages()
      .flatMap((page) => codeBlocks(page))
      .filter((b) => b.language in TAGS && !TAGS[b.language]!.includes(b.tag))
      .map((b) => `${b.page}:${b.line} \`\`\`${b.language} ${b.tag}`);
    expect(untagged).toEqual([]);
  });

  it('run in a defined order: every page with walkthrough blocks is in it', () => {
    const pages = docPages().filter((page) =>
      codeBlocks(page).some((b) => b.tag === 'walkthrough' || b.tag === 'client-walkthrough'),
    );
    expect(WALKTHROUGH_PAGES).toEqual(expect.arrayContaining(pages));
  });
});

describe('the walkthrough', () => {
  let server: ServerProcess;
  let api: string;
  let token: string;

  beforeAll(async () => {
    const port = await freePort();
    api = `http://localhost:${port}`;
    server = spawnServer({ PORT: String(port), NODE_ENV: 'development', LOG_LEVEL: 'warn' });
    await server.waitForStdout(/sign-in link, valid 10 minutes/, 20_000);
    token = /adl_live_[A-Za-z0-9_-]{43}/.exec(server.stdout())![0];
  });

  afterAll(async () => {
    await server?.kill();
  });

  it('in curl starts with the port and the token a reader fills in', () => {
    expect(shBlocks[0]!.page).toBe('README.md');
    expect(shBlocks[0]!.code).toMatch(/^PORT=3000 /m);
    expect(shBlocks[0]!.code).toMatch(/^TOKEN=adl_live_… /m);
    const commands = shBlocks
      .map((b) => b.code)
      .join('\n')
      .replace(/#.*$/gm, '');
    expect(commands).not.toMatch(/localhost:3000/);
  });

  it('runs in curl, block after block in one shell: customers, a link, the connection, ad sets, an ad, reports, tokens', async () => {
    const year = new Date().getFullYear() + 1;
    /** What each page's blocks must print, block by block; a new block needs its check here. */
    const checks: Record<(typeof WALKTHROUGH_PAGES)[number], ((out: string) => unknown)[]> = {
      'README.md': [
        (out) => expect(out).toContain('"name":"Acme Bakery"'),
        async (out) => {
          expect(out).toMatch(/"secret":"adl_sig_/);
          await connectPrinted(api, out);
        },
        (out) => expect(out).toBe(''),
        (out) => {
          const [running] = lists(out);
          expect(running.data.length).toBeGreaterThan(0);
          for (const adSet of running.data)
            expect(adSet).toMatchObject({ platform: 'sandbox', status: 'Running' });
        },
        // The first ad: its review, decided by the sandbox while the block waited.
        (out) => expect(out.trim()).toBe("{ status: 'Approved', reasons: [] }"),
      ],
      'docs/ad-sets-and-campaigns.md': [
        (out) => {
          expect(out).toContain('"status":"Paused"');
          expect(out).toContain('"deletions":1');
          // The budget change and the moved end, as the sandbox holds them; then the new targeting.
          expect(out).toContain(
            `{"kind":"DailyBudget","budget":20,"currency":"EUR"},{"kind":"Objective","objective":"TRAFFIC"},{"kind":"Runtime","start":"${year}-03-01T00:00:00+01:00","end":"${year}-04-15T00:00:00+02:00"}`,
          );
          expect(out).toContain(
            '"targetings":[{"kind":"GeoTargeting","type":"ZipcodeGeoTargeting","zipcodes":[{"country":"DE","zipcode":"10117"}]}]',
          );
        },
        // The new campaign's budget change and its end, as the sandbox holds them (Berlin summer time).
        (out) =>
          expect(out).toContain(
            `"objective":"TRAFFIC","channelKind":"Search","settings":[{"kind":"DailyBudget","budget":45,"currency":"EUR"},{"kind":"Runtime","start":"${year}-06-01T00:00:00+02:00","end":"${year}-08-31T00:00:00+02:00"}]`,
          ),
      ],
      'docs/reports.md': [
        // Last week's report per ad set and day, and one campaign's total, with each account's zone.
        (out) => {
          expect(out).toMatch(/"has_more":true,"next_cursor":"[^"]+","data":\[\{"level":"adset"/);
          expect(out).toMatch(
            /"data":\[\{"level":"campaign","id":"cmp_[^"]+",[^\]]*"currency":"EUR","spend":\d/,
          );
          expect(out).toContain('"timeZone":"Europe/Berlin"');
        },
      ],
      'docs/api.md': [
        (out) => {
          expect(out).toContain('"platforms":["sandbox"]');
          expect(out).toContain('"deleted":true');
        },
        // The access token read the customer's ad sets without naming it, and could not change one.
        (out) => {
          const [byToken, tokens] = lists(out);
          expect(byToken.data.length).toBeGreaterThan(0);
          expect(byToken.data.every((adSet: { platform: string }) => adSet.platform === 'sandbox')).toBe(
            true,
          );
          expect(out).toContain('"code":"insufficient_scope"');
          expect(tokens.data).toEqual([
            expect.objectContaining({ scope: 'read', prefix: expect.stringMatching(/^adl_at_/) }),
          ]);
          expect(out).not.toMatch(/adl_at_[A-Za-z0-9_-]{43}/);
        },
      ],
      'docs/audiences.md': [
        (out) =>
          expect(JSON.parse(out)).toEqual({
            received: 4,
            accepted: 3,
            invalid: [{ index: 2, field: 'emails', reason: 'not an email address' }],
          }),
        (out) =>
          expect(JSON.parse(out).targetings).toEqual([
            { kind: 'KeywordTargeting', keywords: ['sourdough'] },
            { kind: 'AudienceTargeting', include: [expect.stringMatching(/^aud_/)], exclude: [] },
          ]),
      ],
    };
    for (const page of WALKTHROUGH_PAGES) {
      expect(
        shBlocks.filter((b) => b.page === page),
        page,
      ).toHaveLength(checks[page].length);
    }

    // Each block runs in its own bash, on the variables and functions the blocks before it left.
    const state = join(mkdtempSync(join(tmpdir(), 'adlink-walkthrough-')), 'state.sh');
    const assigned = new Set<string>();
    const port = new URL(api).port;
    const ran: Record<string, number> = {};
    for (const block of shBlocks) {
      for (const [, name] of block.code.matchAll(/^([A-Z][A-Z0-9_]*)=/gm)) assigned.add(name!);
      const code = block.code
        .replace(/^PORT=3000 /m, `PORT=${port} `)
        .replace(/^TOKEN=adl_live_… /m, `TOKEN=${token} `);
      const result = await bash(
        [
          block === shBlocks[0] ? '' : `source '${state}'`,
          code,
          `declare -p ${[...assigned].join(' ')} > '${state}'`,
          `declare -f >> '${state}'`,
        ].join('\n'),
        {},
      );
      expect(result.code, `${where(block)}\n${result.out}\n${result.err}`).toBe(0);
      const index = ran[block.page] ?? 0;
      ran[block.page] = index + 1;
      await checks[block.page as (typeof WALKTHROUGH_PAGES)[number]][index]!(result.out);
    }
  }, 120_000);

  it('runs with @adlink/client as one module, type-checked under strict', async () => {
    expect(tsBlocks.length).toBeGreaterThan(0);
    const module = await writeClientExample(tsBlocks.map((b) => b.code).join('\n'), [
      ["const API = 'http://localhost:3000';", `const API = ${JSON.stringify(api)};`],
      ["token: 'adl_live_…'", `token: ${JSON.stringify(token)}`],
    ]);
    try {
      expect(strictTypeErrors(module.file)).toEqual([]);
      // The module waits for the connection; the customer connects once it printed the link (a
      // failure there ends the wait).
      let connected: Promise<void> | undefined;
      let browserFailed!: (err: unknown) => void;
      const failure = new Promise<never>((_, reject) => {
        browserFailed = reject;
      });
      const { lines } = await Promise.race([
        runLogging(module.file, (line) => {
          if (!line.startsWith('connect at ')) return;
          connected = connectPrinted(api, line.slice('connect at '.length));
          connected.catch(browserFailed);
        }),
        failure,
      ]);
      expect(connected).toBeDefined();
      await connected;
      expect(lines[0]).toMatch(/^customer Acme Bakery [0-9a-f-]{36}$/);
      expect(lines).toContainEqual(expect.stringMatching(/^signing secret ss_/));
      expect(lines).toContainEqual(expect.stringMatching(/^ad accounts .+/));
      const adSets = lines.filter((line) => line.startsWith('ad set '));
      expect(adSets.length).toBeGreaterThan(0);
      for (const line of adSets) expect(line).toMatch(/ Running$/);
    } finally {
      await module.remove();
    }
  }, 120_000);
});

const where = (block: CodeBlock) => `${block.page}:${block.line}`;
