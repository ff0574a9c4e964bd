import { deflateSync } from 'node:zlib';

/**
 * Images for tests, made here rather than kept as files: a real PNG of any size (one colour), and a
 * JPEG that is a valid header (SOI, JFIF, a baseline frame with the dimensions, EOI) without scan data,
 * which is all a platform's or adlink's dimension check reads. `pad` grows either to a byte size.
 */
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A PNG of `width`×`height`, grey, at least `pad` bytes long (a comment chunk fills it up). */
export function png(width: number, height: number, pad = 0): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale, no interlace
  const row = Buffer.alloc(width + 1, 0x80);
  row[0] = 0;
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  const parts = [
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
  ];
  const size = parts.reduce((n, p) => n + p.length, 0) + 12;
  if (pad > size + 12) parts.push(chunk('tEXt', Buffer.alloc(pad - size - 12, 0x61)));
  parts.push(chunk('IEND', Buffer.alloc(0)));
  return Buffer.concat(parts);
}

/** A JPEG header of `width`×`height`, at least `pad` bytes long (a comment segment fills it up). */
export function jpeg(width: number, height: number, pad = 0): Buffer {
  const jfif = Buffer.from([
    0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00,
    0x00,
  ]);
  const frame = Buffer.from([0xff, 0xc0, 0x00, 0x0b, 0x08, 0, 0, 0, 0, 0x01, 0x01, 0x11, 0x00]);
  frame.writeUInt16BE(height, 5);
  frame.writeUInt16BE(width, 7);
  const parts = [Buffer.from([0xff, 0xd8]), jfif];
  let fill = pad - (2 + jfif.length + frame.length + 2);
  while (fill > 4) {
    const n = Math.min(fill - 4, 65_533);
    const comment = Buffer.alloc(n + 4, 0x61);
    comment.set([0xff, 0xfe], 0);
    comment.writeUInt16BE(n + 2, 2);
    parts.push(comment);
    fill -= n + 4;
  }
  parts.push(frame, Buffer.from([0xff, 0xd9]));
  return Buffer.concat(parts);
}

/** A GIF header of `width`×`height` (a type most platforms refuse for ad images). */
export function gif(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.write('GIF89a', 0, 'latin1');
  header.writeUInt16LE(width, 6);
  header.writeUInt16LE(height, 8);
  return Buffer.concat([header, Buffer.from([0x3b])]);
}
