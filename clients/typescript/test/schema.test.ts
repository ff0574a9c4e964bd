import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_SCHEMA_FILE, clientTypes } from '../../../scripts/client-types.js';
import { type Harness, startHarness } from '../../../test/support/harness.js';

/** The committed types are what the running server's /openapi.json generates, byte for byte. */
describe('the client types', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h?.close());

  it('equal a fresh generation from the served OpenAPI document', async () => {
    const res = await fetch(`${h.baseUrl}/openapi.json`);
    expect(res.status).toBe(200);
    const fresh = await clientTypes(await res.json());
    const committed = await readFile(CLIENT_SCHEMA_FILE, 'utf8');
    expect(
      committed === fresh,
      'clients/typescript/src/schema.d.ts is not what the served /openapi.json generates: the OpenAPI ' +
        'document changed. Run `npm run client:generate` and commit the result.',
    ).toBe(true);
  });
});
