// The try-it console in the page: reads an operation's form (built by the generator, see
// `../try-it.ts`), shows the request as curl while it is edited, sends it with `fetch` and shows
// the response: status, the headers the browser lets the page read, and the body highlighted.
// Everything from the description or the network reaches the page as text nodes (`textContent`)
// or attribute values; no markup is parsed. Credentials live in the form fields and, for a
// client-credentials flow, in `tokens` below: page memory only, never in storage, sent to the API
// (and its token URL) only, with `credentials: 'omit'` and no referrer.

import {
  type BuiltRequest,
  buildRequest,
  clientCredentials,
  connectSources,
  type Credential,
  curlCommand,
  explainRefusal,
  type FieldValue,
  formText,
  highlightTokens,
  type ParamLocation,
  refusalBeforeSending,
  type TryItState,
  tokenRequest,
} from './try-it-core.ts';

/** Access tokens fetched in this page, by token URL and client id. Memory only. */
const tokens = new Map<string, string>();
const MAX_BODY_SHOWN = 200_000;

function allowedOrigins(): string[] {
  const meta = document.querySelector('meta[http-equiv="Content-Security-Policy"]');
  return connectSources(meta?.getAttribute('content') ?? '');
}

function attr(el: Element, name: string): string {
  return el.getAttribute(name) ?? '';
}

function fieldValue(el: Element): string {
  return el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement
    ? el.value
    : '';
}

function readState(form: HTMLFormElement): TryItState {
  let serverUrl = '';
  const variables: Record<string, string> = {};
  const select = form.querySelector('[data-server-select]');
  const base = form.querySelector('[data-base-url]');
  if (select instanceof HTMLSelectElement) {
    const group = form.querySelector(`[data-server="${CSS.escape(select.value)}"]`);
    if (group) {
      serverUrl = attr(group, 'data-url');
      for (const input of group.querySelectorAll('[data-var]')) variables[attr(input, 'data-var')] = fieldValue(input);
    }
  } else if (base) serverUrl = fieldValue(base);
  const params: FieldValue[] = [];
  for (const el of form.querySelectorAll('[data-param]'))
    params.push({
      in: attr(el, 'data-in') as ParamLocation,
      name: attr(el, 'data-name'),
      style: attr(el, 'data-style'),
      explode: attr(el, 'data-explode') === 'true',
      array: attr(el, 'data-array') === 'true',
      required: attr(el, 'data-required') === 'true',
      value: fieldValue(el),
    });
  const credentials: Credential[] = [];
  let basic: Extract<Credential, { kind: 'basic' }> | undefined;
  let client: Extract<Credential, { kind: 'client' }> | undefined;
  for (const el of form.querySelectorAll('[data-auth]')) {
    const kind = attr(el, 'data-auth');
    const value = fieldValue(el);
    if (kind === 'apiKey') credentials.push({ kind, in: attr(el, 'data-in'), name: attr(el, 'data-name'), value });
    else if (kind === 'http') credentials.push({ kind, word: attr(el, 'data-word'), value });
    else if (kind === 'basic-user') credentials.push((basic = { kind: 'basic', user: value, password: '' }));
    else if (kind === 'basic-password' && basic) basic.password = value;
    else if (kind === 'client-id')
      credentials.push(
        (client = {
          kind: 'client',
          id: value,
          secret: '',
          tokenUrl: attr(el, 'data-token-url'),
          scopes: attr(el, 'data-scopes'),
        }),
      );
    else if (kind === 'client-secret' && client) client.secret = value;
  }
  const bodyEl = form.querySelector('[data-body]');
  const state: TryItState = {
    method: attr(form, 'data-method'),
    path: attr(form, 'data-path'),
    serverUrl,
    variables,
    params,
    credentials,
  };
  if (bodyEl)
    state.body = { kind: attr(bodyEl, 'data-kind'), mediaType: attr(bodyEl, 'data-media-type'), text: fieldValue(bodyEl) };
  return state;
}

function tokenKey(client: Extract<Credential, { kind: 'client' }>): string {
  return `${client.tokenUrl}\u0000${client.id}\u0000${client.secret}`;
}

function preview(form: HTMLFormElement): void {
  const state = readState(form);
  const page = window.location.href;
  const client = clientCredentials(state);
  const token = client !== undefined ? tokens.get(tokenKey(client)) : undefined;
  const request = buildRequest(state, page, token);
  const curl = form.querySelector('[data-curl]');
  if (curl)
    curl.textContent =
      client !== undefined && token === undefined
        ? curlCommand(request, client, tokenRequest(client, state, page).url)
        : curlCommand(request);
}

function showServer(form: HTMLFormElement): void {
  const select = form.querySelector('[data-server-select]');
  if (!(select instanceof HTMLSelectElement)) return;
  for (const group of form.querySelectorAll('[data-server]'))
    (group as HTMLElement).hidden = attr(group, 'data-server') !== select.value;
}

function el<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className !== '') node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function clear(node: Element): void {
  while (node.firstChild) node.removeChild(node.firstChild);
}

function message(result: Element, text: string, kind: 'error' | 'note'): void {
  result.appendChild(el('p', `try-message try-${kind}`, text));
}

function bodyInit(request: BuiltRequest): BodyInit | undefined {
  const body = request.body;
  if (body === undefined) return undefined;
  if ('text' in body) return body.text;
  if ('form' in body) return formText(body.form);
  const data = new FormData();
  for (const [k, v] of body.multipart) data.append(k, v);
  return data;
}

