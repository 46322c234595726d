// One operation's section: method and path, description, authentication, parameters by location,
// the request body and every response as schema trees with examples, the errors, and the code
// samples (curl, TypeScript, Python, CLI) as tabs.

import type { ApiModel, AuthScheme, MediaTypeContent, Parameter, Response } from '../model/types.ts';
import { exampleHtml } from './examples.ts';
import { codeBlock, contentText, html, type Html, localUrl } from './html.ts';
import { markdown, markdownInline, markdownInlineUnlinked } from './markdown.ts';
import { SAMPLE_LANGUAGES, type SampleBuilder } from './samples.ts';
import { schemaTree, type TreeContext, typeLabel } from './schema-tree.ts';
import type { OperationEntry, SitePlan } from './site-plan.ts';
import { tryItPanel } from './try-it.ts';

export interface OperationContext {
  model: ApiModel;
  site: SitePlan;
  page: string;
  samples: SampleBuilder;
  schemes: Map<string, AuthScheme>;
}

function tree(ctx: OperationContext): TreeContext {
  return { model: ctx.model, site: ctx.site, page: ctx.page, refDepth: 1, budget: { left: 300 } };
}

function parameterTable(title: string, params: Parameter[], ctx: OperationContext): Html {
  if (params.length === 0) return html``;
  const tctx = tree(ctx);
  const rows = params.map((p) => {
    const complex =
      ['object', 'union', 'intersection', 'map'].includes(p.schema.kind) ||
      (p.schema.kind === 'array' && p.schema.items.kind !== 'primitive');
    return html`<li class="param"><div class="row"><code class="prop-name">${p.name}</code> ${typeLabel(p.schema, tctx)}${p.required ? html` <span class="badge badge-required">required</span>` : ''}${p.deprecated ? html` <span class="badge badge-deprecated">deprecated</span>` : ''}</div>${p.description !== undefined ? html`<div class="desc">${markdown(p.description)}</div>` : ''}${complex ? schemaTree(p.schema, tctx) : ''}</li>`;
  });
  return html`<h3>${title}</h3><ul class="params">${rows}</ul>`;
}

/** `shownBeside`: the content whose example the samples column shows already (not repeated here). */
function bodyBlock(
  content: MediaTypeContent,
  ctx: OperationContext,
  mode: 'request' | 'response',
  shownBeside?: MediaTypeContent,
): Html {
  const showExample =
    content !== shownBeside &&
    (content.kind === 'json' ||
      content.kind === 'event-stream' ||
      content.kind === 'form' ||
      content.kind === 'multipart');
  return html`<div class="media"><p class="media-type"><code>${content.mediaType}</code></p>${schemaTree(content.schema, tree(ctx))}${
    showExample
      ? html`<details class="example"><summary>Example</summary>${codeBlock(`Example ${mode} body (${content.mediaType})`, exampleHtml(ctx.model, content.examples, content.schema, mode))}</details>`
      : ''
  }</div>`;
}

function responseBlock(response: Response, ctx: OperationContext, shownBeside?: MediaTypeContent): Html {
  const cls = response.isError ? 'response response-error' : 'response';
  const line = response.description !== undefined ? (response.description.split('\n')[0] ?? '') : undefined;
  // A link inside the summary would be a control inside a control: the summary shows the line's
  // text, and a line with links is repeated, linked, as the first line of what opens.
  const unlinked = markdownInlineUnlinked(line);
  return html`<details class="${cls}"${response.isError ? '' : html` open`}><summary><span class="status status-${response.statusClass}">${response.status}</span> ${unlinked ?? markdownInline(line)}</summary>${unlinked !== undefined ? html`<p class="desc">${markdownInline(line)}</p>` : ''}${
    response.headers.length > 0
      ? html`<h4>Headers</h4><ul class="params">${response.headers.map((h) => html`<li class="param"><div class="row"><code class="prop-name">${h.name}</code> ${typeLabel(h.schema, tree(ctx))}</div>${h.description !== undefined ? html`<div class="desc">${markdown(h.description)}</div>` : ''}</li>`)}</ul>`
      : ''
  }${response.content.map((c) => bodyBlock(c, ctx, 'response', shownBeside))}${response.content.length === 0 ? html`<p class="muted">No body.</p>` : ''}</details>`;
}

function authBlock(entry: OperationEntry, ctx: OperationContext): Html {
  const { security } = entry.op;
  if (security.length === 0) return html`<p class="auth muted">No authentication required.</p>`;
  const alternatives = security.map((req) =>
    req.schemes.length === 0
      ? html`anonymous`
      : html`${req.schemes.map((s, i) => html`${i > 0 ? ' + ' : ''}<a href="${localUrl(`${'../'.repeat(ctx.page.split('/').length - 1)}index.html#auth-${authAnchor(s.scheme)}`)}">${s.scheme}</a>${s.scopes.length > 0 ? html` <span class="fact">(${s.scopes.join(', ')})</span>` : ''}`)}`,
  );
  return html`<p class="auth">Authentication: ${alternatives.map((a, i) => html`${i > 0 ? ' or ' : ''}${a}`)}</p>`;
}

