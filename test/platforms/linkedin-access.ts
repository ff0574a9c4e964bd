import { linkedinEmulator } from '../../emulators/linkedin/index.js';
import { type RunningEmulator, startEmulator } from '../../emulators/toolkit/emulator.js';
import { platformCatalog } from '../../src/platforms/catalog.js';
import { adapterAtEmulator, emulatorToken } from '../support/emulator-call.js';

const SCOPE = ['r_ads', 'rw_ads'];
const token = (emulator: RunningEmulator) => emulatorToken(emulator, SCOPE);
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
  return { emulator, ...adapterAtEmulator('linkedin', emulator, [account], SCOPE) };
}
