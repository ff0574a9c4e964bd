import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { throughChoice } from './support/connect-helpers.js';
import { FlowClient } from './support/flow-client.js';
import { freePort } from './support/redis-server.js';
import { type ServerProcess, spawnServer } from './support/server-process.js';

/**
 * The README's ```sh walkthrough blocks, run as a reader pastes them into one terminal while `npm start`
 * runs: bash and curl against the real server on the embedded store. Only the two values a reader fills
 * in are replaced: the port and the token the server printed. Between the blocks the customer connects
 * Sandbox Ads in a (cookie-keeping, script-less) browser, as the README tells the reader to.
 */

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
const blocks = [...readme.matchAll(/```sh walkthrough\n([\s\S]*?)```/g)].map((m) => m[1]!);

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

describe('the README walkthrough', () => {
  let server: ServerProcess;
  let api: string;
  let token: string;
  const state = join(mkdtempSync(join(tmpdir(), 'adlink-readme-')), 'state.sh');

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

  it('has three blocks whose placeholders are the port and the token', () => {
    expect(blocks).toHaveLength(3);
    expect(blocks[0]).toMatch(/^PORT=3000 /m);
    expect(blocks[0]).toMatch(/^TOKEN=adl_live_… /m);
    const commands = blocks.join('\n').replace(/#.*$/gm, '');
    expect(commands).not.toMatch(/localhost:3000/);
  });

  it('runs top to bottom: customers, settings, a connect link, the connection, ad sets', async () => {
    const port = new URL(api).port;
    const first = blocks
      .slice(0, 2)
      .join('\n')
      .replace(/^PORT=3000 /m, `PORT=${port} `)
      .replace(/^TOKEN=adl_live_… /m, `TOKEN=${token} `);
    const before = await bash(
      `${first}\ndeclare -p API AUTH CUSTOMER CONNECT_URL > '${state}'\ndeclare -f json curl >> '${state}'`,
      {},
    );
    expect(before.code, `${before.out}\n${before.err}`).toBe(0);
    expect(before.out).toContain('"name":"Acme Bakery"');
    expect(before.out).toContain('"deleted":true');
    expect(before.out).toMatch(/"secret":"adl_sig_/);
    const connectUrl = before.out.trim().split('\n').at(-1)!;
    expect(connectUrl).toMatch(new RegExp(`^${api}/connections\\?customer=`));
    expect(new URL(connectUrl).searchParams.get('redirect_uri')).toBe(`${api}/dev/return`);
    expect(new URL(connectUrl).searchParams.get('locale')).toBe('en');

    const returned = await connectSandbox(api, connectUrl);
    expect(returned).toContain('Signature verified');
    expect(returned).toMatch(/id="status">success/);

    const after = await bash(`source '${state}'\n${blocks[2]}`, {});
    expect(after.code, `${after.out}\n${after.err}`).toBe(0);
    expect(after.out).toContain('"status":"Paused"');
    expect(after.out).toContain('"deletions":1');
    // The budget change and the moved end, as the sandbox holds them; then the new targeting.
    const year = new Date().getFullYear() + 1;
    expect(after.out).toContain(
      `{"kind":"DailyBudget","budget":20,"currency":"EUR"},{"kind":"Objective","objective":"TRAFFIC"},{"kind":"Runtime","start":"${year}-03-01T00:00:00+01:00","end":"${year}-04-15T00:00:00+02:00"}`,
    );
    expect(after.out).toContain(
      '"targetings":[{"kind":"GeoTargeting","type":"ZipcodeGeoTargeting","zipcodes":[{"country":"DE","zipcode":"10117"}]}]',
    );
    // The new campaign's budget change and its end, as the sandbox holds them (Berlin summer time).
    expect(after.out).toContain(
      `"objective":"TRAFFIC","channelKind":"Search","settings":[{"kind":"DailyBudget","budget":45,"currency":"EUR"},{"kind":"Runtime","start":"${year}-06-01T00:00:00+02:00","end":"${year}-08-31T00:00:00+02:00"}]`,
    );
    // Last week's report per ad set and day, and one campaign's total, with each account's zone.
    expect(after.out).toMatch(/"has_more":true,"next_cursor":"[^"]+","data":\[\{"level":"adset"/);
    expect(after.out).toMatch(
      /"data":\[\{"level":"campaign","id":"cmp_[^"]+",[^\]]*"currency":"EUR","spend":\d/,
    );
    expect(after.out).toContain('"timeZone":"Europe/Berlin"');
    // The access token read the customer's ad sets without naming it, and could not change one.
    const lines = after.out.trim().split('\n');
    const listed = lines.map((line) => JSON.parse(line)).filter((answer) => Array.isArray(answer.data));
    const byToken = listed.at(-2);
    expect(byToken.data.length).toBeGreaterThan(0);
    expect(byToken.data.every((adSet: { platform: string }) => adSet.platform === 'sandbox')).toBe(true);
    expect(after.out).toContain('"code":"insufficient_scope"');
    const tokens = listed.at(-1);
    expect(tokens.data).toEqual([
      expect.objectContaining({ scope: 'read', prefix: expect.stringMatching(/^adl_at_/) }),
    ]);
    expect(after.out).not.toMatch(/adl_at_[A-Za-z0-9_-]{43}/);
  }, 60_000);
});
