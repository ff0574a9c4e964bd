import type { RunningEmulator } from '../../emulators/toolkit/emulator.js';
import { emulatorToken } from './emulator-call.js';

/**
 * A campaign, ad squad, ad, creative or media as the Snapchat emulator stores it, read with its own
 * `GET /v1/…/{id}` (Snap's units: money in micro-currency, times in UTC), deleted ones included.
 */
export async function snapRecord(
  emulator: RunningEmulator,
  kind: 'campaign' | 'adsquad' | 'ad' | 'creative' | 'media',
  id: string,
): Promise<Record<string, unknown>> {
  const plural = kind === 'media' ? kind : `${kind}s`;
  const url = new URL(`/v1/${plural}/${encodeURIComponent(id)}`, emulator.url);
  url.searchParams.set('read_deleted_entities', 'true');
  const res = await fetch(url, { headers: { Authorization: `Bearer ${emulatorToken(emulator)}` } });
  const body = (await res.json()) as Record<string, { [entity: string]: Record<string, unknown> }[]>;
  const record = body[plural]?.[0]?.[kind];
  if (!res.ok || !record) throw new Error(`no ${kind} ${id}: ${JSON.stringify(body)}`);
  return record;
}
