// The `path` template tag: every interpolated value is one percent-encoded path segment, so a
// value can never add segments, a query string or a fragment to the URL.

export function encodePathSegment(value: unknown): string {
  if (value === undefined || value === null) throw new Error(`A path parameter is ${String(value)}.`);
  const text = value instanceof Date ? value.toISOString() : String(value);
  if (text === '') throw new Error('A path parameter is an empty string.');
  // URL parsing resolves `.` and `..` segments (even percent-encoded), so they cannot be sent.
  if (text === '.' || text === '..') throw new Error(`A path parameter cannot be ${JSON.stringify(text)}.`);
  return encodeURIComponent(text);
}

export function path(statics: TemplateStringsArray, ...params: unknown[]): string {
  let out = statics[0] ?? '';
  for (let i = 0; i < params.length; i++) out += encodePathSegment(params[i]) + (statics[i + 1] ?? '');
  return out;
}
