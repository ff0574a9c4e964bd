import { expect } from 'vitest';
import type { RunningEmulator } from '../../emulators/toolkit/emulator.js';
import { type CampaignAdapter, isManaged, type ManagedCampaigns } from '../../src/campaigns/port.js';
import type { PlatformId } from '../../src/domain/platform-ids.js';
import { ADAPTERS } from '../../src/platforms/adapters.js';
import { platformCatalog } from '../../src/platforms/catalog.js';
import type { PlatformApp, PlatformCall } from '../../src/ports/platform-call.js';
import type { AdAccount } from '../../src/store/connections.js';

/**
 * An access token the emulator issued itself for its emulated user and `scope`, without the browser
 * flow or its token endpoint (tests of a token endpoint call it themselves).
 */
export function emulatorToken(emulator: RunningEmulator, scope: string[] = []): string {
  const { clientId, clientSecret } = emulator.oauth.options;
  const redirectUri = 'http://127.0.0.1/callback';
  const code = emulator.oauth.issueCode({
    user: 'emulated-user',
    scope,
    clientId,
    redirectUri,
    challenge: null,
  });
  const issued = emulator.oauth.redeemCode({
    code,
    clientId,
    clientSecret,
    redirectUri,
    verifier: undefined,
  });
  if (typeof issued === 'string') throw new Error(`the emulator issued no token: ${issued}`);
  return issued.access_token;
}

/**
 * A platform's adapter pointed at its emulator, and a call with a token that emulator issued: for
 * testing an adapter resource (campaigns) before a route reaches it. `app` adds what the platform
 * needs beyond the client (Microsoft's developer token).
 */
export function adapterAtEmulator(
  platform: PlatformId,
  emulator: RunningEmulator,
  accounts: AdAccount[],
  scope: string[] = [],
  app: Partial<PlatformApp> = {},
) {
  const entry = platformCatalog('http://localhost', { [platform]: { baseUrl: emulator.url } })[platform];
  const adapter = ADAPTERS[platform]!(entry, { timeoutMs: 5_000 });
  const { clientId, clientSecret } = emulator.oauth.options;
  const call: PlatformCall = {
    accessToken: emulatorToken(emulator, scope),
    app: { clientId, clientSecret, ...app },
    accounts,
  };
  return { adapter, call };
}

/** The adapter's campaign management: the test fails where the adapter only lists campaigns. */
export function managed(campaigns: CampaignAdapter): ManagedCampaigns {
  if (!isManaged(campaigns)) throw new Error('the adapter does not manage campaigns');
  return campaigns;
}

/** The error an adapter call was refused with; a call that goes through fails the test. */
export const refusal = (work: Promise<unknown>): Promise<unknown> =>
  work.then(
    () => expect.fail('the call went through; it should have been refused'),
    (err: unknown) => err,
  );
