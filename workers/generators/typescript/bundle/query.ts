// Query-string serialisation following the OpenAPI parameter styles (`form` with and without
// explode, `spaceDelimited`, `pipeDelimited`, `deepObject`).

export interface QueryStyle {
  style?: 'form' | 'spaceDelimited' | 'pipeDelimited' | 'deepObject';
  explode?: boolean;
}

const enc = encodeURIComponent;

function scalar(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  if (value === null) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** `a=1&b=2` (no leading `?`); undefined values are left out. */
export function buildQuery(query: Record<string, unknown>, styles: Record<string, QueryStyle> = {}): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    const { style = 'form', explode = style === 'form' } = styles[key] ?? {};
    if (Array.isArray(value)) {
      const items = value.filter((item) => item !== undefined);
      if (explode) for (const item of items) parts.push(`${enc(key)}=${enc(scalar(item))}`);
      else {
        const sep = style === 'spaceDelimited' ? ' ' : style === 'pipeDelimited' ? '|' : ',';
        parts.push(`${enc(key)}=${items.map((item) => enc(scalar(item))).join(enc(sep))}`);
      }
    } else if (typeof value === 'object' && value !== null && !(value instanceof Date)) {
      const fields = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
      if (style === 'deepObject') for (const [k, v] of fields) parts.push(`${enc(`${key}[${k}]`)}=${enc(scalar(v))}`);
      else if (explode) for (const [k, v] of fields) parts.push(`${enc(k)}=${enc(scalar(v))}`);
      else parts.push(`${enc(key)}=${fields.map(([k, v]) => `${enc(k)},${enc(scalar(v))}`).join(',')}`);
    } else {
      parts.push(`${enc(key)}=${enc(scalar(value))}`);
    }
  }
  return parts.join('&');
}
