// The try-it console of one operation: a form built from its servers (variables editable), the
// credentials its first security requirement asks for, its parameters and its request body, with
// the description's examples filled in. The markup is static and built through `html` like every
// other page part, so every piece of spec text is an escaped attribute value or escaped text; the
// page script (`bundle/try-it.ts`) reads the fields back with `getAttribute` and `.value`, shows
// the request as curl, sends it with `fetch` and renders the response through text nodes.

import { clientCredentialsFlowOf } from '../core/client.ts';
import { requestContent } from '../core/method.ts';
import { resolveSchema } from '../core/schema.ts';
import type { ApiModel, AuthScheme, Operation, Parameter, Server } from '../model/types.ts';
import { displayExample, type Example, toJson } from './examples.ts';
import { html, type Html, prettyJson } from './html.ts';
import { parameterExample } from './samples.ts';
import type { OperationEntry } from './site-plan.ts';

/** Servers listed per operation at most (a hostile description may declare thousands). */
const MAX_SERVERS = 12;
/** Parameters given a field per location at most; the rest are left to curl. */
const MAX_FIELDS = 60;

export interface TryItContext {
  model: ApiModel;
  schemes: Map<string, AuthScheme>;
}

/** The text a field starts with: a string as is, an array one value a line, anything else as JSON. */
function fieldText(example: Example): string {
  switch (example.t) {
    case 'str':
      return example.v;
    case 'num':
    case 'bool':
      return String(example.v);
    case 'null':
      return '';
    case 'file':
      return '';
    case 'arr':
      return example.items.map(fieldText).join('\n');
    case 'obj':
      return JSON.stringify(toJson(example));
  }
}

function isArrayParam(model: ApiModel, param: Parameter): boolean {
  return resolveSchema(model, param.schema)?.kind === 'array';
}

function hasOwnExample(model: ApiModel, param: Parameter): boolean {
  if (param.examples?.[0] !== undefined) return true;
  const schema = resolveSchema(model, param.schema);
  return schema?.examples?.[0] !== undefined;
}

function serversOf(model: ApiModel, op: Operation): Server[] {
  const servers = op.servers.length > 0 ? op.servers : model.servers;
  if (servers.length > 0) return servers.slice(0, MAX_SERVERS);
  return model.environments
    .slice(0, MAX_SERVERS)
    .map((env) => ({ url: env.url, description: env.name, variables: [], source: env.source }));
}

function serverFields(id: string, servers: Server[]): Html {
  if (servers.length === 0)
    return html`<div class="try-row"><label for="${id}-base">Base URL</label><input id="${id}-base" type="url" data-base-url value="" spellcheck="false" autocomplete="off"></div>`;
  return html`<fieldset class="try-servers"><legend>Server</legend>
<div class="try-row"><label for="${id}-server">Server URL</label><select id="${id}-server" data-server-select>${servers.map(
    (s, i) => html`<option value="${i}">${s.url}${s.description !== undefined ? ` (${s.description})` : ''}</option>`,
  )}</select></div>
${servers.map(
  (s, i) =>
    html`<div class="try-server" data-server="${i}" data-url="${s.url}"${i === 0 ? '' : html` hidden`}>${s.variables
      .filter((v) => s.url.includes(`{${v.name}}`))
      .map((v, j) =>
        v.enum !== undefined && v.enum.length > 0
          ? html`<div class="try-row"><label for="${id}-s${i}v${j}">${v.name}</label><select id="${id}-s${i}v${j}" data-var="${v.name}">${v.enum.map((e) => html`<option value="${e}"${e === v.default ? html` selected` : ''}>${e}</option>`)}</select></div>`
          : html`<div class="try-row"><label for="${id}-s${i}v${j}">${v.name}</label><input id="${id}-s${i}v${j}" type="text" data-var="${v.name}" value="${v.default}" spellcheck="false" autocomplete="off"></div>`,
      )}</div>`,
)}</fieldset>`;
}

function secret(id: string, label: string, attrs: Html): Html {
  return html`<div class="try-row"><label for="${id}">${label}</label><input id="${id}" type="password" autocomplete="off" spellcheck="false" ${attrs}></div>`;
}

