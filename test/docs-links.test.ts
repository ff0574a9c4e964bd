import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { anchorsOf, linksOf } from './support/markdown-links.js';

/** Every relative link and anchor in adlink's README, docs/ and the other READMEs leads somewhere. */

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const NOT_SOURCE = new Set(['node_modules', '.git', 'dist', 'coverage']);

/** README.md in any folder, and every page under docs/. */
function markdownPages(dir = ROOT): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return NOT_SOURCE.has(entry.name) ? [] : markdownPages(file);
    const underDocs = !path.relative(path.join(ROOT, 'docs'), file).startsWith('..');
    return entry.name === 'README.md' || (underDocs && entry.name.endsWith('.md')) ? [file] : [];
  });
}

const anchorCache = new Map<string, Set<string>>();
const anchorsIn = (page: string) => {
  if (!anchorCache.has(page)) anchorCache.set(page, anchorsOf(readFileSync(page, 'utf8')));
  return anchorCache.get(page)!;
};

/** What is wrong with a link from `page`, or undefined when it resolves (or leaves the repository). */
function linkProblem(page: string, target: string): string | undefined {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')) return undefined;
  const hash = target.indexOf('#');
  const [link, anchor] = hash < 0 ? [target, ''] : [target.slice(0, hash), target.slice(hash + 1)];
  let file: string;
  let id: string;
  try {
    file = decodeURIComponent(link.split('?')[0]!);
    id = decodeURIComponent(anchor);
  } catch {
    return 'is not a valid URL';
  }
  const resolved = file === '' ? page : path.join(file.startsWith('/') ? ROOT : path.dirname(page), file);
  if (path.relative(ROOT, resolved).startsWith('..')) return 'leads out of the repository';
  if (!existsSync(resolved)) return `${path.relative(ROOT, resolved)} does not exist`;
  if (!id) return undefined;
  const shown = statSync(resolved).isDirectory() ? path.join(resolved, 'README.md') : resolved;
  if (!shown.endsWith('.md') || !existsSync(shown)) return undefined;
  return anchorsIn(shown).has(id)
    ? undefined
    : `no heading or anchor "#${id}" in ${path.relative(ROOT, shown)}`;
}

describe('documentation links', () => {
  const pages = markdownPages().map((page) => path.relative(ROOT, page));

  it('are checked in the README, docs/ and the other READMEs', () => {
    expect(pages).toEqual(
      expect.arrayContaining([
        'README.md',
        'docs/platforms/meta.md',
        'clients/typescript/README.md',
        'bench/README.md',
        'emulators/google/README.md',
      ]),
    );
  });

  it.each(pages)('in %s resolve', (page) => {
    const file = path.join(ROOT, page);
    const { links, undefinedReferences } = linksOf(readFileSync(file, 'utf8'));
    const broken = [
      ...undefinedReferences.map(({ target, line }) => `${page}:${line}: ${target} has no definition`),
      ...links.flatMap(({ target, line }) => {
        const problem = linkProblem(file, target);
        return problem ? [`${page}:${line}: (${target}) ${problem}`] : [];
      }),
    ];
    expect(broken).toEqual([]);
  });
});
