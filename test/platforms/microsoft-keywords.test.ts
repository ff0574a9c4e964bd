import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { microsoftEmulator } from '../../emulators/microsoft/index.js';
import { type RunningEmulator, startEmulator } from '../../emulators/toolkit/emulator.js';
import type { AccountApi } from '../../src/platforms/microsoft/client.js';
import { replaceKeywords } from '../../src/platforms/microsoft/keywords.js';
import { PlatformError } from '../../src/ports/platform-error.js';

/**
 * A DeleteKeywords that fails after taking effect, which the emulator cannot do (its faults come before
 * the operation): the keywords read back afterwards decide whether the replacement is done.
 */
function accountApi(held: { Id: string; Text: string }[], deleteFails: (ids: string[]) => void) {
  const calls: { method: string; path: string; body: Record<string, unknown> }[] = [];
  const api: AccountApi = {
    accountId: '1',
    timeZone: undefined,
    currency: 'USD',
    reporting: () => Promise.reject(new Error('no reports here')),
    async request<T>(method: string, path: string, body: object): Promise<T> {
      const b = body as Record<string, unknown>;
      calls.push({ method, path, body: b });
      if (method === 'POST' && path === '/Keywords') {
        const texts = (b.Keywords as { Text: string }[]).map((k) => k.Text);
        const ids = texts.map((Text, i) => {
          held.push({ Id: `new-${i}`, Text });
          return `new-${i}`;
        });
        return { KeywordIds: ids, PartialErrors: [] } as T;
      }
      if (method === 'POST' && path === '/Keywords/QueryByAdGroupId') return { Keywords: held } as T;
      if (method === 'DELETE' && path === '/Keywords') {
        const ids = b.KeywordIds as string[];
        held.splice(0, held.length, ...held.filter((k) => !ids.includes(k.Id)));
        deleteFails(ids);
        return { PartialErrors: [] } as T;
      }
      throw new Error(`unexpected ${method} ${path}`);
    },
  };
  return { api, calls, held };
}

const timeout = () => {
  throw new PlatformError('timeout', 'Microsoft Advertising did not answer in time');
};

describe('microsoft keywords: a delete that failed after taking effect', () => {
  it('is a finished replacement when the old keywords are gone: nothing undone, no error', async () => {
    const { api, calls, held } = accountApi([{ Id: 'old-1', Text: 'city bike' }], (ids) => {
      if (ids.includes('old-1')) timeout();
    });
    await replaceKeywords(api, '9', { add: [{ Text: 'cargo bike', param: 'p' }], remove: ['old-1'] });
    expect(held.map((k) => k.Text)).toEqual(['cargo bike']);
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
  });

  it('undoes the add and says how many old keywords went when only some were deleted', async () => {
    const { api, held } = accountApi(
      [
        { Id: 'old-1', Text: 'city bike' },
        { Id: 'old-2', Text: 'road bike' },
      ],
      (ids) => {
        if (ids.includes('old-1')) {
          // Microsoft removed one, then failed: the other stays.
          held.push({ Id: 'old-2', Text: 'road bike' });
          timeout();
        }
      },
    );
    const failure = await replaceKeywords(api, '9', {
      add: [{ Text: 'cargo bike', param: 'p' }],
      remove: ['old-1', 'old-2'],
    }).catch((err: unknown) => err);
    expect(failure).toMatchObject({ kind: 'rejected' });
    expect((failure as Error).message).toContain(
      '1 of the 2 keywords to remove were deleted before the failure.',
    );
    expect(held.map((k) => k.Text)).toEqual(['road bike']);
  });
});

describe('the emulators’ fail control, narrowed to one operation', () => {
  let emulator: RunningEmulator;
  beforeAll(async () => {
    emulator = await startEmulator(microsoftEmulator);
  });
  afterAll(() => emulator?.close());
  const control = (body: object) =>
    fetch(`${emulator.url}/_emulator/fail`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('fails only calls of that method to that path', async () => {
    const path = '/CampaignManagement/v13/Keywords';
    expect(await (await control({ count: 1, method: 'DELETE', path })).json()).toEqual({ failing_next: 1 });
    // Another call passes (and answers the platform's own refusal: no credentials).
    expect((await fetch(`${emulator.url}${path}`, { method: 'POST' })).status).not.toBe(500);
    expect((await fetch(`${emulator.url}${path}`, { method: 'DELETE' })).status).toBe(500);
    expect((await fetch(`${emulator.url}${path}`, { method: 'DELETE' })).status).not.toBe(500);
  });

  it('refuses a method without a path', async () => {
    expect((await control({ count: 1, method: 'DELETE' })).status).toBe(400);
  });
});
