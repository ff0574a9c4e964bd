import type { Request } from 'express';

/** The value of one cookie, or undefined; a name given twice is treated as absent (cookie tossing). */
export function readCookie(req: Request, name: string): string | undefined {
  const values = (req.headers.cookie ?? '')
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part.startsWith(`${name}=`))
    .map((part) => part.slice(name.length + 1));
  return values.length === 1 ? values[0] : undefined;
}
