import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { KeyEntry } from '../config.js';
import type { Entry, MemoryKv } from './memory-kv.js';

/**
 * DATA_FILE: the embedded store kept in a JSON file, so a development server keeps its demo data
 * across restarts. It holds the generated keys too (when SIGNING_KEYS/ENCRYPTION_KEYS are not set):
 * without them, the stored platform credentials could not be decrypted after a restart. Development
 * only — secrets are in it in the clear.
 */

export interface DataFileKeys {
  signing: KeyEntry[];
  encryption: KeyEntry[];
}

type StoredValue = { s: string } | { set: string[] } | { z: string[] };

interface Contents {
  version: 1;
  keys: DataFileKeys | null;
  entries: [string, StoredValue, number | null][];
}

const stored = (value: Entry['value']): StoredValue =>
  typeof value === 'string' ? { s: value } : value instanceof Set ? { set: [...value] } : { z: [...value] };

const restored = (value: StoredValue): Entry['value'] =>
  's' in value ? value.s : 'set' in value ? new Set(value.set) : [...value.z];

/** What the file holds; null when there is no file yet. */
export function readDataFile(path: string): { keys: DataFileKeys | null; entries: [string, Entry][] } | null {
  if (!existsSync(path)) return null;
  const contents = JSON.parse(readFileSync(path, 'utf8')) as Contents;
  if (contents.version !== 1) throw new Error(`DATA_FILE ${path}: unknown format`);
  return {
    keys: contents.keys,
    entries: contents.entries.map(([key, value, expiresAt]) => [
      key,
      { value: restored(value), expiresAt: expiresAt ?? undefined },
    ]),
  };
}

/** Writes the store to the file every `everyMs` when it changed, and once more on `close`. */
export class DataFileWriter {
  private last = '';
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly path: string,
    private readonly kv: MemoryKv,
    private readonly keys: DataFileKeys | null,
    everyMs = 1000,
  ) {
    this.timer = setInterval(() => this.flush(), everyMs);
    this.timer.unref();
  }

  flush(): void {
    const contents: Contents = {
      version: 1,
      keys: this.keys,
      entries: this.kv.dump().map(([key, entry]) => [key, stored(entry.value), entry.expiresAt ?? null]),
    };
    const text = JSON.stringify(contents);
    if (text === this.last) return;
    // Written aside, then renamed over the file: a crash never leaves half a file.
    writeFileSync(`${this.path}.tmp`, text, { mode: 0o600 });
    renameSync(`${this.path}.tmp`, this.path);
    this.last = text;
  }

  close(): void {
    clearInterval(this.timer);
    this.flush();
  }
}
