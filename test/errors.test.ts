import express from 'express';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, jsonErrorHandler } from '../src/errors.js';
import { createLogger } from '../src/logger.js';
import { readDoc } from './support/docs.js';
import { type Harness, startHarness } from './support/harness.js';

describe('one error model', () => {
  let h: Harness;
  let auth: string;
  beforeAll(async () => {
    h = await startHarness();
    auth = (await h.company()).auth;
  });
  afterAll(() => h.close());

  it('malformed JSON → 400 invalid_json', async () => {
    const res = await h.http
      .post('/customers')
      .set('Authorization', auth)
      .set('Content-Type', 'application/json')
      .send('{"name": ');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: {
        type: 'invalid_request_error',
        code: 'invalid_json',
        message: expect.any(String),
        request_id: res.headers['x-request-id'],
      },
    });
  });

  it('a JSON body that is not an object → 400', async () => {
    for (const raw of ['[1,2]', '"name"', 'null']) {
      const res = await h.http
        .post('/customers')
        .set('Authorization', auth)
        .set('Content-Type', 'application/json')
        .send(raw);
      expect(res.status).toBe(400);
      expect(['invalid_json', 'invalid_request']).toContain(res.body.error.code);
    }
  });

  it.each([
    ['text/plain', 'name=x'],
    ['application/x-www-form-urlencoded', 'name=x'],
    ['application/xml', '<name>x</name>'],
  ])('Content-Type %s → 415', async (type, body) => {
    const res = await h.http
      .post('/customers')
      .set('Authorization', auth)
      .set('Content-Type', type)
      .send(body);
    expect(res.status).toBe(415);
    expect(res.body.error).toMatchObject({ code: 'unsupported_media_type', param: 'Content-Type' });
  });

  it('a body over 100 kB → 413', async () => {
    const res = await h.http
      .post('/customers')
      .set('Authorization', auth)
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ name: 'x'.repeat(110_000) }));
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe('payload_too_large');
  });

  it('unknown route → 404 route_not_found', async () => {
    const res = await h.http.get('/nothing/here').set('Authorization', auth);
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('route_not_found');
  });

  it.each([
    ['patch', '/customers', 'POST, GET, HEAD'],
    ['put', '/customers/00000000-0000-4000-8000-000000000000', 'GET, HEAD, DELETE'],
    ['post', '/customers/00000000-0000-4000-8000-000000000000/platforms', 'GET, HEAD'],
    ['delete', '/healthz', 'GET, HEAD'],
  ])('%s %s → 405 with Allow', async (method, path, allow) => {
    const res = await h.http[method as 'get'](path).set('Authorization', auth);
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe(allow);
    expect(res.body.error.code).toBe('method_not_allowed');
  });

  it('echoes a well-formed X-Request-Id and replaces a malformed one', async () => {
    const given = await h.http.get('/healthz').set('X-Request-Id', 'trace-1234-abcd');
    expect(given.headers['x-request-id']).toBe('trace-1234-abcd');
    const bad = await h.http.get('/healthz').set('X-Request-Id', 'bad id with spaces');
    expect(bad.headers['x-request-id']).toMatch(/^req_[A-Za-z0-9_-]{22}$/);
  });

  it('an unexpected failure → 500 with a generic message, details only in the log', async () => {
    const logs: string[] = [];
    const log = createLogger('info', { write: (line: string) => logs.push(line) } as never);
    const app = express();
    app.use((req, _res, next) => {
      req.id = 'req_test';
      next();
    });
    app.get('/boom', () => {
      throw new Error('database password is hunter2 at /srv/app.js:12');
    });
    app.use(jsonErrorHandler(log));
    const res = await supertest(app).get('/boom');
    expect(res.status).toBe(500);
    expect(res.body).toEqual({
      error: {
        type: 'api_error',
        code: 'internal_error',
        message: 'An unexpected error occurred.',
        request_id: 'req_test',
      },
    });
    expect(res.text).not.toContain('hunter2');
    expect(logs.join('')).toContain('hunter2');
  });

  it('every error code has a status, a type and an entry in docs/api.md', () => {
    const page = readDoc('docs/api.md');
    for (const [code, { status }] of Object.entries(ERROR_CODES)) {
      expect(page).toMatch(new RegExp(`\\| \`${code}\` \\| ${status} \\|`));
    }
  });

  it('health endpoints answer without authentication', async () => {
    expect((await h.http.get('/healthz')).body).toEqual({ status: 'ok', role: 'all' });
    expect((await h.http.get('/readyz')).body).toEqual({ status: 'ready', role: 'all' });
  });

  it('endpoints without authentication check their query like every endpoint', async () => {
    for (const path of ['/healthz', '/readyz', '/openapi.json', '/.well-known/jwks.json']) {
      const unknown = await h.http.get(`${path}?v=2`);
      expect(unknown.status, path).toBe(400);
      expect(unknown.body.error).toMatchObject({ code: 'unknown_parameter', param: 'v' });
      const repeated = await h.http.get(`${path}?v=1&v=2`);
      expect(repeated.status, path).toBe(400);
      expect(repeated.body.error).toMatchObject({ code: 'parameter_repeated', param: 'v' });
      const polluting = await h.http.get(`${path}?__proto__=1`);
      expect(polluting.status, path).toBe(400);
      expect(polluting.body.error).toMatchObject({ code: 'invalid_request', param: '__proto__' });
    }
  });
});

describe('malformed URLs', () => {
  it('answers broken percent-encoding in a path with 400, on the API and on the pages', async () => {
    const h = await startHarness();
    try {
      const { auth } = await h.company();
      for (const path of [
        '/customers/%E0%A4%A',
        '/customers/%ZZ/platforms',
        '/v1/sandbox/adsets/%ZZ?customer=x',
      ]) {
        const res = await h.http.get(path).set('Authorization', auth);
        expect(res.status, path).toBe(400);
        expect(res.body.error).toMatchObject({ code: 'invalid_request', param: 'path' });
      }
      for (const path of ['/integrations/customers/%ZZ', '/connections/oauth/%ZZ/callback']) {
        const res = await h.http.get(path);
        expect(res.status, path).toBeLessThan(500);
        expect(res.text).not.toContain('URIError');
      }
      const many = new URLSearchParams(
        Array.from({ length: 200 }, (_, i): [string, string] => [`p${i}`, 'x']),
      ).toString();
      const form = await h.http
        .post('/sessions/introspect')
        .set('Authorization', auth)
        .type('form')
        .send(many);
      expect(form.status).toBe(400);
      const page = await h.http.post('/connections/session').set('Origin', h.baseUrl).type('form').send(many);
      expect(page.status).toBeLessThan(500);
      expect(h.logs.join('')).not.toContain('"level":50');
    } finally {
      await h.close();
    }
  });
});
