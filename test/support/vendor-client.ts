import { expect } from 'vitest';
import { expectFlowHeaders, expectNoInternals, expectOnlyNoncedScripts, heading } from './connect-helpers.js';
import { decodeHtml, FlowClient, location } from './flow-client.js';
import type { Harness } from './harness.js';

/** The value of the first `_csrf` hidden input of a page, or null. */
export function csrfOf(html: string): string | null {
  const match = /<input type="hidden" name="_csrf" value="([^"]*)">/.exec(html);
  return match ? decodeHtml(match[1]!) : null;
}

/** The hidden and named inputs of the form whose action is `action` (the first one, when several post there). */
export function formFor(html: string, action: string, index = 0): Record<string, string> {
  const forms = [...html.matchAll(/<form method="post" action="([^"]*)"[^>]*>([\s\S]*?)<\/form>/g)].filter(
    (m) => decodeHtml(m[1]!) === action,
  );
  const form = forms[index];
  if (!form) throw new Error(`no form posting to ${action} on the page`);
  const fields: Record<string, string> = {};
  for (const input of form[2]!.matchAll(/<input\b[^>]*>/g)) {
    const name = /\sname="([^"]*)"/.exec(input[0])?.[1];
    const value = /\svalue="([^"]*)"/.exec(input[0])?.[1] ?? '';
    if (name) fields[decodeHtml(name)] = decodeHtml(value);
  }
  return fields;
}

/**
 * A vendor's browser on the integrations pages, without JavaScript: signs in through a real one-time
 * link, keeps the session cookie, and submits forms with the CSRF token read from the last page.
 */
export class VendorClient extends FlowClient {
  /** The `_csrf` of the last page that had a form. */
  csrf: string | null = null;

  /** GET a page; remembers its CSRF token. */
  async page(path: string, headers: Record<string, string> = {}): Promise<{ res: Response; html: string }> {
    const res = await this.get(path, headers);
    const html = await res.text();
    this.csrf = csrfOf(html) ?? this.csrf;
    return { res, html };
  }

  /**
   * POST a form as the page would: `_csrf` from the last page unless `fields` gives one (or `null`
   * leaves it out), Origin ours unless `headers` says otherwise.
   */
  async submit(
    action: string,
    fields: Record<string, string | null> = {},
    headers: Record<string, string> = {},
  ): Promise<{ res: Response; html: string }> {
    const form: Record<string, string> = {};
    const csrf = '_csrf' in fields ? fields._csrf : this.csrf;
    if (csrf !== null && csrf !== undefined) form._csrf = csrf;
    for (const [name, value] of Object.entries(fields))
      if (name !== '_csrf' && value !== null) form[name] = value;
    const res = await this.post(action, form, headers);
    const html = await res.text();
    this.csrf = csrfOf(html) ?? this.csrf;
    return { res, html };
  }

  /** The session cookie's value (the name has no `__Host-` prefix over http). */
  get session(): string | undefined {
    return this.cookies.get('adlink_vendor') ?? this.cookies.get('__Host-adlink_vendor');
  }

  /** Signs in to a company's integrations pages: link → sign-in page → its form, with our Origin. */
  static async signIn(h: Harness, companyId: string): Promise<VendorClient> {
    const browser = new VendorClient(h.baseUrl);
    const token = await h.store.vendorSessions.createLoginLink(companyId);
    const landing = await browser.get(`/integrations/login?token=${encodeURIComponent(token)}`);
    expect(landing.status).toBe(200);
    const fields = formFor(await landing.text(), '/integrations/login');
    expect(fields.token).toBe(token);
    const signedIn = await browser.post('/integrations/login', fields);
    expect(signedIn.status).toBe(303);
    expect(location(signedIn)).toBe('/integrations');
    expect(browser.session).toBeDefined();
    await browser.page('/integrations');
    expect(browser.csrf).toBeTruthy();
    return browser;
  }
}

/** An HTML page of the integrations area with this status and <h1>, with the headers every page has. */
export function expectPage(res: Response, html: string, status: number, title: string | RegExp) {
  expect(res.status, html.slice(0, 600)).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^text\/html; charset=utf-8$/i);
  if (typeof title === 'string') expect(heading(html)).toBe(title);
  else expect(heading(html)).toMatch(title);
  expectNoInternals(html);
  expectFlowHeaders(res.headers, { page: true });
  expectOnlyNoncedScripts(html, res.headers);
  expect(res.headers.get('location')).toBeNull();
}

/** The message shown under a form field with this id, or ''. */
export const fieldError = (html: string, id: string) =>
  decodeHtml(new RegExp(`<p class="error" id="${id}-error" role="alert">([^<]*)</p>`).exec(html)?.[1] ?? '');
