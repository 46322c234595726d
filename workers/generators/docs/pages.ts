// The pages of the site: the overview, a page per top-level resource, the named schemas as
// sections of a page per initial, the schema index, and a page per guide; plus the search index
// they all query.

import type { ApiModel, AuthScheme } from '../model/types.ts';
import { exampleHtml } from './examples.ts';
import { codeBlock, html, type Html, localUrl } from './html.ts';
import { layout } from './layout.ts';
import { isSafeLink, markdown } from './markdown.ts';
import { authAnchor, operationSection, type OperationContext } from './operation.ts';
import type { SampleBuilder } from './samples.ts';
import { schemaTree } from './schema-tree.ts';
import {
  type GuidePage,
  relativeUrl,
  type ResourcePage,
  type SchemaGroup,
  schemaUrl,
  type SitePlan,
} from './site-plan.ts';
import type { GeneratedFile } from '../core/files.ts';

export interface PageContext {
  model: ApiModel;
  site: SitePlan;
  samples: SampleBuilder;
  siteTitle: string;
  logoText: string;
  /** The Content-Security-Policy every page carries. */
  csp: string;
}

function page(ctx: PageContext, path: string, title: string, body: Html, current?: string): GeneratedFile {
  return {
    path,
    content: layout({
      site: ctx.site,
      page: path,
      title,
      siteTitle: ctx.siteTitle,
      logoText: ctx.logoText,
      csp: ctx.csp,
      ...(current !== undefined ? { current } : {}),
      body,
    }),
  };
}

function externalLink(url: string | undefined, label: string): Html {
  if (url !== undefined && /^(https?:|mailto:)/i.test(url.trim()) && isSafeLink(url))
    return html`<a href="${url.trim()}" rel="noopener noreferrer nofollow">${label}</a>`;
  return html`${label}`;
}

function authDetails(scheme: AuthScheme, model: ApiModel): Html {
  const envVars = model.authOptions
    .filter((o) => o.scheme === scheme.key && o.envVar !== undefined)
    .map((o) => o.envVar as string);
  let what: Html;
  switch (scheme.type) {
    case 'apiKey':
      what = html`API key in the ${scheme.in} <code>${scheme.paramName}</code>`;
      break;
    case 'http':
      what = html`HTTP <code>${scheme.scheme}</code> authentication${scheme.bearerFormat !== undefined ? html` (${scheme.bearerFormat})` : ''}`;
      break;
    case 'oauth2':
      what = html`OAuth 2.0: ${scheme.flows.map((flow, i) => html`${i > 0 ? ', ' : ''}${flow.flow}${flow.tokenUrl !== undefined ? html` (token URL <code>${flow.tokenUrl}</code>)` : ''}`)}${
        scheme.flows.some((fl) => fl.scopes.length > 0)
          ? html`<ul class="scopes">${scheme.flows.flatMap((fl) => fl.scopes).map((s) => html`<li><code>${s.name}</code> ${s.description}</li>`)}</ul>`
          : ''
      }`;
      break;
    case 'openIdConnect':
      what = html`OpenID Connect (<code>${scheme.openIdConnectUrl}</code>)`;
      break;
    case 'mutualTLS':
      what = html`Mutual TLS`;
      break;
  }
  return html`<li id="auth-${authAnchor(scheme.key)}"><strong>${scheme.key}</strong>: ${what}${envVars.length > 0 ? html`. The SDKs and CLI read it from ${envVars.map((v, i) => html`${i > 0 ? ', ' : ''}<code>${v}</code>`)}.` : ''}${markdown(scheme.description)}</li>`;
}

