/**
 * What a markdown page links to and which anchors it offers, by GitHub's rendering rules: the links a
 * reader of adlink's README and docs/ can follow (test/docs-links.test.ts). Fenced code blocks, code
 * spans and HTML comments hold no links and no headings; ATX headings (`## x`) only.
 */

export interface MarkdownLink {
  /** As written: `path`, `path#anchor`, `#anchor` or an absolute URL. */
  target: string;
  line: number;
}

export interface PageLinks {
  /** Inline links and images, reference-style links resolved through their definitions, `<a href>`, `<img src>`. */
  links: MarkdownLink[];
  /** `[text][label]` and `[label][]` whose label no `[label]: target` defines: GitHub shows them as text. */
  undefinedReferences: MarkdownLink[];
}

/** Characters GitHub drops from a heading's id: all but letters, marks, digits, `_`, `-` and spaces. */
const DROPPED = /[^\p{L}\p{M}\p{Nd}\p{Nl}\p{Pc}\p{Alphabetic} -]/gu;

/**
 * GitHub's heading ids (github-slugger): the heading's text lowercased, without punctuation or symbols,
 * spaces as `-`; a repeated id gets `-1`, `-2`, … Returns a function to call once per heading, in order.
 */
export function headingSlugger(): (text: string) => string {
  const occurrences = new Map<string, number>();
  return (text) => {
    const base = text.toLowerCase().replace(DROPPED, '').replaceAll(' ', '-');
    let slug = base;
    while (occurrences.has(slug)) {
      const n = occurrences.get(base)! + 1;
      occurrences.set(base, n);
      slug = `${base}-${n}`;
    }
    occurrences.set(slug, 0);
    return slug;
  };
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };
const decodeEntities = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
    if (name.startsWith('#')) {
      const code =
        name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return String.fromCodePoint(code);
    }
    return ENTITIES[name.toLowerCase()] ?? entity;
  });

/** Backslash-escaped punctuation, kept aside so it is neither markup nor removed. */
const ESCAPED = /\\([!-/:-@[-`{-~])/g;
const CODE_SPAN = /(`+)(?!`)([\s\S]*?[^`])\1(?!`)/g;
const INLINE_LINK =
  /(!?)\[((?:[^[\]]|\[[^[\]]*\])*)\]\(\s*(<[^<>\n]*>|[^\s()<>]*(?:\([^\s()]*\)[^\s()<>]*)*)(?:\s+(?:"[^"]*"|'[^']*'|\([^)]*\)))?\s*\)/g;
const REFERENCE_LINK = /(!?)\[((?:[^[\]]|\[[^[\]]*\])+)\]\[([^[\]]*)\]/g;
const DEFINITION = /^ {0,3}\[([^\]]+)\]:\s*(<[^<>]*>|\S+)/;
const HTML_LINK = /<(?:a|img)\b[^>]*?\s(?:href|src)\s*=\s*(["'])(.*?)\1/gi;
const HTML_ANCHOR = /<a\b[^>]*?\s(?:id|name)\s*=\s*(["'])(.*?)\1/gi;
const ATX_HEADING = /^ {0,3}#{1,6}(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/;

/** A code span's text, as CommonMark shows it: one surrounding space stripped when both ends have one. */
const codeText = (content: string) =>
  /^ [\s\S]*[^ ][\s\S]* $/.test(content) ? content.slice(1, -1) : content;

/** The text GitHub shows for a heading's markdown, which its id is made from. */
export function headingText(markdown: string): string {
  const kept: string[] = [];
  const keep = (text: string) => `\uE000${kept.push(text) - 1}\uE000`;
  const text = markdown
    .replace(CODE_SPAN, (_, __, content: string) => keep(codeText(content)))
    .replace(ESCAPED, (_, char: string) => keep(char))
    .replace(INLINE_LINK, (_, image: string, linkText: string) => (image ? '' : linkText))
    .replace(REFERENCE_LINK, (_, image: string, linkText: string) => (image ? '' : linkText))
    .replace(/<[^>]*>/g, '')
    .replace(/(\*\*?)(?=\S)([\s\S]*?\S)\1/g, '$2')
    .replace(/(^|[^\p{L}\p{N}_])(__?)(?=\S)([\s\S]*?\S)\2(?![\p{L}\p{N}_])/gu, '$1$3')
    .replace(/~~(?=\S)([\s\S]*?\S)~~/g, '$1');
  return decodeEntities(text)
    .replace(/\uE000(\d+)\uE000/g, (_, i: string) => kept[Number(i)]!)
    .trim();
}

/** The page's lines as GitHub renders prose: fenced code blocks and HTML comments blanked, line numbers kept. */
function proseLines(markdown: string): string[] {
  const lines = markdown.replace(/<!--[\s\S]*?-->/g, (comment) => comment.replace(/[^\n]/g, '')).split('\n');
  let fence: { char: string; length: number } | undefined;
  return lines.map((line) => {
    const marker = /^\s*(`{3,}|~{3,})(.*)$/.exec(line);
    if (!fence) {
      if (!marker || (marker[1]![0] === '`' && marker[2]!.includes('`'))) return line;
      fence = { char: marker[1]![0]!, length: marker[1]!.length };
      return '';
    }
    if (marker && marker[1]![0] === fence.char && marker[1]!.length >= fence.length && !marker[2]!.trim()) {
      fence = undefined;
    }
    return '';
  });
}

/** Every id a link into the page can name: its headings' and its `<a id>`/`<a name>` anchors. */
export function anchorsOf(markdown: string): Set<string> {
  const slug = headingSlugger();
  const anchors = new Set<string>();
  for (const line of proseLines(markdown)) {
    const heading = ATX_HEADING.exec(line);
    if (heading) anchors.add(slug(headingText(heading[1] ?? '')));
    for (const [, , id] of line.replace(CODE_SPAN, '').matchAll(HTML_ANCHOR)) anchors.add(id!);
  }
  return anchors;
}

const label = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();
const unbracket = (target: string) => (target.startsWith('<') ? target.slice(1, -1) : target);

/** Where the page links to, and the reference-style links that lead nowhere. */
export function linksOf(markdown: string): PageLinks {
  const lines = proseLines(markdown).map((line) => line.replace(CODE_SPAN, '').replace(ESCAPED, ''));
  const definitions = new Map<string, string>();
  for (const line of lines) {
    const definition = DEFINITION.exec(line);
    if (definition && !definitions.has(label(definition[1]!))) {
      definitions.set(label(definition[1]!), unbracket(definition[2]!));
    }
  }
  const page: PageLinks = { links: [], undefinedReferences: [] };
  lines.forEach((text, i) => {
    const line = i + 1;
    if (DEFINITION.test(text)) return;
    for (const [, , , target] of text.matchAll(INLINE_LINK))
      page.links.push({ target: unbracket(target!), line });
    for (const [usage, , linkText, name] of text.replace(INLINE_LINK, '').matchAll(REFERENCE_LINK)) {
      const target = definitions.get(label(name || linkText!));
      if (target === undefined) page.undefinedReferences.push({ target: usage, line });
      else page.links.push({ target, line });
    }
    for (const [, , target] of text.matchAll(HTML_LINK))
      page.links.push({ target: decodeEntities(target!), line });
  });
  return page;
}
