// The docs site's Content-Security-Policy, in one place for the page's meta tag and for the
// headers the service sends with the hosted preview and a verified docs domain. Nothing is
// loaded from elsewhere; the one exception is `connect-src`, which lets the try-it console reach
// the API's own servers (and the token URL of an OAuth2 client-credentials flow) and nowhere
// else. Those origins come from the description, so each is rebuilt from a strict parse: http or
// https, a host of `[a-z0-9.-]` (IDNs arrive as punycode), an optional port, no credentials, no
// wildcard. Anything else (`javascript:`, `//host`, `*.x`, quotes, `;`, spaces) is dropped, so a
// hostile server URL can neither widen the policy nor add a directive to it.

import type { ApiModel, Server } from '../model/types.ts';

/** Origins listed at most (a description with thousands of servers must not grow the header without bound). */
export const MAX_CONNECT_ORIGINS = 24;
/** Server-variable combinations tried per server URL. */
const MAX_COMBINATIONS = 32;

const HOST = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;
const ORIGIN = /^https?:\/\/[a-z0-9.-]+(?::[0-9]{1,5})?$/;

/** The origin of an absolute http(s) URL, or undefined for anything that is not plainly one. */
export function safeOrigin(url: string): string | undefined {
  const text = url.trim();
  if (!/^https?:\/\/[^/?#\s'";,*\\]+(?:[/?#]|$)/i.test(text)) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(text);
  } catch {
    return undefined;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return undefined;
  if (parsed.username !== '' || parsed.password !== '') return undefined;
  if (!HOST.test(parsed.hostname)) return undefined;
  const origin = parsed.origin;
  return ORIGIN.test(origin) ? origin : undefined;
}

/** A server URL with each combination of its variables' values (enum members, else the default). */
export function serverUrls(server: Server): string[] {
  let urls = [server.url];
  for (const variable of server.variables) {
    const token = `{${variable.name}}`;
    if (!server.url.includes(token)) continue;
    const values = variable.enum !== undefined && variable.enum.length > 0 ? variable.enum : [variable.default];
    const next: string[] = [];
    for (const url of urls)
      for (const value of values) if (next.length < MAX_COMBINATIONS) next.push(url.split(token).join(value));
    urls = next;
  }
  return urls;
}

/** The origins the try-it console may connect to: every server's (document and operations), the environments', OAuth2 token URLs. */
export function apiOrigins(model: ApiModel): string[] {
  const origins = new Set<string>();
  const add = (url: string | undefined): void => {
    if (url === undefined || origins.size >= MAX_CONNECT_ORIGINS) return;
    const origin = safeOrigin(url);
    if (origin !== undefined) origins.add(origin);
  };
  for (const server of model.servers) for (const url of serverUrls(server)) add(url);
  for (const env of model.environments) add(env.url);
  for (const op of model.operations) for (const server of op.servers) for (const url of serverUrls(server)) add(url);
  for (const scheme of model.authSchemes)
    if (scheme.type === 'oauth2')
      for (const flow of scheme.flows) if (flow.flow === 'clientCredentials') add(flow.tokenUrl);
  return [...origins].sort();
}

/**
 * The policy: no inline script or style, nothing from elsewhere, connections to the site itself
 * and to `origins` (each checked again here, so a caller's list cannot inject). `header` adds the
 * directives a meta tag cannot carry (`frame-ancestors`).
 */
export function docsContentSecurityPolicy(origins: readonly string[], header = false): string {
  const connect = [
    "'self'",
    ...origins.filter((o) => ORIGIN.test(o) && safeOrigin(o) === o).slice(0, MAX_CONNECT_ORIGINS),
  ];
  return `default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src ${connect.join(' ')}; ${header ? "font-src 'self'; " : ''}base-uri 'none'; form-action 'none'${header ? "; frame-ancestors 'none'" : ''}`;
}

/** The site file that lists the origins, so the service can send the same policy as a header. */
export const CONNECT_ORIGINS_FILE = 'connect-origins.json';

export function connectOriginsFile(origins: readonly string[]): { path: string; content: string } {
  return { path: CONNECT_ORIGINS_FILE, content: `${JSON.stringify({ version: 1, origins }, null, 2)}\n` };
}

/** The origins a site's `connect-origins.json` names, each re-checked; none when absent or malformed. */
export function readConnectOrigins(text: string | undefined): string[] {
  if (text === undefined) return [];
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return [];
  }
  const list = (data as { origins?: unknown } | null)?.origins;
  if (!Array.isArray(list)) return [];
  return list.filter((o): o is string => typeof o === 'string' && safeOrigin(o) === o).slice(0, MAX_CONNECT_ORIGINS);
}