export function overviewPage(ctx: PageContext): GeneratedFile {
  const { model, site, samples } = ctx;
  const info = model.info;
  const path = 'index.html';
  const names = samples.names;
  const delivered = samples.delivered;
  const resourceRows = site.resources.map((r) => {
    const ops = r.sections.flatMap((s) => s.operations);
    return html`<li><a href="${localUrl(relativeUrl(path, r.path))}">${r.title}</a> <span class="muted">${ops.length} operation${ops.length === 1 ? '' : 's'}</span></li>`;
  });
  const body = html`<article class="overview">
<h1>${info.title || ctx.siteTitle}</h1>
<p class="version">Version <code>${info.version}</code> · OpenAPI <code>${model.openapiVersion}</code></p>
${info.summary !== undefined ? html`<p class="lead">${info.summary}</p>` : ''}
${markdown(info.description)}
${
  info.contact !== undefined || info.license !== undefined || info.termsOfService !== undefined
    ? html`<ul class="meta">${info.contact?.name !== undefined || info.contact?.url !== undefined ? html`<li>Contact: ${externalLink(info.contact.url, info.contact.name ?? info.contact.url ?? '')}</li>` : ''}${info.contact?.email !== undefined ? html`<li>Email: ${externalLink(`mailto:${info.contact.email}`, info.contact.email)}</li>` : ''}${info.license !== undefined ? html`<li>License: ${externalLink(info.license.url, info.license.name)}</li>` : ''}${info.termsOfService !== undefined ? html`<li>${externalLink(info.termsOfService, 'Terms of service')}</li>` : ''}</ul>`
    : ''
}
<h2 id="servers">Servers</h2>
${
  model.servers.length > 0
    ? html`<ul class="servers">${model.servers.map((s) => html`<li><code>${s.url}</code>${s.description !== undefined ? html` ${s.description}` : ''}${s.variables.length > 0 ? html`<ul>${s.variables.map((v) => html`<li><code>{${v.name}}</code> default <code>${v.default}</code>${v.enum ? html`, one of ${v.enum.map((e, i) => html`${i > 0 ? ', ' : ''}<code>${e}</code>`)}` : ''}${v.description !== undefined ? html` ${v.description}` : ''}</li>`)}</ul>` : ''}</li>`)}</ul>`
    : html`<p class="muted">The description declares no servers.</p>`
}
${model.environments.length > 0 ? html`<h3>Environments</h3><ul>${model.environments.map((e) => html`<li><strong>${e.name}</strong> <code>${e.url}</code></li>`)}</ul>` : ''}
<h2 id="authentication">Authentication</h2>
${model.authSchemes.length > 0 ? html`<ul class="auth-schemes">${model.authSchemes.map((s) => authDetails(s, model))}</ul>` : html`<p class="muted">No authentication schemes are declared.</p>`}
<h2 id="clients">Client libraries</h2>
<ul class="clients">
${delivered.has('typescript') ? html`<li>TypeScript: <code>npm install ${names.typescript.packageName}</code>, then <code>import ${names.typescript.clientClass} from '${names.typescript.packageName}'</code></li>\n` : ''}${delivered.has('python') ? html`<li>Python: <code>pip install ${names.python.packageName}</code>, then <code>from ${names.python.moduleName} import ${names.python.clientClass}</code></li>\n` : ''}${delivered.has('cli') ? html`<li>CLI: <code>${names.cli.bin} --help</code></li>\n` : ''}${delivered.has('mcp') ? html`<li>MCP server (for AI agents): <code>npx -y ${names.mcp.packageName}</code>; one tool per operation. For language models: <a href="${localUrl('llms.txt')}">llms.txt</a>, <a href="${localUrl('llms-full.txt')}">llms-full.txt</a></li>` : html`<li>For language models: <a href="${localUrl('llms.txt')}">llms.txt</a>, <a href="${localUrl('llms-full.txt')}">llms-full.txt</a></li>`}
</ul>
<h2 id="resources">Resources</h2>
${resourceRows.length > 0 ? html`<ul class="resource-list">${resourceRows}</ul>` : html`<p class="muted">No operations.</p>`}
<p><a href="${localUrl('schemas/index.html')}">All schemas</a> (${site.schemas.size})</p>
</article>`;
  return page(ctx, path, ctx.siteTitle, body, path);
}

/**
 * The description's own word for a page, where the SDK's differs: the tag its operations carry
 * (`transfer_in` beside `TransferIn`), else the raw resource name.
 */
function rawTagLine(resource: ResourcePage): Html | '' {
  if (resource.name === '') return '';
  const tags = new Set(resource.sections[0]?.operations.map((o) => o.op.tags[0]).filter((t) => t !== undefined));
  const [tag] = tags;
  // Case alone is no difference (`books`, `Books`); spelling is (`transfer_in`, `TransferIn`).
  const same = (word: string): boolean => word.toLowerCase() === resource.title.toLowerCase();
  if (tags.size === 1 && tag !== undefined && !same(tag)) return html`<p class="raw-tag">Tag <code>${tag}</code></p>`;
  if (tags.size !== 1 && !same(resource.name))
    return html`<p class="raw-tag">In the description: <code>${resource.name}</code></p>`;
  return '';
}

export function resourcePage(ctx: PageContext, resource: ResourcePage): GeneratedFile {
  const octx: OperationContext = {
    model: ctx.model,
    site: ctx.site,
    page: resource.path,
    samples: ctx.samples,
    schemes: new Map(ctx.model.authSchemes.map((s) => [s.key, s])),
  };
  const resourceMeta = ctx.model.tags.find((t) => t.name === resource.name);
  const body = html`<article class="resource">
<h1>${resource.title}</h1>
${rawTagLine(resource)}
${resourceMeta?.description !== undefined ? markdown(resourceMeta.description) : ''}
${resource.sections.map(
  (
    section,
  ) => html`<div class="section" id="${section.anchor}">${section.path.length > 1 ? html`<h2 class="subresource">${section.titles.map((name, i) => (i === 0 ? name : html` &rsaquo; ${name}`))}</h2>${section.titles.join('\u0000').toLowerCase() !== section.path.join('\u0000').toLowerCase() ? html`<p class="raw-tag">In the description: <code>${section.path.join(' › ')}</code></p>` : ''}` : ''}
${section.operations.map((entry) => operationSection(entry, octx))}</div>`,
)}
</article>`;
  return page(ctx, resource.path, resource.title, body, resource.path);
}

