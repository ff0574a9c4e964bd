/**
 * Lints the OpenAPI document adlink serves with Redocly's CLI and the repository's redocly.yaml
 * (`npm run lint:openapi`, in CI; test/openapi-lint.test.ts lints what a running app serves). Offline:
 * the CLI sends no usage data and does not look for a newer version of itself.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openApiDocument } from '../src/openapi/document.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const REDOCLY = createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js');
const OFFLINE = { REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };

export interface LintRun {
  /** The CLI's exit code: 0 when it found nothing (redocly.yaml makes every finding an error). */
  status: number;
  /** What it printed, when captured. */
  stdout: string;
  stderr: string;
}

/** Runs `redocly lint` on `document`, written to a temporary file; `format` captures the output. */
export async function lintOpenApi(document: unknown, format?: 'json'): Promise<LintRun> {
  const dir = await mkdtemp(join(tmpdir(), 'adlink-openapi-'));
  try {
    const file = join(dir, 'openapi.json');
    await writeFile(file, JSON.stringify(document, null, 2));
    const args = [REDOCLY, 'lint', file, '--config', join(ROOT, 'redocly.yaml'), '--max-problems', '10000'];
    const child = spawn(process.execPath, format ? [...args, `--format=${format}`] : args, {
      cwd: ROOT,
      env: { ...process.env, ...OFFLINE },
      stdio: ['ignore', format ? 'pipe' : 'inherit', format ? 'pipe' : 'inherit'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk;
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk;
    });
    const status = await new Promise<number>((resolve, reject) => {
      child.on('error', reject);
      child.on('close', (code) => resolve(code ?? 1));
    });
    return { status, stdout, stderr };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  // The servers rule refuses localhost, so the document is built for a deployment's own address.
  const { status } = await lintOpenApi(openApiDocument('https://adlink.test'));
  process.exitCode = status;
}
