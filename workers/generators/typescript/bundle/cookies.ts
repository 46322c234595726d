// Cookie parameters (`in: cookie`): sent as `name=value` pairs in one `Cookie` header, after
// any Cookie header the caller or the credentials already set.

const COOKIE_OCTET = /^[\x21\x23-\x2B\x2D-\x3A\x3C-\x5B\x5D-\x7E]$/;

/**
 * A cookie value made of RFC 6265 `cookie-octet`s only: everything else (space, `"`, `,`, `;`,
 * `\`, controls, non-ASCII as UTF-8) and `%` itself are percent-encoded.
 */
export function encodeCookieValue(value: string): string {
  return encodeURIComponent(value).replace(/%([0-9A-F]{2})/g, (whole: string, hex: string) => {
    const ch = String.fromCharCode(parseInt(hex, 16));
    return ch !== '%' && COOKIE_OCTET.test(ch) ? ch : whole;
  });
}

function scalar(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object' && value !== null) return JSON.stringify(value);
  return String(value);
}

/** `a=1; b=x%20y` for the defined values (OpenAPI `form` style: arrays and objects comma-separated), or undefined when there are none. */
export function cookiePairs(cookies: Record<string, unknown> | undefined): string | undefined {
  const pairs: string[] = [];
  for (const [name, value] of Object.entries(cookies ?? {})) {
    if (value === undefined || value === null) continue;
    let text: string;
    if (Array.isArray(value)) text = value.filter((item) => item !== undefined && item !== null).map((item) => encodeCookieValue(scalar(item))).join(',');
    else if (typeof value === 'object' && !(value instanceof Date)) {
      text = Object.entries(value as Record<string, unknown>)
        .filter(([, v]) => v !== undefined && v !== null)
        .map(([k, v]) => `${encodeCookieValue(k)},${encodeCookieValue(scalar(v))}`)
        .join(',');
    } else text = encodeCookieValue(scalar(value));
    pairs.push(`${encodeURIComponent(name)}=${text}`);
  }
  return pairs.length > 0 ? pairs.join('; ') : undefined;
}
