import { pinterestEmulator } from '../../emulators/pinterest/index.js';
import { DEFAULT_CLIENT, type RunningEmulator, startEmulator } from '../../emulators/toolkit/emulator.js';
import type { PlatformCall } from '../../src/platforms/adapter.js';
import { platformCatalog } from '../../src/platforms/catalog.js';
import { pinterestAdapter } from '../../src/platforms/pinterest/adapter.js';
import { emulatorToken } from '../support/emulator-token.js';

/** A token of the Pinterest emulator's user with ads:read and ads:write. */
const token = (emulator: RunningEmulator) => emulatorToken(emulator, ['ads:read', 'ads:write']);

/** An object as the emulator stores it, read with Pinterest's own API (`/v5/ad_accounts/{id}/…`). */
export async function storedAt(emulator: RunningEmulator, path: string): Promise<Record<string, unknown>> {
  const res = await fetch(`${emulator.url}/v5${path}`, {
    headers: { Authorization: `Bearer ${token(emulator)}` },
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
    accessToken: token(emulator),
    app: DEFAULT_CLIENT,
    accounts: [account],
  };
  return { emulator, adapter, call };
}
