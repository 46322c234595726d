// The try-it console's logic, free of the DOM so it is unit-tested in Node and type-checked with
// the generator: from what the form holds to the request (URL with the parameters serialized the
// way the description's `style`/`explode` say, headers, body, credentials), the same request as a
// curl command (credentials masked), the token request of an OAuth2 client-credentials flow, the
// words that explain a refused request, and the tokens that highlight a JSON body.

import { shellQuote } from './shell-quote.ts';

export type ParamLocation = 'path' | 'query' | 'header' | 'cookie';

export interface FieldValue {
  in: ParamLocation;
  name: string;
  style: string;
  explode: boolean;
  array: boolean;
  required: boolean;
  value: string;
}

export type Credential =
  | { kind: 'apiKey'; in: string; name: string; value: string }
  | { kind: 'http'; word: string; value: string }
  | { kind: 'basic'; user: string; password: string }
  | { kind: 'client'; id: string; secret: string; tokenUrl: string; scopes: string };

export interface BodyValue {
  /** The model's media kind: json, form, multipart, text, event-stream. */
  kind: string;
  mediaType: string;
  text: string;
}

export interface TryItState {
  method: string;
  /** The operation's path template, e.g. `/pets/{petId}`. */
  path: string;
  /** The chosen server URL as declared (may hold `{variables}`), or a typed base URL. */
  serverUrl: string;
  variables: Record<string, string>;
  params: FieldValue[];
  body?: BodyValue;
  credentials: Credential[];
}

export interface Header {
  name: string;
  value: string;
  /** Shown masked in the curl command. */
  secret?: boolean;
}

export interface BuiltRequest {
  method: string;
  url: string;
  /** `url` with credential values masked. */
  displayUrl: string;
  headers: Header[];
  /** Raw text, or fields for a form (urlencoded) or multipart body. */
  body?: { text: string } | { form: [string, string][] } | { multipart: [string, string][] };
  /** What stops the request being sent (a required field left empty, a body that is not JSON). */
  problems: string[];
  /** What the page cannot do that curl can (cookies). */
  notes: string[];
}

export const MASK = '****';

/** An HTTP header name (RFC 9110 token), the only kind `fetch` accepts. */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** The server URL with its variables filled in, absolute (a relative one is resolved against the page). */
export function baseUrl(serverUrl: string, variables: Record<string, string>, pageUrl: string): string {
  let url = serverUrl.trim();
  for (const [name, value] of Object.entries(variables)) url = url.split(`{${name}}`).join(value);
  try {
    url = new URL(url, pageUrl).href;
  } catch {
    return url;
  }
  return url.replace(/\/+$/, '');
}

function values(field: FieldValue): string[] {
  if (!field.array) return [field.value];
  return field.value
    .split(/\r?\n/)
    .map((v) => v.trim())
    .filter((v) => v !== '');
}

const enc = encodeURIComponent;

function pathValue(field: FieldValue): string {
  const items = values(field).map(enc);
  const name = enc(field.name);
  switch (field.style) {
    case 'label':
      return `.${items.join(field.explode ? '.' : ',')}`;
    case 'matrix':
      return field.explode && field.array
        ? items.map((v) => `;${name}=${v}`).join('')
        : `;${name}=${items.join(',')}`;
    default:
      return items.join(',');
  }
}

function queryPairs(field: FieldValue): string[] {
  const name = enc(field.name);
  const items = values(field);
  if (!field.array) return [`${name}=${enc(field.value)}`];
  if (items.length === 0) return [];
  if (field.style === 'spaceDelimited') return [`${name}=${items.map(enc).join('%20')}`];
  if (field.style === 'pipeDelimited') return [`${name}=${items.map(enc).join('|')}`];
  if (field.explode) return items.map((v) => `${name}=${enc(v)}`);
  return [`${name}=${items.map(enc).join(',')}`];
}

