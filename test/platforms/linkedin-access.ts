import { linkedinEmulator } from '../../emulators/linkedin/index.js';
import { DEFAULT_CLIENT, type RunningEmulator, startEmulator } from '../../emulators/toolkit/emulator.js';
import type { PlatformCall } from '../../src/platforms/adapter.js';
import { platformCatalog } from '../../src/platforms/catalog.js';
import { linkedinAdapter } from '../../src/platforms/linkedin/adapter.js';
import { emulatorToken } from '../support/emulator-token.js';

const token = (emulator: RunningEmulator) => emulatorToken(emulator, ['r_ads', 'rw_ads']);
export const VERSION = platformCatalog('http://localhost:3000').linkedin.apiVersion;

/** An object as the emulator stores it, read with LinkedIn's own API (`/rest/adAccounts/{a}/…`). */
export async function storedAt(emulator: RunningEmulator, path: string): Promise<Record<string, unknown>> {
  const res = await fetch(`${emulator.url}/rest${path}`, {
    headers: {
      Authorization: `Bearer ${token(emulator)}`,
      'LinkedIn-Version': VERSION,
      'X-Restli-Protocol-Version': '2.0.0',
    },
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as Record<string, unknown>;
}

/** A LinkedIn emulator and the adapter pointed at it, with a call for one ad account. */
export async function adapterAgainstEmulator(account: { id: string; name: string; currency: string }) {
  const emulator = await startEmulator(linkedinEmulator);
  const entry = platformCatalog('http://localhost:3000', { linkedin: { baseUrl: emulator.url } }).linkedin;
  const adapter = linkedinAdapter(entry, { timeoutMs: 5_000 });
  const call: PlatformCall = { accessToken: token(emulator), app: DEFAULT_CLIENT, accounts: [account] };
  return { emulator, adapter, call };
}
