import { pinterestEmulator } from '../../emulators/pinterest/index.js';
import { type RunningEmulator, startEmulator } from '../../emulators/toolkit/emulator.js';
import { platformCatalog } from '../../src/platforms/catalog.js';
import { adapterAtEmulator, emulatorToken } from '../support/emulator-call.js';

const SCOPE = platformCatalog('http://localhost:3000').pinterest.oauth.scopes;
/** A token of the Pinterest emulator's user with the scopes adlink asks for. */
const token = (emulator: RunningEmulator) => emulatorToken(emulator, SCOPE);

/** An object as the emulator stores it, read with Pinterest's own API (`/v5/ad_accounts/{id}/…`, `/v5/pins/…`). */
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
  return { emulator, ...adapterAtEmulator('pinterest', emulator, [account], SCOPE) };
}
