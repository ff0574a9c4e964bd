import { crc32, inflateRawSync } from 'node:zlib';

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
/** The end record is 22 bytes, followed by a comment of at most 65,535. */
const END_SEARCH = 22 + 0xffff;
const STORED = 0;
const DEFLATED = 8;

/**
 * The one file in a ZIP archive, as Microsoft's report downloads are. Sizes and the CRC are read
 * from the central directory (writers that stream set them to 0 in the local header), the data is
 * stored or deflated, and a CRC that does not match is refused.
 */
export function unzipOneFile(archive: Buffer): Buffer {
  const fail = (why: string): never => {
    throw new Error(`the report archive is not a ZIP of one file: ${why}`);
  };
  let end = -1;
  for (let i = archive.length - 22; i >= Math.max(0, archive.length - END_SEARCH); i--) {
    if (archive.readUInt32LE(i) === END_OF_CENTRAL_DIRECTORY) {
      end = i;
      break;
    }
  }
  if (end < 0) fail('no end of central directory');
  const entries = archive.readUInt16LE(end + 10);
  const centralOffset = archive.readUInt32LE(end + 16);
  if (centralOffset === 0xffffffff || entries === 0xffff) fail('ZIP64 archives are not read');
  // Folders (a name ending in "/") are skipped; the file must be the only one.
  let found: { method: number; crc: number; compressed: number; size: number; offset: number } | null = null;
  let at = centralOffset;
  for (let n = 0; n < entries; n++) {
    if (at + 46 > archive.length || archive.readUInt32LE(at) !== CENTRAL_ENTRY)
      fail('a broken central directory');
    const nameLength = archive.readUInt16LE(at + 28);
    const name = archive.toString('utf8', at + 46, at + 46 + nameLength);
    if (!name.endsWith('/')) {
      if (found) fail('more than one file');
      found = {
        method: archive.readUInt16LE(at + 10),
        crc: archive.readUInt32LE(at + 16),
        compressed: archive.readUInt32LE(at + 20),
        size: archive.readUInt32LE(at + 24),
        offset: archive.readUInt32LE(at + 42),
      };
    }
    at += 46 + nameLength + archive.readUInt16LE(at + 30) + archive.readUInt16LE(at + 32);
  }
  if (!found) return fail('no file');
  const local = found.offset;
  if (local + 30 > archive.length || archive.readUInt32LE(local) !== LOCAL_HEADER)
    fail('a broken local header');
  const start = local + 30 + archive.readUInt16LE(local + 26) + archive.readUInt16LE(local + 28);
  const data = archive.subarray(start, start + found.compressed);
  if (data.length !== found.compressed) fail('truncated data');
  let content: Buffer;
  if (found.method === STORED) content = data;
  else if (found.method === DEFLATED) content = inflateRawSync(data);
  else return fail(`compression method ${found.method}`);
  if (content.length !== found.size || crc32(content) !== found.crc) fail('a CRC or size mismatch');
  return content;
}
