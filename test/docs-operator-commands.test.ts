import { execFile } from 'node:child_process';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { randomToken } from '../src/ids.js';
import { linesStoppedAfterEach, ready } from './support/command-line.js';
import { codeBlocks } from './support/docs.js';
import { FlowClient } from './support/flow-client.js';
import { openKv, wipe } from './support/harness.js';
import { freePort } from './support/redis-server.js';

/**
 * docs/operations.md's ```sh operator blocks, run as an operator runs them: the server on Redis in one
 * terminal, the CLI in another with the server's variables (the page says which). Only the Redis URL
 * (the test's), a key prefix of this test's own and the port are filled in, and `<company id>` with the
 * id the first command printed. Then the printed token and sign-in link must work on that server.
 */

const [serverBlock, cliBlock] = codeBlocks('docs/operations.md').filter(
  (block) => block.language === 'sh' && block.tag === 'operator',
);
const redisUrl = inject('redisUrl');
const prefix = `test:${randomToken(9)}:`;
const run = linesStoppedAfterEach();

const commandLines = (code: string) =>
  code
    .trim()
    .split('\n')
    .map((line) => line.replace(/\s+#.*$/, '').replaceAll('redis://127.0.0.1:6379', redisUrl));

function bash(script: string, env: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      'bash',
      ['-c', `set -eo pipefail\n${script}`],
      {
        env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/tmp', ...env },
        timeout: 60_000,
      },
      (err, out, errOut) => (err ? reject(new Error(`${err.message}\n${out}\n${errOut}`)) : resolve(out)),
    );
  });
}

afterAll(async () => {
  const kv = await openKv('redis');
  await wipe(kv, prefix);
  await kv.close();
});

describe('docs/operations.md: running on Redis and the operator CLI', () => {
  it('creates a company whose token and sign-in link work on the server', async () => {
    const server = commandLines(serverBlock!.code);
    expect(server).toEqual([`REDIS_URL=${redisUrl} npm start`]);
    const [exportLine, create, login] = commandLines(cliBlock!.code);
    expect(exportLine).toBe(`export REDIS_URL=${redisUrl}`);
    expect(create).toMatch(/^npx adlink company create --name "My company"$/);
    expect(login).toBe('npx adlink login --company <company id>');

    const port = String(await freePort());
    const sameAsServer = { PORT: port, REDIS_KEY_PREFIX: prefix, LOG_LEVEL: 'warn' };
    run(server[0]!, sameAsServer);
    const api = `http://localhost:${port}`;
    await ready(api);

    const created = await bash(`${exportLine}\n${create}`, sameAsServer);
    const company = /^\s*id:\s+(\S+)$/m.exec(created)?.[1];
    const token = /adl_live_[A-Za-z0-9_-]{43}/.exec(created)?.[0];
    expect(company, created).toBeDefined();
    expect(token, created).toBeDefined();
    const customers = await fetch(`${api}/customers`, { headers: { authorization: `Bearer ${token}` } });
    expect(customers.status).toBe(200);

    const signIn = await bash(`${exportLine}\n${login!.replace('<company id>', company!)}`, sameAsServer);
    const link = new RegExp(`${api}/integrations/login\\?token=\\S+`).exec(signIn)?.[0];
    expect(link, signIn).toBeDefined();
    const browser = new FlowClient(api);
    const page = await browser.get(link!);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('My company');
    const signedIn = await browser.post(link!, FlowClient.formFields(html));
    expect(signedIn.status).toBe(303);
    expect((await browser.get('/integrations')).status).toBe(200);
  }, 180_000);
});
