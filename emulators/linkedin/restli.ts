/**
 * Reads Rest.li 2.0 query parameters from the raw (still URL-encoded) query string: `List(a,b)` is a
 * list, `(key:value,…)` a record, anything else a URL-encoded string. Structure characters inside
 * values arrive percent-escaped, so parsing must happen before any URL decoding.
 */
export type RestliData = string | RestliData[] | { [key: string]: RestliData };

class Reader {
  private at = 0;
  constructor(private readonly text: string) {}

  value(): RestliData {
    if (this.text.startsWith('List(', this.at)) {
      this.at += 'List('.length;
      const items: RestliData[] = [];
      while (!this.take(')')) {
        items.push(this.value());
        this.take(',');
      }
      return items;
    }
    if (this.take('(')) {
      const record: Record<string, RestliData> = {};
      while (!this.take(')')) {
        const key = this.primitive(':');
        if (!this.take(':')) throw new Error(`expected ":" after "${key}"`);
        record[key] = this.value();
        this.take(',');
      }
      return record;
    }
    return this.primitive(',)');
  }

  done(): boolean {
    return this.at >= this.text.length;
  }

  private take(char: string): boolean {
    if (this.text[this.at] !== char) {
      if (this.at >= this.text.length && char === ')') throw new Error('unbalanced parentheses');
      return false;
    }
    this.at++;
    return true;
  }

  private primitive(stops: string): string {
    const start = this.at;
    while (this.at < this.text.length && !stops.includes(this.text[this.at]!)) this.at++;
    const raw = this.text.slice(start, this.at);
    return raw === "''" ? '' : decodeURIComponent(raw);
  }
}

export function restliDecode(encoded: string): RestliData {
  const reader = new Reader(encoded);
  const value = reader.value();
  if (!reader.done()) throw new Error(`unexpected characters after a value in "${encoded}"`);
  return value;
}

/** Every parameter of a raw query string, decoded; throws on malformed Rest.li. */
export function restliParams(rawQuery: string): Record<string, RestliData> {
  const params: Record<string, RestliData> = {};
  for (const pair of rawQuery.split('&')) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    const key = decodeURIComponent(eq < 0 ? pair : pair.slice(0, eq));
    const value = eq < 0 ? '' : pair.slice(eq + 1);
    // `fields` is a projection (`a,b,c`), not Rest.li data.
    params[key] = key === 'fields' ? decodeURIComponent(value) : restliDecode(value);
  }
  return params;
}