function credentialFields(id: string, op: Operation, ctx: TryItContext): Html {
  const requirement = op.security[0];
  if (requirement === undefined || requirement.schemes.length === 0) return html``;
  const flow = clientCredentialsFlowOf(ctx.model, ctx.model.client.envPrefix);
  const parts = requirement.schemes.map(({ scheme: key, scopes }, i) => {
    const scheme = ctx.schemes.get(key);
    const fid = `${id}-a${i}`;
    if (scheme === undefined) return html``;
    switch (scheme.type) {
      case 'apiKey':
        return secret(
          fid,
          `${scheme.paramName} (API key, ${scheme.in})`,
          html`data-auth="apiKey" data-in="${scheme.in}" data-name="${scheme.paramName}"`,
        );
      case 'http':
        if (scheme.scheme === 'basic')
          return html`<div class="try-row"><label for="${fid}-user">Username</label><input id="${fid}-user" type="text" autocomplete="off" spellcheck="false" data-auth="basic-user"></div>${secret(`${fid}-pass`, 'Password', html`data-auth="basic-password"`)}`;
        return secret(
          fid,
          `${scheme.scheme === 'bearer' ? 'Bearer token' : `${scheme.scheme} credentials`}`,
          html`data-auth="http" data-word="${scheme.scheme === 'bearer' ? 'Bearer' : scheme.scheme.replace(/^./, (c) => c.toUpperCase())}"`,
        );
      case 'oauth2': {
        const tokenUrl = flow?.scheme === key ? flow.tokenUrl : undefined;
        return html`${
          tokenUrl !== undefined
            ? html`<div class="try-row"><label for="${fid}-id">Client ID</label><input id="${fid}-id" type="text" autocomplete="off" spellcheck="false" data-auth="client-id" data-token-url="${tokenUrl}" data-scopes="${(scopes.length > 0 ? scopes : (flow?.scopes ?? [])).join(' ')}"></div>${secret(`${fid}-secret`, 'Client secret', html`data-auth="client-secret"`)}<p class="try-note">The console asks <code>${tokenUrl}</code> for an access token with these (HTTP Basic, <code>grant_type=client_credentials</code>), as the SDKs do, unless you give a token below.</p>`
            : ''
        }${secret(`${fid}-token`, 'Access token', html`data-auth="http" data-word="Bearer"`)}`;
      }
      case 'openIdConnect':
        return secret(fid, 'Access token', html`data-auth="http" data-word="Bearer"`);
      case 'mutualTLS':
        return html`<p class="try-note">This operation also asks for a client certificate (mutual TLS), which a page cannot present: use curl.</p>`;
    }
  });
  return html`<fieldset class="try-credentials"><legend>Credentials</legend><p class="try-note">Kept in this page's memory only: never stored, sent only to the API.</p>${parts}</fieldset>`;
}

function parameterFields(id: string, title: string, params: Parameter[], ctx: TryItContext): Html {
  if (params.length === 0) return html``;
  const shown = params.slice(0, MAX_FIELDS);
  return html`<fieldset class="try-params"><legend>${title}</legend>${shown.map((p, i) => {
    const fid = `${id}-${p.in}${i}`;
    const array = isArrayParam(ctx.model, p);
    // A required parameter starts with its example (the description's, else one built from its
    // schema); an optional one only with an example the description gives.
    const value = p.required || hasOwnExample(ctx.model, p) ? fieldText(parameterExample(ctx.model, p)) : '';
    const attrs = html`data-param data-in="${p.in}" data-name="${p.name}" data-style="${p.style}" data-explode="${p.explode ? 'true' : 'false'}" data-array="${array ? 'true' : 'false'}"${p.required ? html` data-required="true" aria-required="true"` : ''}`;
    const label = html`<label for="${fid}">${p.name}${p.required ? html` <span class="badge badge-required">required</span>` : ''}${array ? html` <span class="try-hint">one value a line</span>` : ''}</label>`;
    return array
      ? html`<div class="try-row">${label}<textarea id="${fid}" rows="${Math.min(4, Math.max(2, value.split('\n').length))}" spellcheck="false" ${attrs}>${value}</textarea></div>`
      : html`<div class="try-row">${label}<input id="${fid}" type="text" spellcheck="false" autocomplete="off" value="${value}" ${attrs}></div>`;
  })}${params.length > shown.length ? html`<p class="try-note">${params.length - shown.length} more: use curl.</p>` : ''}</fieldset>`;
}

function bodyField(id: string, op: Operation, ctx: TryItContext): Html {
  const picked = requestContent(op, ctx.model);
  if (picked === undefined) return html``;
  const { content } = picked;
  if (content.kind === 'binary' || content.kind === 'other' || content.kind === 'xml')
    return html`<p class="try-note">The request body (<code>${content.mediaType}</code>) is a file: send it with curl.</p>`;
  const example = displayExample(ctx.model, content.examples, content.schema, 'request');
  const text = content.kind === 'text' && typeof example === 'string' ? example : prettyJson(example);
  const hint =
    content.kind === 'json' || content.kind === 'event-stream'
      ? 'JSON'
      : content.kind === 'text'
        ? 'text'
        : 'a JSON object of fields';
  return html`<div class="try-row try-body"><label for="${id}-body">Body <code>${content.mediaType}</code> <span class="try-hint">${hint}</span>${op.requestBody?.required ? html` <span class="badge badge-required">required</span>` : ''}</label><textarea id="${id}-body" rows="${Math.min(14, Math.max(3, text.split('\n').length))}" spellcheck="false" data-body data-kind="${content.kind}" data-media-type="${content.mediaType}">${text}</textarea></div>`;
}

export function tryItPanel(entry: OperationEntry, ctx: TryItContext): Html {
  const { op } = entry;
  const id = `${entry.anchor}-try`;
  return html`<details class="try-it" data-try-it><summary>Try it</summary>
<form class="try-form" id="${id}" data-method="${op.method.toUpperCase()}" data-path="${op.path}" aria-label="Try ${op.method.toUpperCase()} ${op.path}" novalidate>
${serverFields(id, serversOf(ctx.model, op))}
${credentialFields(id, op, ctx)}
${parameterFields(id, 'Path parameters', op.parameters.path, ctx)}
${parameterFields(id, 'Query parameters', op.parameters.query, ctx)}
${parameterFields(id, 'Header parameters', op.parameters.header, ctx)}
${parameterFields(id, 'Cookie parameters', op.parameters.cookie, ctx)}
${bodyField(id, op, ctx)}
<p class="try-label">Request</p>
<pre tabindex="0" role="group" aria-label="Request as curl"><code class="lang-curl" data-curl></code></pre>
<div class="try-actions"><button type="submit" class="try-send">Send request</button></div>
<div class="try-result" data-result aria-live="polite"></div>
</form>
</details>`;
}
