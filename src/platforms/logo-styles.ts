import type { PlatformEntry } from '../ports/platform-entry.js';

/** Relative luminance (WCAG) of a #rrggbb colour. */
function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = Number.parseInt(hex.slice(1 + i * 2, 3 + i * 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
}

/** The logo tiles' colours as a stylesheet built from the catalog (the CSP allows no inline styles). */
export function logoStylesheet(entries: PlatformEntry[]): string {
  return entries
    .map(({ id, color }) => {
      const text = luminance(color) > 0.4 ? '#000000' : '#ffffff';
      return `.logo-${id} { background: ${color}; color: ${text}; }`;
    })
    .join('\n');
}
