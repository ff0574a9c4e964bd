import type { Response } from 'supertest';
import { expect } from 'vitest';
import { apiError, type Company } from './connect-helpers.js';
import type { Harness } from './harness.js';

/** The vendor's side of the ad-set API: one company acting for one customer. */

export interface AdSetBody {
  id: string;
  name: string;
  platform: string;
  status: string;
  advertiser: string;
  parentId: string;
  campaignId: string;
  channelKind: string;
  settings: Record<string, unknown>[];
  ads?: { id: string; name: string; status: string; adSetId: string; targetings?: unknown[] }[];
  targetings?: Record<string, unknown>[];
}

export interface ListBody {
  has_more: boolean;
  next_cursor?: string;
  data: AdSetBody[];
}

type Query = Record<string, string | number | boolean>;

export class AdSetClient {
  constructor(
    private readonly h: Harness,
    readonly company: Company,
    readonly customer: string,
    readonly platform = 'sandbox',
  ) {}

  private q(query: Query = {}) {
    return { customer: this.customer, ...query };
  }

  list(query: Query = {}) {
    return this.h.http
      .get(`/v1/${this.platform}/adsets`)
      .query(this.q(query))
      .set('Authorization', this.company.auth);
  }

  get(id: string, query: Query = {}) {
    return this.h.http
      .get(`/v1/${this.platform}/adsets/${encodeURIComponent(id)}`)
      .query(this.q(query))
      .set('Authorization', this.company.auth);
  }

  create(body: object, headers: Record<string, string> = {}) {
    return this.h.http
      .post(`/v1/${this.platform}/adsets`)
      .query(this.q())
      .set('Authorization', this.company.auth)
      .set(headers)
      .send(body);
  }

  /** The same create as a URL-encoded form: settings and targetings JSON-encoded. */
  createForm(body: Record<string, unknown>) {
    return this.h.http
      .post(`/v1/${this.platform}/adsets`)
      .query(this.q())
      .set('Authorization', this.company.auth)
      .type('form')
      .send(formFields(body));
  }

  /** The same create as multipart/form-data: settings and targetings JSON-encoded. */
  createMultipart(body: Record<string, unknown>) {
    let req = this.h.http
      .post(`/v1/${this.platform}/adsets`)
      .query(this.q())
      .set('Authorization', this.company.auth);
    for (const [name, value] of Object.entries(formFields(body))) req = req.field(name, value);
    return req;
  }

  put(id: string, body: object) {
    return this.h.http
      .put(`/v1/${this.platform}/adsets/${encodeURIComponent(id)}`)
      .query(this.q())
      .set('Authorization', this.company.auth)
      .send(body);
  }

  delete(id: string) {
    return this.h.http
      .delete(`/v1/${this.platform}/adsets/${encodeURIComponent(id)}`)
      .query(this.q())
      .set('Authorization', this.company.auth);
  }

  advertisers() {
    return this.h.http
      .get(`/v1/${this.platform}/advertisers`)
      .query(this.q())
      .set('Authorization', this.company.auth);
  }

  campaigns(query: Query = {}) {
    return this.h.http.get('/campaigns').query(this.q(query)).set('Authorization', this.company.auth);
  }

  connections() {
    return this.h.http.get(`/customers/${this.customer}/connections`).set('Authorization', this.company.auth);
  }

  async connectionStatus(): Promise<string | undefined> {
    const res = await this.connections();
    expect(res.status).toBe(200);
    return (res.body.data as { platform: string; status: string }[]).find((c) => c.platform === this.platform)
      ?.status;
  }

  /** Every ad set, following next_cursor with this page size; checks each page's shape on the way. */
  async all(query: Query = {}, limit = 100): Promise<{ items: AdSetBody[]; pages: ListBody[] }> {
    const items: AdSetBody[] = [];
    const pages: ListBody[] = [];
    let cursor: string | undefined;
    for (let i = 0; i < 10_000; i++) {
      const res = await this.list({ ...query, limit, ...(cursor ? { cursor } : {}) });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const page = res.body as ListBody;
      pages.push(page);
      items.push(...page.data);
      if (page.has_more) {
        expect(page.data.length).toBe(limit);
        expect(typeof page.next_cursor).toBe('string');
        cursor = page.next_cursor;
      } else {
        expect(page.data.length).toBeLessThanOrEqual(limit);
        expect('next_cursor' in page).toBe(false);
        return { items, pages };
      }
    }
    throw new Error('pagination does not end');
  }
}

/** Body fields as a form sends them: strings, with settings and targetings JSON-encoded. */
export function formFields(body: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(body).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
  );
}

/** An error answer: status, code and (when given; null means absent) param. */
export function expectError(res: Response, status: number, code: string, param?: string | null) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  const error = apiError(res);
  expect(error.code, JSON.stringify(res.body)).toBe(code);
  if (param === null) expect(error.param).toBeUndefined();
  else if (param !== undefined) expect(error.param, JSON.stringify(res.body)).toBe(param);
  expect(typeof error.message).toBe('string');
  return error;
}

/** The status, code and param of an answer, for comparing whole lists of cases at once. */
export const outcome = (res: Response) => ({
  status: res.status,
  code: apiError(res).code,
  param: apiError(res).param,
});
