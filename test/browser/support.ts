import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
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
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, timeout: 20_000 });
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
 * form of those hidden fields posting to action, as a cross-origin attacker would.
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
