import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createEventsWorker } from '../../src/app.js';
import { createEvents } from '../../src/events/create.js';
import type { Harness } from './harness.js';

export interface Received {
  headers: IncomingMessage['headers'];
  body: string;
}

/**
 * A vendor's webhook endpoint on 127.0.0.1: records every request and answers with the status
 * `answer` picks for it (by its position), optionally holding the answer until released.
 */
export async function startReceiver(answer: (index: number) => number = () => 200) {
  const received: Received[] = [];
  const held: (() => void)[] = [];
  let hold = false;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const index = received.length;
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      const reply = () => res.writeHead(answer(index)).end(`answer ${index}`);
      if (hold) held.push(reply);
      else reply();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  return {
    url,
    received,
    /** Holds answers from now on until `release`. */
    hold() {
      hold = true;
    },
    release() {
      hold = false;
      for (const reply of held.splice(0)) reply();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Polls `check` until it returns a value (not undefined/false), for at most `ms`. */
export async function eventually<T>(check: () => Promise<T | undefined | false>, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** The harness's events service (to emit events as the app does) and a started worker delivering them. */
export async function eventsWithWorker(h: Harness) {
  const { events } = createEvents({
    kv: h.store.kv,
    prefix: h.prefix,
    encryption: h.keys.encryption,
    webhooks: h.config.webhooks,
    log: h.log,
  });
  const worker = createEventsWorker({ config: h.config, store: h.store, log: h.log, keys: h.keys });
  await worker.start();
  return { events, worker };
}
