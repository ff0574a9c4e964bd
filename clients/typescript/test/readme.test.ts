import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Harness, startHarness } from '../../../test/support/harness.js';
import { startReceiver } from '../../../test/support/webhook-receiver.js';
import { createAdlinkClient } from '../src/index.js';

/**
 * The client README's example, as a reader would use it: type-checked under `strict` against the
 * package, then run against a started adlink with only its address and token filled in.
 */
const readme = await readFile(new URL('../README.md', import.meta.url), 'utf8');
const example = /```ts client-example\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
const entry = fileURLToPath(new URL('../src/index.js', import.meta.url));

describe('the client README example', () => {
  let h: Harness;
  let dir: string;
  let file: string;
  let token: string;

  beforeAll(async () => {
    h = await startHarness();
    token = (await h.company('Readme Co')).token;
    dir = await mkdtemp(join(tmpdir(), 'adlink-client-readme-'));
    file = join(dir, 'example.mts');
    expect(example).toContain("from '@adlink/client'");
    expect(example).toContain("baseUrl: 'http://localhost:3000',");
    expect(example).toContain("token: 'adl_live_…',");
    await writeFile(
      file,
      example
        .replace("from '@adlink/client'", `from ${JSON.stringify(entry)}`)
        .replace("baseUrl: 'http://localhost:3000',", `baseUrl: ${JSON.stringify(h.baseUrl)},`)
        .replace("token: 'adl_live_…',", `token: ${JSON.stringify(token)},`),
    );
  });
  afterAll(async () => {
    await h?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('type-checks under strict', () => {
    const program = ts.createProgram([file], {
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      lib: ['lib.es2022.d.ts', 'lib.dom.d.ts', 'lib.dom.asynciterable.d.ts'],
      types: [],
      strict: true,
      noUncheckedIndexedAccess: true,
      exactOptionalPropertyTypes: true,
      skipLibCheck: true,
      noEmit: true,
    });
    const problems = ts
      .getPreEmitDiagnostics(program)
      .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    expect(problems).toEqual([]);
  }, 60_000);

  it('runs: a customer, its link, every customer, an AdlinkError, ad sets not yet connected, a webhook', async () => {
    const logged: unknown[][] = [];
    const log = vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => void logged.push(args));
    let onWebhook: (body: string, signature: string | null, secret: string) => Promise<number>;
    try {
      ({ onWebhook } = await import(file));
    } finally {
      log.mockRestore();
    }
    const lines = logged.map((args) => args.join(' '));
    expect(lines[0]).toMatch(new RegExp(`^connect at ${h.baseUrl}/connections\\?customer=`));
    expect(lines).toContain('customer Acme Bakery');
    expect(lines).toContainEqual(expect.stringMatching(/^refused 400 invalid_request name req_/));
    expect(lines.at(-1)).toBe('not connected yet');

    const receiver = await startReceiver();
    try {
      const adlink = createAdlinkClient({ baseUrl: h.baseUrl, token });
      const endpoint = await adlink.POST('/webhook_endpoints', { body: { url: receiver.url } });
      await adlink.POST('/webhook_endpoints/{id}/test', { params: { path: { id: endpoint.id } } });
      const ping = receiver.received[0]!;
      const signature = ping.headers['adlink-signature'] as string;
      expect(await onWebhook(ping.body, signature, endpoint.secret)).toBe(200);
      expect(await onWebhook(ping.body.replace('ping', 'pong'), signature, endpoint.secret)).toBe(400);
    } finally {
      await receiver.close();
    }
  });
});
