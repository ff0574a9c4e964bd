import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** README.md and docs/: the pages, their fenced code blocks, and the order the walkthrough runs them in. */

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/** A page's text, by its path from the repository root (`docs/api.md`). */
export function readDoc(path: string): string {
  return readFileSync(join(repoRoot, path), 'utf8');
}

/** README.md and every Markdown file under docs/, as paths from the repository root. */
export function docPages(): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory()
        ? walk(join(dir, entry.name))
        : entry.name.endsWith('.md')
          ? [relative(repoRoot, join(dir, entry.name))]
          : [],
    );
  return ['README.md', ...walk(join(repoRoot, 'docs')).sort()];
}

export interface CodeBlock {
  page: string;
  /** 1-based line of the opening fence. */
  line: number;
  /** The fence's info string split on spaces: `sh walkthrough` → language `sh`, tag `walkthrough`. */
  language: string;
  tag: string;
  code: string;
}

/** Every fenced code block of a page, in order. */
export function codeBlocks(page: string): CodeBlock[] {
  const lines = readDoc(page).split('\n');
  const blocks: CodeBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(\S*)\s*(.*)$/.exec(lines[i]!);
    if (!open) continue;
    const end = lines.findIndex((line, j) => j > i && line.startsWith('```'));
    if (end < 0) throw new Error(`${page}:${i + 1}: a code block that is never closed`);
    blocks.push({
      page,
      line: i + 1,
      language: open[1]!,
      tag: open[2]!.trim(),
      code: `${lines.slice(i + 1, end).join('\n')}\n`,
    });
    i = end;
  }
  return blocks;
}

/**
 * The pages whose runnable blocks continue one walkthrough, in the order they run: the README's
 * creates the customer and connects it; the others go on in the same shell (or module).
 */
export const WALKTHROUGH_PAGES = [
  'README.md',
  'docs/ad-sets-and-campaigns.md',
  'docs/reports.md',
  'docs/api.md',
  'docs/audiences.md',
] as const;

/** The blocks with this language and tag, page by page in walkthrough order. */
export function walkthroughBlocks(language: string, tag: string): CodeBlock[] {
  return WALKTHROUGH_PAGES.flatMap((page) =>
    codeBlocks(page).filter((b) => b.language === language && b.tag === tag),
  );
}
