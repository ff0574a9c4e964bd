/**
 * A browser without JavaScript: keeps cookies, follows nothing by itself, and fills the forms the
 * hosted pages and the sandbox's consent page show. Drives the real flow over HTTP.
 */
export class FlowClient {
  readonly cookies = new Map<string, string>();
  /** Every response this browser got, in order: for checks over a whole visit (redirect codes, Location hosts). */
  readonly history: { method: string; url: string; status: number; location: string | null }[] = [];

  constructor(readonly baseUrl: string) {}

  async request(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    const target = new URL(url, this.baseUrl);
    if (target.origin === new URL(this.baseUrl).origin && this.cookies.size > 0) {
      headers.set('Cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    }
    const res = await fetch(target, { ...init, headers, redirect: 'manual' });
    this.history.push({
      method: init.method ?? 'GET',
      url: target.href,
      status: res.status,
      location: res.headers.get('location'),
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const name = pair.slice(0, pair.indexOf('='));
      const value = pair.slice(pair.indexOf('=') + 1);
      const expired = attributes.some((a) => /^\s*expires=Thu, 01 Jan 1970/i.test(a)) || value === '';
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }

  get(url: string, headers: Record<string, string> = {}) {
    return this.request(url, { headers });
  }

  post(url: string, form: Record<string, string | string[]>, headers: Record<string, string> = {}) {
    const body = new URLSearchParams();
    for (const [k, v] of Object.entries(form)) for (const item of [v].flat()) body.append(k, item);
    return this.request(url, {
      method: 'POST',
      body: body.toString(),
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Origin: new URL(this.baseUrl).origin,
        ...headers,
      },
    });
  }

  /** Hidden and named inputs of the first form on a page, as the browser would submit them. */
  static formFields(html: string): Record<string, string> {
    const fields: Record<string, string> = {};
    for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
      fields[match[1]!] = decodeHtml(match[2]!);
    }
    return fields;
  }
}

export function decodeHtml(text: string): string {
  return text
    .replace(/&#34;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

export const location = (res: Response): string => {
  const value = res.headers.get('location');
  if (!value) throw new Error(`expected a redirect, got ${res.status}`);
  return value;
};
