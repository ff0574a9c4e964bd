import { createSocket as createUdpSocket, type RemoteInfo } from 'node:dgram';
import { isIPv4 } from 'node:net';

/** What the nameserver knows of a name: its A and AAAA records, or `silent` (it never answers). */
export type Zone = Record<string, { a?: readonly string[]; aaaa?: readonly string[] } | 'silent'>;

const A = 1;
const AAAA = 28;

const ipv6Bytes = (address: string): Buffer => {
  const [head, tail] = address.split('::') as [string, string | undefined];
  const words = (part: string | undefined) =>
    part ? part.split(':').map((w) => Number.parseInt(w, 16)) : [];
  const left = words(head);
  const right = words(tail);
  const all = [...left, ...Array(8 - left.length - right.length).fill(0), ...right];
  const out = Buffer.alloc(16);
  for (const [i, word] of all.entries()) out.writeUInt16BE(word, i * 2);
  return out;
};

const record = (type: number, address: string): Buffer => {
  const data = type === A ? Buffer.from(address.split('.').map(Number)) : ipv6Bytes(address);
  const head = Buffer.alloc(12);
  head.writeUInt16BE(0xc00c, 0); // the name: a pointer to the question's
  head.writeUInt16BE(type, 2);
  head.writeUInt16BE(1, 4); // IN
  head.writeUInt32BE(60, 6);
  head.writeUInt16BE(data.length, 10);
  return Buffer.concat([head, data]);
};

/**
 * A nameserver on 127.0.0.1 for the tests (RFC 1035 over UDP, one question per query): answers the
 * names of its zone, NXDOMAIN for every other name, and nothing at all for a `silent` one.
 */
export async function startDnsServer(zone: Zone) {
  const socket = createUdpSocket('udp4');
  const questions: string[] = [];
  socket.on('message', (query: Buffer, from: RemoteInfo) => {
    const labels: string[] = [];
    let at = 12;
    while (query[at]! > 0) {
      labels.push(query.subarray(at + 1, at + 1 + query[at]!).toString('ascii'));
      at += query[at]! + 1;
    }
    const name = labels.join('.').toLowerCase();
    const type = query.readUInt16BE(at + 1);
    const question = query.subarray(12, at + 5);
    questions.push(name);
    const known = zone[name];
    if (known === 'silent') return;
    const addresses = (type === A ? known?.a : type === AAAA ? known?.aaaa : []) ?? [];
    const answers = addresses.filter((a) => isIPv4(a) === (type === A)).map((a) => record(type, a));
    const header = Buffer.alloc(12);
    header.writeUInt16BE(query.readUInt16BE(0), 0);
    header.writeUInt16BE(0x8180 | (known ? 0 : 3), 2); // a recursive answer; NXDOMAIN when unknown
    header.writeUInt16BE(1, 4);
    header.writeUInt16BE(answers.length, 6);
    socket.send(Buffer.concat([header, question, ...answers]), from.port, from.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  return {
    /** For WEBHOOK_DNS_SERVERS. */
    address: `127.0.0.1:${socket.address().port}`,
    /** Every name asked, in order. */
    questions,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
