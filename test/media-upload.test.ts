import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SandboxScenario, sandboxScenario } from './support/adsets-scenario.js';
import type { Company } from './support/connect-helpers.js';
import { type Harness, startHarness } from './support/harness.js';
import { gif, jpeg, png } from './support/images.js';

const BOUNDARY = 'adlink-upload-test';
const MB = 1024 * 1024;

interface Outcome {
  status: number;
  body: { error?: { code: string; param?: string; message: string } };
  /** Bytes of the body the client could send before adlink answered or closed the connection. */
  sent: number;
}

/**
 * Streams a multipart upload of `fileBytes` bytes (a PNG header, then filler) in 64 kB chunks,
 * `Transfer-Encoding: chunked` unless `declare` sends its length, and stops sending as soon as adlink
 * answers: what was sent by then is at most what adlink read, plus the sockets' buffers.
 */
function streamUpload(h: Harness, path: string, auth: string | null, fileBytes: number, declare = false) {
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="advertiser"\r\n\r\nact\r\n` +
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\n` +
      'Content-Type: image/png\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  const total = head.length + fileBytes + tail.length;
  return new Promise<Outcome>((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const req = request(`${h.baseUrl}${path}`, {
      method: 'POST',
      headers: {
        'Content-Type': `multipart/form-data; boundary=${BOUNDARY}`,
        ...(auth ? { Authorization: auth } : {}),
        ...(declare ? { 'Content-Length': String(total) } : {}),
      },
    });
    req.on('response', (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode!, body: JSON.parse(Buffer.concat(chunks).toString()), sent }),
      );
    });
    req.on('error', (err) => (answered ? undefined : reject(err)));
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    const pump = () => {
      if (answered || req.destroyed) return;
      if (sent === 0) {
        req.write(Buffer.concat([head, png(1200, 628)]));
        sent += head.length;
      }
      while (sent < total - tail.length && !answered) {
        sent += chunk.length;
        if (!req.write(chunk)) {
          req.once('drain', pump);
          return;
        }
      }
      if (!answered) req.end(tail);
    };
    pump();
  });
}

describe('POST /v1/:platform/media: uploads are streamed and capped', () => {
  let h: Harness;
  let company: Company;
  let s: SandboxScenario;
  const path = () => `/v1/sandbox/media?customer=${s.client.customer}`;

  beforeAll(async () => {
    h = await startHarness();
    company = await h.company('Uploads');
    s = await sandboxScenario(h, company, 'Bakery');
  });
  afterAll(() => h?.close());

  it('refuses a 60 MB file on the sandbox (5 MB) long before reading it whole, naming file', async () => {
    const outcome = await streamUpload(h, path(), company.auth, 60 * MB);
    expect(outcome.status).toBe(400);
    expect(outcome.body.error).toMatchObject({ code: 'invalid_request', param: 'file' });
    expect(outcome.body.error!.message).toMatch(/at most 5 MB/);
    // The cap (5 MB), plus what the sockets buffer between the client and adlink.
    expect(outcome.sent).toBeLessThan(16 * MB);
  });

  it('refuses at once what Content-Length says is over the cap, reading none of it', async () => {
    const outcome = await streamUpload(h, path(), company.auth, 60 * MB, true);
    expect(outcome.status).toBe(400);
    expect(outcome.body.error).toMatchObject({ param: 'file' });
    expect(outcome.sent).toBeLessThan(16 * MB);
  });

  it('refuses an unauthenticated upload before reading its body', async () => {
    const outcome = await streamUpload(h, path(), null, 60 * MB);
    expect(outcome.status).toBe(401);
    expect(outcome.sent).toBeLessThan(16 * MB);
  });

  const upload = (
    file: Buffer,
    name = 'image',
    fields: Record<string, string> = { advertiser: s.eur.id },
  ) => {
    let req = h.http.post(path()).set('Authorization', company.auth);
    for (const [k, v] of Object.entries(fields)) req = req.field(k, v);
    return req.attach('file', file, name);
  };

  it('answers each refusal with 400 naming the part at fault, and keeps nothing', async () => {
    const cases: [string, () => ReturnType<typeof upload>, string, RegExp][] = [
      ['a GIF', () => upload(gif(1200, 628)), 'file', /image\/png, image\/jpeg/],
      ['too small', () => upload(png(150, 150)), 'file', /at least 200×200/],
      ['a 3:1 ratio', () => upload(png(1500, 500)), 'file', /aspect ratio/],
      ['not an image', () => upload(Buffer.from('hello, world')), 'file', /not an image/],
      ['an empty file', () => upload(Buffer.alloc(0)), 'file', /empty/],
      ['no advertiser', () => upload(png(1200, 628), 'a.png', {}), 'advertiser', /advertiser/],
      [
        'an unknown field',
        () => upload(png(1200, 628), 'a.png', { advertiser: s.eur.id, caption: 'x' }),
        'caption',
        /Unknown field/,
      ],
      [
        'another account',
        () => upload(png(1200, 628), 'a.png', { advertiser: 'act_other' }),
        'advertiser',
        /connected ad accounts/,
      ],
    ];
    for (const [what, send, param, message] of cases) {
      const res = await send();
      expect(res.status, `${what}: ${res.text}`).toBe(400);
      expect(res.body.error.param, what).toBe(param);
      expect(res.body.error.message, what).toMatch(message);
    }
    const json = await h.http.post(path()).set('Authorization', company.auth).send({ advertiser: s.eur.id });
    expect(json.status).toBe(400);
    expect(json.body.error.param).toBe('file');
    const listed = await h.http
      .get('/v1/sandbox/media')
      .query({ customer: s.client.customer, advertiser: s.eur.id })
      .set('Authorization', company.auth);
    expect(listed.body.data).toEqual([]);
  });

  it('takes a JPEG, reading its type and size from the bytes whatever its name says', async () => {
    const res = await upload(jpeg(1080, 1350), 'photo.png');
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({
      contentType: 'image/jpeg',
      width: 1080,
      height: 1350,
      name: 'photo.png',
    });
  });

  it('is idempotent by content per ad account: the same bytes for another account are another upload', async () => {
    const file = png(1080, 1080);
    const first = await upload(file);
    const again = await upload(file);
    const other = await upload(file, 'image', { advertiser: s.usd.id });
    expect([first.status, again.status, other.status]).toEqual([201, 200, 201]);
    expect(again.body.id).toBe(first.body.id);
    expect(other.body.id).not.toBe(first.body.id);
    expect(other.body.advertiser).toBe(s.usd.id);
  });
});
