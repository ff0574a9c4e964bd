import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { googleEmulator } from '../../emulators/google/index.js';
import { linkedinEmulator } from '../../emulators/linkedin/index.js';
import { microsoftEmulator } from '../../emulators/microsoft/index.js';
import { pinterestEmulator } from '../../emulators/pinterest/index.js';
import { snapchatEmulator } from '../../emulators/snapchat/index.js';
import {
  type EmulatorDefinition,
  type RunningEmulator,
  startEmulator,
} from '../../emulators/toolkit/emulator.js';

/**
 * The emulators whose token endpoint is RFC 6749's form POST (emulators/toolkit/token-route.ts):
 * where each takes the client's credentials, and each platform's own answer to a refused request.
 */
const ENDPOINTS: {
  name: string;
  definition: EmulatorDefinition;
  path: string;
  clientAuth: ('body' | 'basic')[];
  unsupportedGrant: object;
  /** Parameters the platform requires on the code exchange besides RFC 6749's. */
  extra?: Record<string, string>;
}[] = [
  {
    name: 'google',
    definition: googleEmulator,
    path: '/token',
    clientAuth: ['body', 'basic'],
    unsupportedGrant: { error: 'unsupported_grant_type', error_description: 'Invalid grant_type' },
  },
  {
    name: 'microsoft',
    definition: microsoftEmulator,
    path: '/common/oauth2/v2.0/token',
    clientAuth: ['body'],
    unsupportedGrant: { error: 'unsupported_grant_type', error_codes: [70003] },
    extra: { scope: 'https://ads.microsoft.com/msads.manage offline_access' },
  },
  {
    name: 'linkedin',
    definition: linkedinEmulator,
    path: '/oauth/v2/accessToken',
    clientAuth: ['body'],
    unsupportedGrant: { error: 'unsupported_grant_type' },
  },
  {
    name: 'snapchat',
    definition: snapchatEmulator,
    path: '/login/oauth2/access_token',
    clientAuth: ['body'],
    unsupportedGrant: { error: 'invalid_request' },
  },
  {
    name: 'pinterest',
    definition: pinterestEmulator,
    path: '/v5/oauth/token',
    clientAuth: ['basic'],
    unsupportedGrant: { code: 400 },
  },
];

describe.each(ENDPOINTS)(
  '$name token endpoint',
  ({ definition, path, clientAuth, unsupportedGrant, extra }) => {
    let emulator: RunningEmulator;
    beforeAll(async () => {
      emulator = await startEmulator(definition);
    });
    afterAll(() => emulator?.close());

    const redirectUri = 'http://127.0.0.1/callback';
    const post = (params: Record<string, string>, auth: 'body' | 'basic', secret?: string) => {
      const { clientId, clientSecret } = emulator.oauth.options;
      const credentials = { client_id: clientId, client_secret: secret ?? clientSecret };
      const basic = Buffer.from(`${credentials.client_id}:${credentials.client_secret}`).toString('base64');
      return fetch(`${emulator.url}${path}`, {
        method: 'POST',
        headers: auth === 'basic' ? { Authorization: `Basic ${basic}` } : {},
        body: new URLSearchParams({ ...params, ...(auth === 'body' ? credentials : {}) }),
      });
    };
    const exchange = (auth: 'body' | 'basic', secret?: string) => {
      const code = emulator.oauth.issueCode({
        user: 'emulated-user',
        scope: [],
        clientId: emulator.oauth.options.clientId,
        redirectUri,
        challenge: null,
      });
      return post(
        { grant_type: 'authorization_code', code, redirect_uri: redirectUri, ...extra },
        auth,
        secret,
      );
    };

    it.each(clientAuth)(
      'exchanges a code with the client credentials by %s, answered no-store',
      async (auth) => {
        const res = await exchange(auth);
        expect(res.status, await res.clone().text()).toBe(200);
        expect(res.headers.get('cache-control')).toBe('no-store');
        expect(await res.json()).toMatchObject({ access_token: expect.any(String) });
      },
    );

    it('refuses a wrong client secret with a 401', async () => {
      expect((await exchange(clientAuth[0]!, 'wrong')).status).toBe(401);
    });

    it("answers another grant type in the platform's own shape", async () => {
      const res = await post({ grant_type: 'password' }, clientAuth[0]!);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject(unsupportedGrant);
    });
  },
);
