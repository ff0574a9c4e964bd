/**
 * What went wrong reading a body, as body-parser's error `type`; `body.undecodable` for a body whose
 * Content-Encoding (gzip, deflate, br) does not decompress: body-parser passes zlib's error on as a
 * bare 400 without a type. Undefined for anything that is not a body error.
 */
export function bodyErrorType(err: unknown): string | undefined {
  if (typeof err !== 'object' || err === null) return undefined;
  const { type, status, errno } = err as { type?: unknown; status?: unknown; errno?: unknown };
  if (typeof type === 'string') return type;
  return status === 400 && typeof errno === 'number' ? 'body.undecodable' : undefined;
}