function base64(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function isEmpty(field: FieldValue): boolean {
  return values(field).every((v) => v === '');
}

/** The request the form describes; `token`: an access token fetched for a client-credentials flow. */
export function buildRequest(state: TryItState, pageUrl: string, token?: string): BuiltRequest {
  const problems: string[] = [];
  const notes: string[] = [];
  const headers: Header[] = [];
  const query: string[] = [];
  const displayQuery: string[] = [];
  let path = state.path;
  for (const field of state.params) {
    if (isEmpty(field)) {
      if (field.required) problems.push(`${field.name} is required.`);
      if (field.in !== 'path') continue;
    }
    if (field.in === 'path') path = path.split(`{${field.name}}`).join(pathValue(field));
    else if (field.in === 'query') {
      const pairs = queryPairs(field);
      query.push(...pairs);
      displayQuery.push(...pairs);
    } else if (field.in === 'header') headers.push({ name: field.name, value: values(field).join(',') });
    else notes.push(`The cookie ${field.name} is left out: a page cannot set cookies for another site (curl sends it).`);
  }
  for (const credential of state.credentials) {
    if (credential.kind === 'apiKey') {
      if (credential.value === '') continue;
      if (credential.in === 'header') headers.push({ name: credential.name, value: credential.value, secret: true });
      else if (credential.in === 'query') {
        query.push(`${enc(credential.name)}=${enc(credential.value)}`);
        displayQuery.push(`${enc(credential.name)}=${MASK}`);
      } else notes.push(`The API key cookie ${credential.name} is left out: a page cannot set cookies for another site.`);
    } else if (credential.kind === 'http') {
      const value = credential.value !== '' ? credential.value : (token ?? '');
      if (value !== '') headers.push({ name: 'Authorization', value: `${credential.word} ${value}`, secret: true });
    } else if (credential.kind === 'basic') {
      if (credential.user !== '' || credential.password !== '')
        headers.push({
          name: 'Authorization',
          value: `Basic ${base64(`${credential.user}:${credential.password}`)}`,
          secret: true,
        });
    }
  }
  let body: BuiltRequest['body'];
  if (state.body !== undefined && state.body.text.trim() !== '') {
    const { kind, mediaType, text } = state.body;
    if (kind === 'form' || kind === 'multipart') {
      const fields = objectFields(text);
      if (fields === undefined) problems.push('The body must be a JSON object of fields.');
      else if (kind === 'form') {
        headers.push({ name: 'Content-Type', value: mediaType });
        body = { form: fields };
      } else body = { multipart: fields };
    } else {
      if (kind === 'json' && !isJson(text)) problems.push('The body is not valid JSON.');
      headers.push({ name: 'Content-Type', value: mediaType });
      body = { text };
    }
  }
  for (const header of headers) {
    if (!HEADER_NAME.test(header.name)) problems.push(`${header.name} is not a header name a browser can send.`);
    else if (/[\r\n\0]/.test(header.value)) problems.push(`The value of ${header.name} holds a line break.`);
  }
  const base = baseUrl(state.serverUrl, state.variables, pageUrl);
  const url = `${base}${path}${query.length > 0 ? `?${query.join('&')}` : ''}`;
  const displayUrl = `${base}${path}${displayQuery.length > 0 ? `?${displayQuery.join('&')}` : ''}`;
  if (!/^https?:\/\//i.test(url)) problems.push('The server URL must be an http or https URL.');
  return { method: state.method, url, displayUrl, headers, ...(body !== undefined ? { body } : {}), problems, notes };
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** A JSON object's fields as strings (nested values as JSON), or undefined when the text is not one. */
export function objectFields(text: string): [string, string][] | undefined {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return undefined;
  return Object.entries(data as Record<string, unknown>).map(([k, v]) => [
    k,
    typeof v === 'string' ? v : JSON.stringify(v),
  ]);
}

/** The client-credentials flow of the form, when no access token was given directly. */
export function clientCredentials(state: TryItState): Extract<Credential, { kind: 'client' }> | undefined {
  const client = state.credentials.find((c): c is Extract<Credential, { kind: 'client' }> => c.kind === 'client');
  if (client === undefined) return undefined;
  const given = state.credentials.some((c) => c.kind === 'http' && c.value !== '');
  return given ? undefined : client;
}

/** The token request the SDKs make: POST to the token URL (a relative one resolved against the base URL, as `new URL(tokenUrl, baseURL)` in the SDK), id and secret as HTTP Basic. */
export function tokenRequest(
  client: Extract<Credential, { kind: 'client' }>,
  state: TryItState,
  pageUrl: string,
): BuiltRequest {
  const base = baseUrl(state.serverUrl, state.variables, pageUrl);
  let url: string;
  try {
    url = new URL(client.tokenUrl, base).href;
  } catch {
    url = client.tokenUrl;
  }
  const form: [string, string][] = [['grant_type', 'client_credentials']];
  if (client.scopes.trim() !== '') form.push(['scope', client.scopes.trim()]);
  return {
    method: 'POST',
    url,
    displayUrl: url,
    headers: [
      { name: 'Authorization', value: `Basic ${base64(`${client.id}:${client.secret}`)}`, secret: true },
      { name: 'Content-Type', value: 'application/x-www-form-urlencoded' },
    ],
    body: { form },
    problems:
      client.id === '' || client.secret === ''
        ? ['A client ID and secret are needed to fetch an access token (or give an access token).']
        : [],
    notes: [],
  };
}

export function formText(fields: [string, string][]): string {
  return fields.map(([k, v]) => `${enc(k)}=${enc(v)}`).join('&');
}

/** The request as a curl command; credential values masked. With `client`, the token request comes first. */
export function curlCommand(request: BuiltRequest, client?: Extract<Credential, { kind: 'client' }>, tokenUrl?: string): string {
  const lines: string[] = [];
  let prefix = '';
  if (client !== undefined && tokenUrl !== undefined) {
    const scope = client.scopes.trim() !== '' ? ` --data-urlencode ${shellQuote(`scope=${client.scopes.trim()}`)}` : '';
    const id = client.id !== '' ? client.id : 'CLIENT_ID';
    prefix = `TOKEN=$(curl --silent --request POST --url ${shellQuote(tokenUrl)} --user ${shellQuote(`${id}:${MASK}`)} --data grant_type=client_credentials${scope} | jq -r .access_token)\n`;
  }
  lines.push(`curl --request ${request.method}`, `--url ${shellQuote(request.displayUrl)}`);
  for (const header of request.headers) {
    if (header.secret && client !== undefined && header.name === 'Authorization') continue;
    lines.push(`--header ${shellQuote(`${header.name}: ${header.secret ? maskValue(header.value) : header.value}`)}`);
  }
  if (client !== undefined) lines.push('--header "Authorization: Bearer $TOKEN"');
  const body = request.body;
  if (body !== undefined) {
    if ('text' in body) lines.push(`--data ${shellQuote(body.text)}`);
    else if ('form' in body) for (const [k, v] of body.form) lines.push(`--data-urlencode ${shellQuote(`${k}=${v}`)}`);
    else for (const [k, v] of body.multipart) lines.push(`--form ${shellQuote(`${k}=${v}`)}`);
  }
  return prefix + lines.join(' \\\n  ');
}

/** `Bearer abc` -> `Bearer ****`; a bare value -> `****`. */
function maskValue(value: string): string {
  const space = value.indexOf(' ');
  return space > 0 && /^[A-Za-z-]+$/.test(value.slice(0, space)) ? `${value.slice(0, space)} ${MASK}` : MASK;
}

/** The origins a policy's `connect-src` names besides `'self'`. */
export function connectSources(policy: string): string[] {
  for (const directive of policy.split(';')) {
    const words = directive.trim().split(/\s+/);
    if (words[0]?.toLowerCase() === 'connect-src') return words.slice(1).filter((w) => !w.startsWith("'"));
  }
  return [];
}

export function originOf(url: string): string | undefined {
  try {
    const origin = new URL(url).origin;
    return origin === 'null' ? undefined : origin;
  } catch {
    return undefined;
  }
}

/** Whether the policy lets the page connect to `url`. */
export function connectAllowed(url: string, pageUrl: string, allowed: readonly string[]): boolean {
  const origin = originOf(url);
  return origin !== undefined && (origin === originOf(pageUrl) || allowed.includes(origin));
}

export type Refusal = 'csp' | 'mixed-content' | 'network';

/** Why the browser would refuse `url` before sending it, if it would. */
export function refusalBeforeSending(url: string, pageUrl: string, allowed: readonly string[]): Refusal | undefined {
  if (!connectAllowed(url, pageUrl, allowed)) return 'csp';
  const target = new URL(url);
  const local = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])$/.test(target.hostname);
  if (pageUrl.startsWith('https:') && target.protocol === 'http:' && !local) return 'mixed-content';
  return undefined;
}

/** A refused request, explained in words. */
export function explainRefusal(refusal: Refusal, url: string, pageUrl: string, allowed: readonly string[]): string {
  const origin = originOf(url) ?? url;
  const page = originOf(pageUrl) ?? pageUrl;
  switch (refusal) {
    case 'csp':
      return `Not sent: this page's Content-Security-Policy lets the console connect only to the API's own servers (${allowed.length > 0 ? allowed.join(', ') : 'none declared'}), and ${origin} is not one of them. Pick one of the description's servers, or run the curl command from a terminal.`;
    case 'mixed-content':
      return `Not sent: this page is served over HTTPS and ${origin} is plain HTTP, which browsers block (mixed content). Run the curl command from a terminal.`;
    case 'network':
      return `The browser refused the request to ${origin}. Most often this is CORS: the API did not answer with an Access-Control-Allow-Origin header that allows this page (${page}), so the browser keeps the answer from the page (the request itself may have reached the API). It can also mean that the server could not be reached. Run the curl command above from a terminal, where CORS does not apply, or ask the API's operators to allow ${page}.`;
  }
}

export type TokenKind = 'key' | 'string' | 'number' | 'literal' | 'punct' | 'space' | 'text';

/** A body's text as highlighting tokens: JSON is re-indented and split; anything else is one text token. */
export function highlightTokens(text: string, contentType: string): { kind: TokenKind; text: string }[] {
  let source = text;
  if (/\bjson\b/i.test(contentType) || /^\s*[[{]/.test(text)) {
    try {
      source = JSON.stringify(JSON.parse(text), null, 2);
    } catch {
      return [{ kind: 'text', text }];
    }
  } else return [{ kind: 'text', text }];
  const out: { kind: TokenKind; text: string }[] = [];
  const token = /("(?:[^"\\]|\\.)*")(\s*:)?|(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)|(true|false|null)|([{}[\],:])|(\s+)/y;
  let at = 0;
  while (at < source.length) {
    token.lastIndex = at;
    const m = token.exec(source);
    if (m === null) {
      out.push({ kind: 'text', text: source.slice(at) });
      break;
    }
    if (m[1] !== undefined) {
      out.push({ kind: m[2] !== undefined ? 'key' : 'string', text: m[1] });
      if (m[2] !== undefined) out.push({ kind: 'punct', text: m[2] });
    } else if (m[3] !== undefined) out.push({ kind: 'number', text: m[3] });
    else if (m[4] !== undefined) out.push({ kind: 'literal', text: m[4] });
    else if (m[5] !== undefined) out.push({ kind: 'punct', text: m[5] });
    else out.push({ kind: 'space', text: m[6] ?? '' });
    at = token.lastIndex;
  }
  return out;
}
