import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/** A file that grows past this is split by concern (docs/design.md): what one reader holds at once. */
const MAX_LINES = 400;

const root = join(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|ejs)$/.test(entry.name) ? [path] : [];
  });
}

describe('source files', () => {
  it(`none in src/ or views/ is over ${MAX_LINES} lines`, () => {
    const over = ['src', 'views']
      .flatMap((dir) => sourceFiles(join(root, dir)))
      .map((path) => ({
        file: relative(root, path),
        lines: readFileSync(path, 'utf8').split('\n').length - 1,
      }))
      .filter(({ lines }) => lines > MAX_LINES);
    expect(over).toEqual([]);
  });
});
