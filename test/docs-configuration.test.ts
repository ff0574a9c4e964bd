import { readdir, readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CONFIGURATION_PAGE, configurationPage } from '../scripts/docs-config.js';
import { environmentSchema, variableDocs } from '../src/config.js';

/** docs/configuration.md is generated from the schema src/config.ts reads the environment with (src/config/environment.ts). */

const variables = Object.entries(environmentSchema.shape);

/** The committed page's Default cell per variable (or family) name. */
async function documentedDefaults(): Promise<Map<string, string>> {
  const page = await readFile(CONFIGURATION_PAGE, 'utf8');
  const defaults = new Map<string, string>();
  for (const line of page.split('\n').filter((l) => l.startsWith('| `'))) {
    const [names = '', shown = ''] = line
      .slice(1, -1)
      .split(/(?<!\\)\|/)
      .map((c) => c.trim());
    for (const [, name] of names.matchAll(/`([^`]+)`/g)) defaults.set(name!, shown);
  }
  return defaults;
}

describe('the configuration page', () => {
  it('has a meaning for every variable the schema accepts', () => {
    const undocumented = variables.filter(([, schema]) => !variableDocs.get(schema)?.meaning?.trim());
    expect(undocumented.map(([name]) => name)).toEqual([]);
    expect(variables.length).toBeGreaterThan(40);
  });

  it('is what `npm run docs:config` renders from the schema now', async () => {
    const committed = await readFile(CONFIGURATION_PAGE, 'utf8');
    expect(
      committed === configurationPage(),
      'docs/configuration.md is not what the schema in src/config/environment.ts renders: run `npm run docs:config` ' +
        'and commit the result.',
    ).toBe(true);
  });

  it("shows each literal default as the schema's default", async () => {
    const documented = await documentedDefaults();
    const literal = variables.filter(([, schema]) => schema instanceof z.ZodDefault);
    expect(literal.map(([name]) => name)).toContain('PORT');
    for (const [name, schema] of literal) {
      const value = (schema as z.ZodDefault).def.defaultValue;
      expect(documented.get(name), name).toBe(value === '' ? '(empty)' : `\`${value}\``);
    }
  });

  it('lists every variable, or its platform family', async () => {
    const documented = await documentedDefaults();
    for (const [name, schema] of variables) {
      expect(documented.has(variableDocs.get(schema)?.family ?? name), name).toBe(true);
    }
  });
});

describe('the environment', () => {
  it('is read in src/ only by src/config.ts', async () => {
    const source = new URL('../src/', import.meta.url);
    const files = (await readdir(source, { recursive: true })).filter(
      (f) => f.endsWith('.ts') && f !== 'config.ts',
    );
    expect(files.length).toBeGreaterThan(50);
    const envRead =
      /\bprocess\s*(\.\s*env\b|\[\s*['"`]env['"`]\s*\])|\benv\b[^;=]*}\s*=\s*(globalThis\.)?process\b|\bimport\s*{[^}]*\benv\b[^}]*}\s*from\s*['"](node:)?process['"]/;
    const readers: string[] = [];
    for (const file of files) {
      const lines = (await readFile(new URL(file, source), 'utf8')).split('\n');
      lines.forEach((line, i) => {
        if (envRead.test(line)) readers.push(`src/${file}:${i + 1}: ${line.trim()}`);
      });
    }
    expect(readers, 'read settings through src/config.ts (parseConfig), not process.env').toEqual([]);
  });
});
