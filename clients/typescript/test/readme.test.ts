import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ClientExample,
  runLogging,
  strictTypeErrors,
  writeClientExample,
} from '../../../test/support/client-example.js';
import { type Harness, startHarness } from '../../../test/support/harness.js';
import { startReceiver } from '../../../test/support/webhook-receiver.js';
import { createAdlinkClient } from '../src/index.js';

/**
 * The client README's example, as a reader would use it: type-checked under `strict` against the
 * package, then run against a started adlink with only its address and token filled in.
 */
const readme = await readFile(new URL('../README.md', import.meta.url), 'utf8');
const example = /```ts client-example\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';

describe('the client README example', () => {
  let h: Harness;
  let module: ClientExample;
  let token: string;

  beforeAll(async () => {
    h = await startHarness();
    token = (await h.company('Readme Co')).token;
    module = await writeClientExample(example, [
      ["baseUrl: 'http://localhost:3000',", `baseUrl: ${JSON.stringify(h.baseUrl)},`],
      ["token: 'adl_live_…',", `token: ${JSON.stringify(token)},`],
    ]);
  });
  afterAll(async () => {
    await h?.close();
    await module?.remove();
  });

  it('type-checks under strict', () => {
    expect(strictTypeErrors(module.file)).toEqual([]);
  }, 60_000);

  it('runs: a customer, its link, every customer, an AdlinkError, ad sets not yet connected, a webhook', async () => {
    type Example = {
      onWebhook: (body: string, signature: string | null, secret: string) => Promise<number>;
    };
    const {
      module: { onWebhook },
      lines,
    } = await runLogging<Example>(module.file);
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