/** Sends `request`, or explains why the browser will not; undefined when refused. */
async function send(request: BuiltRequest, result: Element): Promise<Response | undefined> {
  const page = window.location.href;
  const allowed = allowedOrigins();
  const before = refusalBeforeSending(request.url, page, allowed);
  if (before !== undefined) {
    message(result, explainRefusal(before, request.url, page, allowed), 'error');
    return undefined;
  }
  try {
    const headers = new Headers();
    for (const header of request.headers) headers.append(header.name, header.value);
    const init: RequestInit = {
      method: request.method,
      headers,
      credentials: 'omit',
      referrerPolicy: 'no-referrer',
      cache: 'no-store',
      mode: 'cors',
    };
    const body = bodyInit(request);
    if (body !== undefined) init.body = body;
    return await fetch(request.url, init);
  } catch {
    message(result, explainRefusal('network', request.url, page, allowed), 'error');
    return undefined;
  }
}

async function showResponse(response: Response, result: Element, started: number): Promise<void> {
  const status = el('p', 'try-status');
  const code = el(
    'span',
    `status status-${response.status >= 500 ? 'server_error' : response.status >= 400 ? 'client_error' : response.status >= 300 ? 'redirect' : 'success'}`,
    String(response.status),
  );
  status.appendChild(code);
  status.appendChild(
    document.createTextNode(` ${response.statusText} · ${Math.round(performance.now() - started)} ms`),
  );
  result.appendChild(status);
  const headers = el('dl', 'try-headers');
  const names: string[] = [];
  response.headers.forEach((_value, name) => names.push(name));
  for (const name of names.sort()) {
    headers.appendChild(el('dt', '', name));
    headers.appendChild(el('dd', '', response.headers.get(name) ?? ''));
  }
  result.appendChild(el('p', 'try-label', 'Response headers (those the API lets a page read)'));
  result.appendChild(headers);
  let text = await response.text();
  if (text.length > MAX_BODY_SHOWN) text = `${text.slice(0, MAX_BODY_SHOWN)}\n…`;
  result.appendChild(el('p', 'try-label', 'Response body'));
  const pre = el('pre', 'try-response-body');
  pre.tabIndex = 0;
  pre.setAttribute('role', 'group');
  pre.setAttribute('aria-label', 'Response body');
  const codeEl = el('code', '');
  if (text === '') codeEl.textContent = '(empty)';
  for (const token of highlightTokens(text, response.headers.get('content-type') ?? ''))
    codeEl.appendChild(
      token.kind === 'space' || token.kind === 'text'
        ? document.createTextNode(token.text)
        : el('span', `tok-${token.kind}`, token.text),
    );
  pre.appendChild(codeEl);
  result.appendChild(pre);
}

async function submit(form: HTMLFormElement): Promise<void> {
  const result = form.querySelector('[data-result]');
  const button = form.querySelector('button[type="submit"]');
  if (!result) return;
  clear(result);
  const state = readState(form);
  const page = window.location.href;
  const client = clientCredentials(state);
  let token = client !== undefined ? tokens.get(tokenKey(client)) : undefined;
  const check = buildRequest(state, page, token);
  if (check.problems.length > 0) {
    for (const problem of check.problems) message(result, problem, 'error');
    return;
  }
  if (button instanceof HTMLButtonElement) button.disabled = true;
  try {
    if (client !== undefined && token === undefined) {
      const tokenReq = tokenRequest(client, state, page);
      if (tokenReq.problems.length > 0) {
        for (const problem of tokenReq.problems) message(result, problem, 'error');
        return;
      }
      const answer = await send(tokenReq, result);
      if (answer === undefined) return;
      const data = (await answer.json().catch(() => null)) as { access_token?: unknown } | null;
      if (!answer.ok || typeof data?.access_token !== 'string') {
        message(result, `The token endpoint answered ${answer.status} without an access token.`, 'error');
        return;
      }
      token = data.access_token;
      tokens.set(tokenKey(client), token);
    }
    const request = buildRequest(state, page, token);
    preview(form);
    for (const note of request.notes) message(result, note, 'note');
    const started = performance.now();
    const response = await send(request, result);
    if (response !== undefined) await showResponse(response, result, started);
  } finally {
    if (button instanceof HTMLButtonElement) button.disabled = false;
  }
}

function formOf(target: EventTarget | null): HTMLFormElement | undefined {
  const form = target instanceof Element ? target.closest('form.try-form') : null;
  return form instanceof HTMLFormElement ? form : undefined;
}

/** Wires every try-it form of the page (event delegation: forms are read when used). */
export function startTryIt(): void {
  const update = (event: Event): void => {
    const form = formOf(event.target);
    if (!form) return;
    if (event.target instanceof HTMLSelectElement && event.target.hasAttribute('data-server-select')) showServer(form);
    preview(form);
  };
  document.addEventListener('input', update);
  document.addEventListener('change', update);
  // `toggle` does not bubble: listen in the capture phase.
  document.addEventListener(
    'toggle',
    (event) => {
      const details = event.target;
      if (!(details instanceof HTMLDetailsElement) || !details.open || !details.hasAttribute('data-try-it')) return;
      const form = details.querySelector('form.try-form');
      if (form instanceof HTMLFormElement) {
        showServer(form);
        preview(form);
      }
    },
    true,
  );
  document.addEventListener('submit', (event) => {
    const form = formOf(event.target);
    if (!form) return;
    event.preventDefault();
    void submit(form);
  });
  // A connection the policy refuses after all (a redirect elsewhere) is reported here too.
  document.addEventListener('securitypolicyviolation', (event) => {
    if (event.violatedDirective !== 'connect-src') return;
    for (const result of document.querySelectorAll('details[data-try-it][open] [data-result]')) {
      const page = window.location.href;
      message(result, explainRefusal('csp', event.blockedURI, page, allowedOrigins()), 'error');
    }
  });
}