/** The anchor of an auth scheme on the overview page. */
export function authAnchor(key: string): string {
  return (
    key
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60) || 'scheme'
  );
}

function sampleTabs(entry: OperationEntry, ctx: OperationContext): Html {
  const samples = ctx.samples.samples(entry.op);
  // curl always; an SDK's or the CLI's tab only when the run delivers it.
  const shown = SAMPLE_LANGUAGES.filter(({ lang }) => lang === 'curl' || ctx.samples.delivered.has(lang));
  const available = shown.filter(({ lang }) => samples[lang] !== undefined);
  const tabId = (lang: string): string => `${entry.anchor}-tab-${lang}`;
  const panelId = (lang: string): string => `${entry.anchor}-panel-${lang}`;
  return html`<div class="samples" data-tabs>
<div class="tablist" role="tablist" aria-label="Code samples">${available.map(
    ({ lang, label }, i) =>
      html`<button type="button" role="tab" id="${tabId(lang)}" aria-controls="${panelId(lang)}" aria-selected="${i === 0 ? 'true' : 'false'}" tabindex="${i === 0 ? '0' : '-1'}" data-lang="${lang}">${label}</button>`,
  )}</div>
${available.map(
  ({ lang, label }, i) =>
    html`<div class="tabpanel" role="tabpanel" id="${panelId(lang)}" aria-labelledby="${tabId(lang)}" data-lang="${lang}"${i === 0 ? '' : html` hidden`}>${codeBlock(`${label} sample`, contentText(samples[lang] ?? ''), `lang-${lang}`)}</div>`,
)}
${available.length < shown.length ? html`<p class="muted">This operation is not mapped to a resource method, so the SDKs and CLI have no call for it.</p>` : ''}
</div>`;
}

export function operationSection(entry: OperationEntry, ctx: OperationContext): Html {
  const { op } = entry;
  const success = op.successResponse;
  const successJson = success?.content.find((c) => c.kind === 'json');
  const responseExample = successJson
    ? exampleHtml(ctx.model, successJson.examples, successJson.schema, 'response')
    : undefined;
  return html`<section class="operation" id="${entry.anchor}">
<h2><a class="anchor" href="${localUrl(`#${entry.anchor}`)}" aria-label="Link to this operation">#</a> ${entry.sdk !== undefined ? html`<span class="op-name">${entry.sdk.name}</span>${entry.title !== entry.sdk.name ? html` <span class="op-summary">${entry.title}</span>` : ''}` : entry.title}${op.deprecated ? html` <span class="badge badge-deprecated">deprecated</span>` : ''}</h2>
${entry.sdk !== undefined ? html`<p class="sdk-call"><code>${entry.sdk.call}()</code></p>` : ''}
<p class="endpoint"><span class="method method-${op.method}">${op.method.toUpperCase()}</span> <code class="path">${op.path}</code></p>
${ctx.model.webhooks.includes(op) ? '' : tryItPanel(entry, ctx)}
<div class="op-grid">
<div class="op-docs">
${op.deprecationMessage !== undefined ? html`<p class="deprecation">${op.deprecationMessage}</p>` : ''}
${markdown(op.description)}
${authBlock(entry, ctx)}
${parameterTable('Path parameters', op.parameters.path, ctx)}
${parameterTable('Query parameters', op.parameters.query, ctx)}
${parameterTable('Header parameters', op.parameters.header, ctx)}
${parameterTable('Cookie parameters', op.parameters.cookie, ctx)}
${op.requestBody ? html`<h3>Request body${op.requestBody.required ? html` <span class="badge badge-required">required</span>` : ''}</h3>${markdown(op.requestBody.description)}${op.requestBody.content.map((c) => bodyBlock(c, ctx, 'request'))}` : ''}
<h3>Responses</h3>
${op.responses.filter((r) => !r.isError).map((r) => responseBlock(r, ctx, successJson))}
${op.responses.length === 0 ? html`<p class="muted">No responses declared.</p>` : ''}
${op.errorResponses.length > 0 ? html`<h3>Errors</h3>${op.errorResponses.map((r) => responseBlock(r, ctx))}` : ''}
</div>
<div class="op-samples">
${sampleTabs(entry, ctx)}
${responseExample !== undefined ? html`<div class="response-example"><p class="label">Response <span class="status status-success">${success?.status ?? ''}</span></p>${codeBlock(`Example response ${success?.status ?? ''}`.trim(), responseExample)}</div>` : ''}
</div>
</div>
</section>`;
}