/** Links to every schema page (the initials), the current one marked. */
function schemaGroupLinks(ctx: PageContext, page: string): Html {
  return html`<p class="schema-groups">${ctx.site.schemaGroups.map(
    (g) =>
      html`<a href="${localUrl(relativeUrl(page, g.path))}"${g.path === page ? html` aria-current="page"` : ''}>${g.title}</a> `,
  )}</p>`;
}

/**
 * A page of named schemas, each in its own section: its tree, in which a reference to another named
 * schema is a link to that schema's section, as in an operation's body that names a schema. Opening
 * each reference one more level wrote every schema again wherever it is used: Stripe-sized schema
 * pages were 40.7 MB (up to 5.4 MB a page), against 5.8 MB (0.75 MB) with links.
 */
function schemaGroupPage(ctx: PageContext, group: SchemaGroup): GeneratedFile {
  const sections = group.schemas.map((entry) => {
    const named = ctx.model.schemas[entry.id];
    if (named === undefined) return '';
    return html`<section class="schema-section" id="${entry.anchor}">
<h2><a class="anchor" href="${localUrl(`#${entry.anchor}`)}" aria-label="Link to this schema">#</a> ${entry.name}</h2>
${named.schema.title !== undefined && named.schema.title !== entry.name ? html`<p class="lead">${named.schema.title}</p>` : ''}
${schemaTree(named.schema, { model: ctx.model, site: ctx.site, page: group.path, refDepth: 0, budget: { left: 500 } })}
<h3>Example</h3>
${codeBlock(`Example ${entry.name}`, exampleHtml(ctx.model, undefined, named.schema, 'response'))}
</section>`;
  });
  const body = html`<article class="schema-page">
<h1>Schemas: ${group.title}</h1>
${schemaGroupLinks(ctx, group.path)}
${sections}
</article>`;
  return page(ctx, group.path, `Schemas: ${group.title}`, body, group.path);
}

export function schemaPages(ctx: PageContext): GeneratedFile[] {
  const files = ctx.site.schemaGroups.map((group) => schemaGroupPage(ctx, group));
  const path = 'schemas/index.html';
  const list = [...ctx.site.schemas.values()].map(
    (s) => html`<li><a href="${localUrl(relativeUrl(path, schemaUrl(s)))}">${s.name}</a></li>`,
  );
  files.push(
    page(
      ctx,
      path,
      'Schemas',
      html`<article><h1>Schemas</h1>${list.length > 0 ? html`${schemaGroupLinks(ctx, path)}<ul class="schema-list">${list}</ul>` : html`<p class="muted">No named schemas.</p>`}</article>`,
      path,
    ),
  );
  return files;
}

export function guidePage(ctx: PageContext, guide: GuidePage): GeneratedFile {
  return page(
    ctx,
    guide.path,
    guide.guide.title,
    html`<article class="guide"><h1>${guide.guide.title}</h1>${markdown(guide.guide.markdown)}</article>`,
    guide.path,
  );
}

/** `search-index.json`: what the page script searches (titles, paths, names; URLs from the site root). */
export function searchIndex(ctx: PageContext): GeneratedFile {
  const items: { k: string; t: string; s: string; n?: string; u: string; x: string }[] = [];
  for (const entry of ctx.site.operations.values()) {
    const samples = ctx.samples.samples(entry.op);
    items.push({
      k: 'operation',
      t: entry.title,
      s: `${entry.op.method.toUpperCase()} ${entry.op.path}`,
      // The names a reader searches by: the SDK method and calls, the operationId.
      n: [
        entry.sdk?.name ?? entry.op.methodName,
        samples.typescriptChain?.join('.') ?? '',
        samples.pythonChain?.join('.') ?? '',
        entry.op.operationId ?? '',
      ]
        .filter((word) => word !== '')
        .join(' '),
      u: localUrl(`${entry.page}#${entry.anchor}`),
      x: [[...entry.op.resourcePath, entry.op.methodName].join('.'), ...entry.op.tags].join(' '),
    });
  }
  for (const entry of ctx.site.schemas.values())
    items.push({ k: 'schema', t: entry.name, s: 'schema', u: localUrl(schemaUrl(entry)), x: entry.id });
  for (const guide of ctx.site.guides)
    items.push({ k: 'guide', t: guide.guide.title, s: 'guide', u: localUrl(guide.path), x: guide.guide.slug });
  return { path: 'search-index.json', content: `${JSON.stringify({ version: 1, items })}\n` };
}
