import { existsSync, readFileSync } from 'node:fs';
import { PLATFORM_IDS, type PlatformId } from '../domain/platform-ids.js';
import { PACKAGE_ROOT } from '../package-root.js';

const LOGO_DIR = `${PACKAGE_ROOT}public/platform-logos/`;

/**
 * Each platform's mark as the path data of a 24×24 SVG (public/platform-logos, read once), or null
 * where there is none and the tile shows the platform's initials.
 */
export function loadLogos(): Record<PlatformId, string | null> {
  return Object.fromEntries(
    PLATFORM_IDS.map((id) => {
      const file = `${LOGO_DIR}${id}.svg`;
      const path = existsSync(file) ? /<path d="([^"]+)"/.exec(readFileSync(file, 'utf8'))?.[1] : undefined;
      return [id, path ?? null];
    }),
  ) as Record<PlatformId, string | null>;
}
