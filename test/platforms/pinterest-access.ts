import { pinterestEmulator } from '../../emulators/pinterest/index.js';
import { DEFAULT_CLIENT, type RunningEmulator, startEmulator } from '../../emulators/toolkit/emulator.js';
import type { PlatformCall } from '../../src/platforms/adapter.js';
import { platformCatalog } from '../../src/platforms/catalog.js';
import { pinterestAdapter } from '../../src/platforms/pinterest/adapter.js';

/** An access token the Pinterest emulator issued to the emulated user, with ads:read and ads:write. */
export function emulatorToken(emulator: RunningEmulator): string {
  const redirectUri = 'http://127.0.0.1/callback';
  const code = emulator.oauth.issueCode({
    user: 'emulated-user',
    scope: ['ads:read', 'ads:write'],
    clientId: DEFAULT_CLIENT.clientId,
    redirectUri,
    challenge: null,
  });
  const issued = emulator.oauth.redeemCode({ code, ...DEFAULT_CLIENT, redirectUri, verifier: undefined });
  if (typeof issued === 'string') throw new Error(issued);
  return issued.access_token;
}

/** An object as the emulator stores it, read with Pinterest's own API (`/v5/ad_accounts/{id}/…`). */
export async function storedAt(emulator: RunningEmulator, path: string): Promise<Record<string, unknown>> {
  const res = await fetch(`${emulator.url}/v5${path}`, {
    headers: { Authorization: `Bearer ${emulatorToken(emulator)}` },
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as Record<string, unknown>;
}

/** A Pinterest emulator and the adapter pointed at it, with a call for one ad account. */
export async function adapterAgainstEmulator(account: { id: string; name: string; currency: string }) {
  const emulator = await startEmulator(pinterestEmulator);
  const entry = platformCatalog('http://localhost:3000', { pinterest: { baseUrl: emulator.url } }).pinterest;
  const adapter = pinterestAdapter(entry, { timeoutMs: 5_000 });
  const call: PlatformCall = {
    accessToken: emulatorToken(emulator),
    app: DEFAULT_CLIENT,
    accounts: [account],
  };
  return { emulator, adapter, call };
}
