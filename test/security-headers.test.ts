import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from './support/harness.js';

describe('security headers', () => {
  let h: Harness;
  let auth: string;
  beforeAll(async () => {
    h = await startHarness();
    auth = (await h.company()).auth;
  });
  afterAll(() => h.close());

  const responses = () => [
    h.http.get('/healthz'),
    h.http.get('/customers').set('Authorization', auth),
    h.http.get('/customers'),
    h.http.get('/no/such/route'),
    h.http.post('/customers').set('Authorization', auth).set('Content-Type', 'application/json').send('{'),
  ];

  it('tightens helmet on every response: no framing, no base, no plugins, no referrer, no caching', async () => {
    for (const res of await Promise.all(responses())) {
      const csp = res.headers['content-security-policy'];
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("base-uri 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['x-powered-by']).toBeUndefined();
      expect(res.headers['content-type']).toMatch(/^application\/json; charset=utf-8$/);
      expect(res.headers['strict-transport-security']).toBeUndefined();
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
    }
  });

  it('sends HSTS when served over https', async () => {
    const https = await startHarness({ env: { PUBLIC_BASE_URL: 'https://adlink.example' } });
    try {
      const res = await https.http.get('/healthz');
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await https.close();
    }
  });

  it('offers no CORS, even to a preflight', async () => {
    const res = await h.http
      .options('/customers')
      .set('Origin', 'https://evil.example')
      .set('Access-Control-Request-Method', 'POST');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.status).toBeGreaterThanOrEqual(400);
  });

  it('keeps log lines one JSON record each, even for hostile input', async () => {
    const name = 'evil\r\n{"level":60,"msg":"forged"}';
    await h.http.post('/customers').set('Authorization', auth).send({ name });
    await h.http.get('/customers/%0d%0a{"level":60}').set('Authorization', auth);
    for (const line of h.logs.join('').trim().split('\n')) {
      const record = JSON.parse(line);
      expect(record.msg).not.toBe('forged');
    }
  });
});

describe('request log', () => {
  it('redacts secrets a client put in the path', async () => {
    const h = await startHarness();
    try {
      const { auth, token } = await h.company();
      await h.http.get(`/customers/${token}`).set('Authorization', auth);
      await h.http.get('/customers/eyJhbGciOiJFZERTQSJ9.eyJzdWIiOiJ4In0.c2ln').set('Authorization', auth);
      const lines = h.logs.join('');
      expect(lines).not.toContain(token.slice(9));
      expect(lines).not.toContain('eyJzdWIiOiJ4In0');
      expect(lines).toContain('/customers/adl_live_[redacted]');
    } finally {
      await h.close();
    }
  });
});
