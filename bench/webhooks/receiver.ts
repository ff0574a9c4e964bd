import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';

/** What the receiver saw of one phase: every delivery counted per event, with its latency. */
export interface Receipts {
  /** Deliveries per event id. */
  perEvent: Map<string, number>;
  /** The keys (`data.id`: the access token's id, or B4's job key) of the events received. */
  keys: Set<string>;
  /** Event to receipt, ms, one per first delivery of an event. */
  latenciesMs: number[];
  badSignatures: number;
  firstAt: number;
  lastAt: number;
}

const emptyReceipts = (): Receipts => ({
  perEvent: new Map(),
  keys: new Set(),
  latenciesMs: [],
  badSignatures: 0,
  firstAt: Number.NaN,
  lastAt: Number.NaN,
});

interface Signed {
  id: string;
  created_at: string;
  company: string;
  data: { id: string };
}

/** Whether `header` (`t=…,v1=…[,v1=…]`) holds a v1 of `body` under `secret`. */
function signedBy(header: string | undefined, body: string, secret: string): boolean {
  const parts = (header ?? '').split(',').map((part) => part.split('='));
  const t = parts.find(([name]) => name === 't')?.[1];
  if (!t) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest();
  return parts.some(
    ([name, value]) =>
      name === 'v1' && value?.length === 64 && timingSafeEqual(Buffer.from(value, 'hex'), expected),
  );
}

/**
 * A webhook receiver on loopback: answers every POST 204, checks its `Adlink-Signature` against the
 * phase's secret, counts deliveries per event id and times each event from its `created_at` to receipt.
 */
export class Receiver {
  private server: Server | undefined;
  /** Each company's endpoint secret, for this phase. */
  private secrets = new Map<string, string>();
  receipts = emptyReceipts();

  async listen(): Promise<string> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const at = Date.now();
        const body = Buffer.concat(chunks).toString('utf8');
        res.writeHead(204).end();
        this.count(body, req.headers['adlink-signature'] as string | undefined, at);
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as { port: number };
    return `http://127.0.0.1:${port}/hooks`;
  }

  /** Starts a phase: what arrives from now on is counted afresh, checked against its company's secret. */
  begin(secrets: Map<string, string>): void {
    this.secrets = secrets;
    this.receipts = emptyReceipts();
  }

  private count(body: string, signature: string | undefined, at: number): void {
    const r = this.receipts;
    const event = JSON.parse(body) as Signed;
    const secret = this.secrets.get(event.company);
    if (!secret || !signedBy(signature, body, secret)) {
      r.badSignatures++;
      return;
    }
    const seen = r.perEvent.get(event.id) ?? 0;
    r.perEvent.set(event.id, seen + 1);
    if (seen > 0) return;
    r.keys.add(event.data.id);
    r.latenciesMs.push(at - Date.parse(event.created_at));
    if (Number.isNaN(r.firstAt)) r.firstAt = at;
    r.lastAt = at;
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      this.server?.closeAllConnections();
      this.server?.close(() => resolve());
    });
  }
}
