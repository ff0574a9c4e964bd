import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { crc32, deflateSync } from 'node:zlib';
import { type Browser, chromium, type Page } from 'playwright-core';

/** Debian's Chromium (`.ci/run` installs it); the browser tests never download a browser of their own. */
export const CHROMIUM = '/usr/bin/chromium';

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Chromium driven by playwright-core; fails (never skips) when the browser is not installed. */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `The browser tests need Chromium at ${CHROMIUM}, which is missing. Install it with ` +
        '`apt-get install -y chromium` (do not run `npx playwright install`).',
    );
  }
  // Generous: several test files start a browser at once, on a machine that may be busy.
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, timeout: 90_000 });
}

/** One request the vendor's redirect_uri received. */
export interface VendorHit {
  url: URL;
  at: number;
}

export interface VendorReturn {
  /** The redirect_uri to register: http on 127.0.0.1 is allowed for development. */
  url: string;
  origin: string;
  hits: VendorHit[];
  close(): Promise<void>;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The vendor's side, another origin: its redirect_uri records the query it receives and answers 200
 * "returned"; /frame?src=… tries to frame a URL; /post?action=…&name=value… is a page (no referrer) with a
 * form of those hidden fields posting to action, as a cross-origin attacker would; /embed is an onboarding
 * page opening a connect link with adlink's embed script.
 */
export async function startVendorReturn(): Promise<VendorReturn> {
  const hits: VendorHit[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', origin);
    if (url.pathname === '/vendor/return') {
      hits.push({ url, at: Date.now() });
      res.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8' }).end('returned');
    } else if (url.pathname === '/frame') {
      const src = escapeHtml(url.searchParams.get('src') ?? 'about:blank');
      res
        .writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' })
        .end(`<!doctype html><title>framer</title><iframe id="victim" src="${src}"></iframe>`);
    } else if (url.pathname === '/post') {
      const fields = [...url.searchParams]
        .filter(([name]) => name !== 'action')
        .map(
          ([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`,
        )
        .join('');
      const action = escapeHtml(url.searchParams.get('action') ?? '/');
      res
        .writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' })
        .end(
          `<!doctype html><meta name="referrer" content="no-referrer"><title>poster</title>` +
            `<form method="post" action="${action}">${fields}<button>Send</button></form>`,
        );
    } else if (url.pathname === '/embed') {
      // The vendor's onboarding page with adlink's embed: ?adlink=<adlink origin>&connect=<connect_url>.
      const adlink = escapeHtml(new URL(url.searchParams.get('adlink') ?? 'http://invalid').origin);
      res
        .writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' })
        .end(
          `<!doctype html><title>onboarding</title><script src="${adlink}/assets/adlink.js"></script>` +
            `<button id="connect">Connect ad accounts</button><script>window.adlinkEvents = [];` +
            `document.getElementById('connect').addEventListener('click', () => Adlink.open({` +
            `connectUrl: new URLSearchParams(location.search).get('connect'), mode: 'popup',` +
            `onEvent: (e) => window.adlinkEvents.push(e) }));</script>`,
        );
    } else {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: `${origin}/vendor/return`,
    origin,
    hits,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string; summary: string }[];
}

/**
 * axe-core on the current page. It is evaluated over the DevTools protocol, which the pages' CSP
 * (scripts only by nonce) does not govern, so the pages are checked with their real CSP in force.
 */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  await page.evaluate(`${axeSource}\n;undefined`);
  return page.evaluate(`
    axe.run(document, { resultTypes: ['violations'] }).then((results) =>
      results.violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        nodes: v.nodes.map((n) => ({
          target: n.target.join(' '),
          summary: (n.failureSummary || '').replace(/\\s+/g, ' ').trim(),
        })),
      })),
    )
  `) as Promise<AxeViolation[]>;
}

export const BLOCKING_IMPACTS = new Set(['serious', 'critical']);

/** One line per violation and node, for failure messages a person can act on. */
export function describeViolations(label: string, violations: AxeViolation[]): string[] {
  return violations.flatMap((v) =>
    v.nodes.map((n) => `[${label}] ${v.impact ?? 'n/a'} ${v.id} (${v.help}) at ${n.target}: ${n.summary}`),
  );
}

/**
 * Console errors and uncaught exceptions of a page, collected for an `expect(...).toEqual([])` at the
 * end. Chromium asks every origin for /favicon.ico on its own; the test vendor's server has none (adlink's
 * is checked in server-start.test.ts), so those 404s are not counted.
 */
export function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    const { url } = message.location();
    if (message.type() === 'error' && !url.endsWith('/favicon.ico')) {
      problems.push(`console: ${message.text()} (${url})`);
    }
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

/**
 * What makes a page wider than the window (a phone must never scroll the whole page sideways; wide
 * tables scroll inside their .table-wrap): the document's scroll width and the elements that stick out.
 */
export async function horizontalOverflow(
  page: Page,
): Promise<{ scrollWidth: number; width: number; culprits: string[] }> {
  return page.evaluate(`(() => {
    const width = document.documentElement.clientWidth;
    // Inside a scrolling box an element may stick out, unless it is positioned and escapes the box.
    const contained = (el) => {
      const positioned = ['absolute', 'fixed'].includes(getComputedStyle(el).position);
      for (let p = el.parentElement; p; p = p.parentElement) {
        const style = getComputedStyle(p);
        if (['auto', 'scroll', 'hidden', 'clip'].includes(style.overflowX)) {
          return !positioned || style.position !== 'static';
        }
      }
      return false;
    };
    const culprits = [...document.body.querySelectorAll('*')]
      .filter((el) => el.getBoundingClientRect().right > width + 1 && !contained(el))
      .slice(0, 10)
      .map((el) => el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') +
        (el.className && typeof el.className === 'string' ? '.' + el.className.trim().split(/\\s+/).join('.') : '') +
        ' right=' + Math.round(el.getBoundingClientRect().right));
    return { scrollWidth: document.documentElement.scrollWidth, width, culprits };
  })()`);
}

const pngChunk = (type: string, data: Buffer) => {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};

/**
 * A small valid PNG: a square of `size` pixels in `background` with a centred square in `foreground`
 * (RGB, 8 bits per channel), for logo uploads that a browser really decodes.
 */
export function squarePng(
  size = 48,
  background: [number, number, number] = [31, 79, 214],
  foreground: [number, number, number] = [255, 255, 255],
): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit depth, truecolour, deflate, no filter, no interlace
  const rows: number[] = [];
  for (let y = 0; y < size; y++) {
    rows.push(0); // filter: none
    for (let x = 0; x < size; x++) {
      const inner = Math.min(x, y, size - 1 - x, size - 1 - y) >= size / 4;
      rows.push(...(inner ? foreground : background));
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.from(rows))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

const ADLINK_BIN = fileURLToPath(new URL('../../bin/adlink.js', import.meta.url));

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs `adlink ...args` (bin/adlink.js) as a child process, as an operator would: a clean environment
 * (PATH, HOME, TMPDIR) plus `env`, and a time limit.
 */
export function runAdlink(
  args: string[],
  env: Record<string, string>,
  timeoutMs = 20_000,
): Promise<CliResult> {
  const clean: Record<string, string> = {};
  for (const name of ['PATH', 'HOME', 'TMPDIR']) {
    const value = process.env[name];
    if (value !== undefined) clean[name] = value;
  }
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [ADLINK_BIN, ...args],
      { env: { ...clean, ...env }, timeout: timeoutMs },
      (err, stdout, stderr) => {
        const code = err ? (typeof err.code === 'number' ? err.code : null) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

/**
 * Past the hosted "Choose ad accounts" step when the grant reached more than one account (the sandbox
 * preselects every account on its consent page), sent as shown: then on the overview.
 */
export async function keepAccountChoice(page: Page, baseUrl: string): Promise<void> {
  await page.waitForURL(
    (url) =>
      url.href.startsWith(`${baseUrl}/connections?connected=`) ||
      /^\/connections\/[a-z]+\/accounts$/.test(url.pathname),
  );
  if (new URL(page.url()).pathname.endsWith('/accounts')) {
    await page.locator('form[action$="/accounts"] button[type="submit"]').click();
  }
}
