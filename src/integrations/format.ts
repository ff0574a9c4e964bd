/** A timestamp as the pages show it: `2026-11-22 10:00 UTC`. */
export const shortTime = (iso: string): string => `${iso.slice(0, 16).replace('T', ' ')} UTC`;
