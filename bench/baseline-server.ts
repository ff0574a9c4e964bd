import { createHash, createPrivateKey, createPublicKey, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import busboy from 'busboy';
import express from 'express';
import helmet from 'helmet';
import { Redis } from 'ioredis';
import { jwtVerify, SignJWT } from 'jose';

/**
 * The bare stack adlink is measured against, in a process of its own: express + helmet + jose +
 * ioredis on the same Redis, with adlink's algorithm (EdDSA) and claims.
 *   B1  GET  /b1/customers/:id/connect   sign a JWT, SET it with EX
 *   B2  POST /b2/introspect  {"token"}    verify a JWT, GET a key
 *   B3  GET  /                            node:http hello JSON (its own port)
 *   B5  POST /b5/upload  multipart `file`  busboy: hold the file's bytes, SHA-256 them
 */
const env = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};
const issuer = env('ISSUER');
const prefix = env('REDIS_KEY_PREFIX');
const privateKey = createPrivateKey({
  key: Buffer.from(env('SIGNING_KEY'), 'base64'),
  format: 'der',
  type: 'pkcs8',
});
const publicKey = createPublicKey(privateKey);
const redis = new Redis(env('REDIS_URL'), { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
await new Promise((resolve) => redis.once('ready', resolve));

const app = express();
app.use(helmet());
app.get('/b1/customers/:id/connect', async (req, res) => {
  const jti = randomBytes(16).toString('base64url');
  const iat = Math.floor(Date.now() / 1000);
  const token = await new SignJWT({ company: 'bench' })
    .setProtectedHeader({ alg: 'EdDSA', kid: 'bench', typ: 'adlink-connect+jwt' })
    .setIssuer(issuer)
    .setAudience('adlink:connect')
    .setSubject(req.params.id)
    .setJti(jti)
    .setIssuedAt(iat)
    .setExpirationTime(iat + 900)
    .sign(privateKey);
  await redis.set(
    `${prefix}b1:${jti}`,
    JSON.stringify({ customer: req.params.id, exp: iat + 900 }),
    'EX',
    900,
  );
  res.json({
    connect_url: `${issuer}/connections?customer=${req.params.id}&token=${token}`,
    expires_at: new Date((iat + 900) * 1000).toISOString(),
  });
});
app.post('/b2/introspect', express.json(), async (req, res) => {
  const { payload } = await jwtVerify(String(req.body.token), publicKey, {
    algorithms: ['EdDSA'],
    issuer,
    audience: 'adlink:connect',
  });
  const record = await redis.get(`${prefix}b1:${payload.jti}`);
  res.json(record ? { active: true, ...payload } : { active: false });
});
app.post('/b5/upload', (req, res) => {
  const parser = busboy({ headers: req.headers, limits: { files: 1, fileSize: 5 * 1024 * 1024 } });
  let answer: { sha256: string; bytes: number } | undefined;
  parser.on('file', (_name, stream) => {
    const hash = createHash('sha256');
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => {
      hash.update(chunk);
      chunks.push(chunk);
    });
    stream.on('end', () => {
      answer = { sha256: hash.digest('hex'), bytes: Buffer.concat(chunks).length };
    });
  });
  parser.on('close', () => res.status(answer ? 200 : 400).json(answer ?? {}));
  req.pipe(parser);
});
app.listen(Number(env('B_EXPRESS_PORT')), '127.0.0.1');

createServer((_req, res) => {
  res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"hello":"world"}');
}).listen(Number(env('B_HTTP_PORT')), '127.0.0.1');

console.log('baselines ready');
// Exits, rather than being killed, so that a profile asked for (BENCH_CPU_PROF) is written.
process.once('SIGTERM', () => process.exit(0));
