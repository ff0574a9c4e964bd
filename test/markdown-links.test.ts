import { describe, expect, it } from 'vitest';
import { anchorsOf, headingSlugger, linksOf } from './support/markdown-links.js';

/** The link checker's model of GitHub: heading ids as github-slugger makes them, links as GitHub renders them. */

describe('heading ids', () => {
  it("follow github-slugger's fixtures, repeats numbered in order", () => {
    const slug = headingSlugger();
    const cases: [string, string][] = [
      ['alpha', 'alpha'],
      ['alpha', 'alpha-1'],
      ['bravoCharlieDelta', 'bravocharliedelta'],
      ['echo', 'echo'],
      ['echo', 'echo-1'],
      ['echo 1', 'echo-1-1'],
      ['echo-1', 'echo-1-2'],
      ['echo', 'echo-2'],
      ['foxtrot-1', 'foxtrot-1'],
      ['foxtrot', 'foxtrot'],
      ['foxtrot', 'foxtrot-2'],
      ['heading with a - dash', 'heading-with-a---dash'],
      ['heading with an _ underscore', 'heading-with-an-_-underscore'],
      ['heading with a period.txt', 'heading-with-a-periodtxt'],
      [
        'exchange.bind_headers(exchange, routing [, bindCallback])',
        'exchangebind_headersexchange-routing--bindcallback',
      ],
      ['apostrophe’s should be trimmed', 'apostrophes-should-be-trimmed'],
      ['I ♥ unicode', 'i--unicode'],
      ['en–dash', 'endash'],
      ['😄 unicode emoji', '-unicode-emoji'],
      ['😄_😄 unicode emoji', '_-unicode-emoji'],
      [':ok_hand: Single', 'ok_hand-single'],
      ['Привет non-latin 你好', 'привет-non-latin-你好'],
    ];
    expect(cases.map(([text]) => slug(text))).toEqual(cases.map(([, id]) => id));
  });

  it("are made from a heading's rendered text: code, links, emphasis and entities reduced", () => {
    const page = [
      '# adlink',
      '## Ad sets and campaigns',
      '### `GET /v1/:platform/adsets`',
      '## Limits',
      '## Limits',
      '## See [Access tokens](#access-tokens) first',
      '## **Bold** and _emphasis_ in `REDIS_KEY_PREFIX` and snake_case_name',
      '## 🚀 Deploy!',
      '## Why? (and how…)',
      '## Q&amp;A',
      '## Closing hashes ##',
      '#NoSpaceIsNoHeading',
      '<a id="custom-anchor"></a>',
      '<a name="old-name"></a>',
      '```md',
      '## Inside a code block',
      '```',
    ].join('\n');
    expect([...anchorsOf(page)].sort()).toEqual(
      [
        'adlink',
        'ad-sets-and-campaigns',
        'get-v1platformadsets',
        'limits',
        'limits-1',
        'see-access-tokens-first',
        'bold-and-emphasis-in-redis_key_prefix-and-snake_case_name',
        '-deploy',
        'why-and-how',
        'qa',
        'closing-hashes',
        'custom-anchor',
        'old-name',
      ].sort(),
    );
  });
});

describe('links', () => {
  it('are inline links, images, resolved references and HTML links outside code and comments', () => {
    const page = [
      'See [the API](#api), [config](docs/configuration.md#variables "Variables") and ![logo](<public/a logo.svg>).',
      '`[not](code.md)`, ``[nor](double.md)`` and \\[nor](escaped.md).',
      '[A guide][Guide], [guide][] and [lost][nowhere].',
      '<a href="bench/README.md">bench</a> <img src="public/x.png" alt="">',
      '',
      '[guide]: docs/guide.md',
      '~~~',
      '[inside](fenced.md)',
      '~~~',
      '<!-- [hidden](comment.md)',
      '-->',
      '[external](https://example.com/a_(b)) [mail](mailto:team@example.com)',
    ].join('\n');
    const { links, undefinedReferences } = linksOf(page);
    expect(links).toEqual([
      { target: '#api', line: 1 },
      { target: 'docs/configuration.md#variables', line: 1 },
      { target: 'public/a logo.svg', line: 1 },
      { target: 'docs/guide.md', line: 3 },
      { target: 'docs/guide.md', line: 3 },
      { target: 'bench/README.md', line: 4 },
      { target: 'public/x.png', line: 4 },
      { target: 'https://example.com/a_(b)', line: 12 },
      { target: 'mailto:team@example.com', line: 12 },
    ]);
    expect(undefinedReferences).toEqual([{ target: '[lost][nowhere]', line: 3 }]);
  });
});
