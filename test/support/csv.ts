import { expect } from 'vitest';

/** Parses RFC 4180 CSV (CRLF line ends, quoted fields), checking its framing as it goes. */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let i = 0;
  while (i < text.length) {
    if (text[i] === '"') {
      for (i++; ; i++) {
        expect(i, 'unterminated quoted field').toBeLessThan(text.length);
        if (text[i] === '"' && text[i + 1] === '"') {
          field += '"';
          i++;
        } else if (text[i] === '"') break;
        else field += text[i];
      }
      i++;
    } else if (text[i] === ',') {
      record.push(field);
      field = '';
      i++;
    } else if (text[i] === '\r') {
      expect(text[i + 1], 'a bare CR').toBe('\n');
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i += 2;
    } else {
      expect(text[i], 'a bare LF').not.toBe('\n');
      field += text[i];
      i++;
    }
  }
  expect(field === '' && record.length === 0, 'the last line ends with CRLF').toBe(true);
  return records;
}

/** Report rows from CSV, typed as the JSON rows are (numbers as numbers, empty fields absent or null). */
export function csvReportRows(text: string): Record<string, unknown>[] {
  const [header, ...lines] = parseCsv(text);
  const numeric = new Set(['spend', 'impressions', 'clicks', 'conversions', 'ctr', 'cpc', 'cpm']);
  return lines.map((fields) => {
    expect(fields.length).toBe(header!.length);
    const row: Record<string, unknown> = {};
    header!.forEach((column, i) => {
      const value = fields[i]!;
      if (numeric.has(column)) row[column] = value === '' ? null : Number(value);
      else if (value !== '') row[column] = value;
    });
    return row;
  });
}
