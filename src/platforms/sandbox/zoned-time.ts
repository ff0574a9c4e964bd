const formats = new Map<string, Intl.DateTimeFormat>();

function formatIn(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formats.set(timeZone, format);
  }
  return format;
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * An instant as the local time of an IANA time zone with that zone's offset at the instant, to the
 * second: `2026-12-01T00:00:00+01:00` for 2026-11-30T23:00:00Z in Europe/Berlin.
 */
export function zonedTime(instant: Date, timeZone: string): string {
  const seconds = Math.floor(instant.getTime() / 1000) * 1000;
  const parts = Object.fromEntries(
    formatIn(timeZone)
      .formatToParts(new Date(seconds))
      .map((p) => [p.type, p.value]),
  );
  const local = `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}`;
  const offsetMinutes = Math.round((Date.parse(`${local}Z`) - seconds) / 60_000);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  return `${local}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}
