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

/** The wall-clock time of an instant in an IANA time zone, to the second: `2026-12-01T00:00:00`. */
export const wallClock = (ms: number, timeZone: string): string =>
  zonedTime(new Date(ms), timeZone).slice(0, 19);

/**
 * The instant a wall-clock time (`2026-12-01T00:00:00`) of an IANA time zone names: the offset is read
 * at the time taken as UTC, then again at the instant that gives, as the two differ across a clock
 * change. A time the clock skips lands after the skip (a skipped midnight is the 01:00 the day starts
 * at, never the day before).
 */
export function instantAt(wall: string, timeZone: string): number {
  const asUtc = Date.parse(`${wall}Z`);
  const offsetAt = (ms: number) => Date.parse(`${wallClock(ms, timeZone)}Z`) - ms;
  const first = asUtc - offsetAt(asUtc);
  const second = asUtc - offsetAt(first);
  const named = [second, first].find((ms) => wallClock(ms, timeZone) === wall);
  return named ?? Math.max(first, second);
}
