import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { expect, vi } from 'vitest';

/**
 * A documented @adlink/client example as a reader uses it: written to a module with `@adlink/client`
 * resolved to the package's source and the values a reader fills in replaced, type-checked under
 * `strict`, then run with what it logs collected.
 */

const entry = fileURLToPath(new URL('../../clients/typescript/src/index.js', import.meta.url));

export interface ClientExample {
  file: string;
  remove(): Promise<void>;
}

/** Each `[placeholder, value]`: the placeholder must be in the example (else the test fails). */
export async function writeClientExample(
  code: string,
  replacements: [placeholder: string, value: string][],
): Promise<ClientExample> {
  expect(code).toContain("from '@adlink/client'");
  let source = code.replaceAll("from '@adlink/client'", `from ${JSON.stringify(entry)}`);
  for (const [placeholder, value] of replacements) {
    expect(source).toContain(placeholder);
    source = source.replace(placeholder, value);
  }
  const dir = await mkdtemp(join(tmpdir(), 'adlink-client-example-'));
  const file = join(dir, 'example.mts');
  await writeFile(file, source);
  return { file, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** The compiler's complaints about the module under a reader's strictest settings; none expected. */
export function strictTypeErrors(file: string): string[] {
  const program = ts.createProgram([file], {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts', 'lib.dom.asynciterable.d.ts'],
    types: [],
    strict: true,
    noUncheckedIndexedAccess: true,
    exactOptionalPropertyTypes: true,
    skipLibCheck: true,
    noEmit: true,
  });
  return ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

/** Runs the module; each line it logs is collected and handed to `onLine` as it comes. */
export async function runLogging<T>(
  file: string,
  onLine: (line: string) => void = () => {},
): Promise<{ module: T; lines: string[] }> {
  const lines: string[] = [];
  const log = vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => {
    const line = args.join(' ');
    lines.push(line);
    onLine(line);
  });
  try {
    return { module: (await import(file)) as T, lines };
  } finally {
    log.mockRestore();
  }
}
