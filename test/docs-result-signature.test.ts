import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { signResult } from '../src/connect/result-signature.js';
import { readDoc } from './support/docs.js';

/** The verification code docs/connect.md gives vendors must verify what adlink signs. */
describe('docs/connect.md: the signature example', () => {
  it('verifies a result adlink signed, and refuses tampered, stale and foreign ones', async () => {
    const code = /```js verify-result\n([\s\S]*?)```/.exec(readDoc('docs/connect.md'))?.[1];
    expect(code).toBeDefined();
    const file = join(tmpdir(), `adlink-verify-${process.pid}.mjs`);
    await writeFile(file, code!);
    const { verifyAdlinkResult } = (await import(file)) as {
      verifyAdlinkResult: (url: string, secret: string, tolerance?: number) => boolean;
    };

    const result = {
      id: 'res_Xq9wR2mLkP0aB7cD4eF6gH',
      customer: '3f1c2a9e-8b7d-4c6e-9f00-1a2b3c4d5e6f',
      status: 'partial' as 'success' | 'partial' | 'cancelled',
      platforms: 'google,sandbox',
      ts: String(Math.floor(Date.now() / 1000)),
    };
    const url = (signature: string, overrides: Partial<typeof result> = {}) => {
      const u = new URL('https://vendor.example/return?order=7');
      for (const [k, v] of Object.entries({ ...result, ...overrides })) u.searchParams.set(k, v);
      u.searchParams.set('signature', signature);
      return u.href;
    };
    const signature = signResult(['secret-new', 'secret-old'], result);

    expect(verifyAdlinkResult(url(signature), 'secret-new')).toBe(true);
    expect(verifyAdlinkResult(url(signature), 'secret-old')).toBe(true);
    expect(verifyAdlinkResult(url(signature), 'another-secret')).toBe(false);
    expect(verifyAdlinkResult(url(signature, { status: 'success' }), 'secret-new')).toBe(false);
    expect(verifyAdlinkResult(url(signature, { platforms: 'sandbox' }), 'secret-new')).toBe(false);
    expect(verifyAdlinkResult(url(signature, { id: 'res_another' }), 'secret-new')).toBe(false);
    const stale = String(Number(result.ts) - 301);
    expect(
      verifyAdlinkResult(
        url(signResult(['secret-new'], { ...result, ts: stale }), { ts: stale }),
        'secret-new',
      ),
    ).toBe(false);
  });
});
