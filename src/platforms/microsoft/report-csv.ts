/**
 * Records of a CSV text (RFC 4180): fields separated by commas, quoted fields may hold commas, line
 * breaks and doubled quotes; lines end in CRLF or LF. A leading byte order mark is dropped (Microsoft's
 * report files begin with one). An empty line is a record of one empty field.
 */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const endRecord = () => {
    record.push(field);
    records.push(record);
    record = [];
    field = '';
  };
  for (; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c !== '"') field += c;
      else if (text[i + 1] === '"') {
        field += '"';
        i++;
      } else quoted = false;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      record.push(field);
      field = '';
    } else if (c === '\n') endRecord();
    else if (c === '\r' && text[i + 1] === '\n') {
      endRecord();
      i++;
    } else field += c;
  }
  if (quoted) throw new Error('the CSV ends inside a quoted field');
  if (field !== '' || record.length > 0) endRecord();
  return records;
}

/**
 * The data rows of a Microsoft report file, by column name: the records after the column header row
 * (the first record that names every column of `columns`, so the report's own header lines, if any,
 * are passed over), up to the blank line before the footer or the end.
 */
export function reportRecords(text: string, columns: readonly string[]): Record<string, string>[] {
  const records = parseCsv(text);
  const header = records.findIndex((r) => columns.every((c) => r.includes(c)));
  if (header < 0) throw new Error(`the report has no column header row with ${columns.join(', ')}`);
  const names = records[header]!;
  const rows: Record<string, string>[] = [];
  for (const record of records.slice(header + 1)) {
    if (record.length !== names.length) break;
    rows.push(Object.fromEntries(names.map((name, i) => [name, record[i]!])));
  }
  return rows;
}
