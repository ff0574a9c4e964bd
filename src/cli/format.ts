/** Left-aligned columns separated by two spaces; the last column is not padded. */
export function table(headers: string[], rows: string[][]): string {
  const all = [headers, ...rows];
  const widths = headers.map((_, col) => Math.max(...all.map((row) => (row[col] ?? '').length)));
  const line = (row: string[]) =>
    row
      .map((cell, col) => (col === row.length - 1 ? cell : cell.padEnd(widths[col] ?? 0)))
      .join('  ')
      .trimEnd();
  return `${all.map(line).join('\n')}\n`;
}

/** `key: value` lines with the values aligned. */
export function fields(entries: [string, string][], indent = '  '): string {
  const width = Math.max(...entries.map(([key]) => key.length)) + 1;
  return entries.map(([key, value]) => `${indent}${`${key}:`.padEnd(width)}  ${value}\n`).join('');
}

/** A name as it should appear in one line of a table, whatever it contains. */
export function oneLine(text: string, max = 60): string {
  const flat = text.replace(/\s+/g, ' ');
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
