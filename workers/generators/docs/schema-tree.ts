// Schemas as expandable trees (`<details>`): a property per row with its type, flags, constraints
// and description; objects, arrays of objects and unions open into their members. References to
// named schemas link to the schema's page and are expanded inline only a bounded number of levels,
// so recursive and very large graphs stay small.

import type { ApiModel, PrimitiveConstraints, SchemaNode } from '../model/types.ts';
import { html, type Html, join } from './html.ts';
import { markdown } from './markdown.ts';
import type { SitePlan } from './site-plan.ts';
import { relativeUrl, schemaUrl } from './site-plan.ts';

export interface TreeContext {
  model: ApiModel;
  site: SitePlan;
  /** The page being written (site-root-relative), for links. */
  page: string;
  /** How many levels of named-schema references open inline. */
  refDepth: number;
  /** Node budget per tree. */
  budget: { left: number };
}

// Markup outside the description's own text stays within Latin-1 (`&ge;`, not `≥`): a page whose
// text has only Latin-1 characters is held in one byte per character, half the memory to build
// and encode (most pages of a description have no other character above U+00FF).
function constraintsText(c: PrimitiveConstraints): (string | Html)[] {
  const out: (string | Html)[] = [];
  if (c.minLength !== undefined) out.push(`min length ${c.minLength}`);
  if (c.maxLength !== undefined) out.push(`max length ${c.maxLength}`);
  if (c.pattern !== undefined) out.push(`pattern ${c.pattern}`);
  if (c.minimum !== undefined) out.push(html`&ge; ${c.minimum}`);
  if (c.exclusiveMinimum !== undefined) out.push(`> ${c.exclusiveMinimum}`);
  if (c.maximum !== undefined) out.push(html`&le; ${c.maximum}`);
  if (c.exclusiveMaximum !== undefined) out.push(`< ${c.exclusiveMaximum}`);
  if (c.multipleOf !== undefined) out.push(`multiple of ${c.multipleOf}`);
  return out;
}

// Fixed fragments, made once: a tree has a row per property, and most rows carry some of them.
const EMPTY = html``;
const NULLABLE = html` <span class="type-null">| null</span>`;
const REQUIRED = html` <span class="badge badge-required">required</span>`;
const READ_ONLY = html` <span class="badge">read-only</span>`;
const WRITE_ONLY = html` <span class="badge">write-only</span>`;
const DEPRECATED = html` <span class="badge badge-deprecated">deprecated</span>`;

/**
 * A short type label; named schemas are links to their pages (`linked`), or plain names where the
 * label sits inside a `<summary>` (a link inside a control is one control inside another).
 */
export function typeLabel(node: SchemaNode, ctx: TreeContext, depth = 0, linked = true): Html {
  const nullable = node.nullable ? NULLABLE : EMPTY;
  if (depth > 3) return html`<span class="type">&hellip;</span>`;
  switch (node.kind) {
    case 'ref': {
      const page = ctx.site.schemas.get(node.target);
      const name = ctx.model.schemas[node.target]?.name ?? node.target;
      if (page && !linked) return html`<span class="type type-ref">${name}</span>${nullable}`;
      return page
        ? html`<a class="type type-ref" href="${relativeUrl(ctx.page, schemaUrl(page))}">${name}</a>${nullable}`
        : html`<span class="type">${name}</span>${nullable}`;
    }
    case 'primitive':
      return html`<span class="type">${node.type}${node.format !== undefined ? ` (${node.format})` : ''}</span>${nullable}`;
    case 'array':
      return html`<span class="type">array of</span> ${typeLabel(node.items, ctx, depth + 1, linked)}${nullable}`;
    case 'map':
      return html`<span class="type">map of</span> ${typeLabel(node.values, ctx, depth + 1, linked)}${nullable}`;
    case 'enum':
      return html`<span class="type">enum (${node.valueType})</span>${nullable}`;
    case 'literal':
      return html`<span class="type">constant</span>${nullable}`;
    case 'union':
      return html`<span class="type">${node.combinator === 'anyOf' ? 'any of' : 'one of'}</span>${nullable}`;
    case 'intersection':
      return html`<span class="type">all of</span>${nullable}`;
    case 'object':
      return html`<span class="type">object</span>${nullable}`;
    case 'unknown':
      return html`<span class="type">${node.reason === 'never' ? 'never' : 'any'}</span>${nullable}`;
  }
}

function facts(node: SchemaNode): Html {
  const parts: Html[] = [];
  if (node.kind === 'primitive')
    for (const text of constraintsText(node.constraints)) parts.push(html`<span class="fact">${text}</span>`);
  if (node.kind === 'array') {
    if (node.minItems !== undefined) parts.push(html`<span class="fact">min items ${node.minItems}</span>`);
    if (node.maxItems !== undefined) parts.push(html`<span class="fact">max items ${node.maxItems}</span>`);
    if (node.uniqueItems) parts.push(html`<span class="fact">unique</span>`);
  }
  if (node.kind === 'enum')
    parts.push(
      html`<span class="fact">values: ${join(
        node.members.slice(0, 50).map((m) => html`<code>${JSON.stringify(m.value)}</code>`),
        ', ',
      )}${node.members.length > 50 ? html` &hellip; (${node.members.length} in all)` : ''}</span>`,
    );
  if (node.kind === 'literal')
    parts.push(html`<span class="fact">value <code>${JSON.stringify(node.value)}</code></span>`);
  if (node.default !== undefined)
    parts.push(html`<span class="fact">default <code>${JSON.stringify(node.default)}</code></span>`);
  if (node.deprecated) parts.push(html`<span class="badge badge-deprecated">deprecated</span>`);
  return parts.length === 0 ? EMPTY : join(parts, ' ');
}

/** The children of a node, or undefined when it is a leaf. */
function children(node: SchemaNode, ctx: TreeContext, refLevel: number, seen: ReadonlySet<string>): Html | undefined {
  if (ctx.budget.left <= 0) return undefined;
  switch (node.kind) {
    case 'ref': {
      if (refLevel >= ctx.refDepth || seen.has(node.target)) return undefined;
      const target = ctx.model.schemas[node.target];
      if (target === undefined) return undefined;
      if (refLevel + 1 >= ctx.refDepth) return lastLevel(target.schema, ctx, refLevel + 1);
      return children(target.schema, ctx, refLevel + 1, new Set(seen).add(node.target));
    }
    case 'object': {
      if (node.properties.length === 0 && node.additionalProperties === undefined) return undefined;
      const rows = node.properties.map((p) =>
        row(html`<code class="prop-name">${p.name}</code>`, p.schema, ctx, refLevel, seen, {
          required: p.required,
          readOnly: p.readOnly,
          writeOnly: p.writeOnly,
          deprecated: p.deprecated,
          description: p.description,
        }),
      );
      if (typeof node.additionalProperties === 'object')
        rows.push(
          row(html`<code class="prop-name">[key: string]</code>`, node.additionalProperties, ctx, refLevel, seen, {}),
        );
      return html`<ul class="tree">${rows}</ul>`;
    }
    case 'array':
      return node.items.kind === 'primitive' || node.items.kind === 'enum'
        ? undefined
        : children(node.items, ctx, refLevel, seen);
    case 'map':
      return node.values.kind === 'primitive'
        ? undefined
        : html`<ul class="tree">${row(html`<code class="prop-name">[key: string]</code>`, node.values, ctx, refLevel, seen, {})}</ul>`;
    case 'union':
      return html`<ul class="tree">${node.variants.map((v, i) => row(html`<span class="variant">option ${i + 1}</span>`, v, ctx, refLevel, seen, {}))}</ul>${node.discriminator ? html`<p class="fact">discriminated by <code>${node.discriminator.propertyName}</code></p>` : ''}`;
    case 'intersection':
      return html`<ul class="tree">${node.members.map((m, i) => row(html`<span class="variant">part ${i + 1}</span>`, m, ctx, refLevel, seen, {}))}</ul>`;
    default:
      return undefined;
  }
}

// A named schema opened at the last reference level opens no further reference, so what it shows
// depends only on the schema and the page's depth (`seen` is not read again), as long as the budget
// does not run out inside it. The same schema is opened on many pages and operations: each such
// expansion is built once per site and reused whenever the budget left covers what it spent.
const lastLevels = new WeakMap<SitePlan, WeakMap<SchemaNode, Map<string, CachedTree>>>();
const NOTHING_SEEN: ReadonlySet<string> = new Set();

function lastLevel(node: SchemaNode, ctx: TreeContext, refLevel: number): Html | undefined {
  let bySite = lastLevels.get(ctx.site);
  if (bySite === undefined) lastLevels.set(ctx.site, (bySite = new WeakMap()));
  let cache = bySite.get(node);
  if (cache === undefined) bySite.set(node, (cache = new Map()));
  const key = relativeUrl(ctx.page, '');
  const hit = cache.get(key);
  if (hit !== undefined && ctx.budget.left - hit.spent > 0) {
    ctx.budget.left -= hit.spent;
    return hit.out ?? undefined;
  }
  const before = ctx.budget.left;
  const out = children(node, ctx, refLevel, NOTHING_SEEN);
  // Only an expansion the budget never cut short is the same wherever it is shown.
  if (ctx.budget.left > 0) cache.set(key, { out: out ?? null, spent: before - ctx.budget.left });
  return out;
}

interface RowFlags {
  required?: boolean;
  readOnly?: boolean;
  writeOnly?: boolean;
  deprecated?: boolean;
  description?: string | undefined;
}

function row(
  label: Html,
  node: SchemaNode,
  ctx: TreeContext,
  refLevel: number,
  seen: ReadonlySet<string>,
  flags: RowFlags,
): Html {
  ctx.budget.left--;
  const badges = html`${flags.required ? REQUIRED : ''}${flags.readOnly || node.readOnly ? READ_ONLY : ''}${flags.writeOnly || node.writeOnly ? WRITE_ONLY : ''}${flags.deprecated ? DEPRECATED : ''}`;
  const description = flags.description ?? node.description;
  const body = html`${description !== undefined ? html`<div class="desc">${markdown(description)}</div>` : ''}${facts(node)}`;
  const nested = children(node, ctx, refLevel, seen);
  if (nested === undefined)
    return html`<li class="leaf"><div class="row">${label} ${typeLabel(node, ctx)}${badges}</div>${body}</li>`;
  // The summary is the control that opens the row: its type is plain text, and the link to a
  // named schema's page is the first line of what opens.
  const plain = typeLabel(node, ctx, 0, false);
  const linkedLabel = typeLabel(node, ctx);
  const link = linkedLabel.text === plain.text ? EMPTY : html`<p class="type-link">Schema: ${linkedLabel}</p>`;
  return html`<li><details><summary>${label} ${plain}${badges}</summary>${link}${body}${nested}</details></li>`;
}

// A tree is a pure function of its node, the page's depth (links are relative), the reference
// depth and the budget left when it starts, and it always spends the same part of that budget. The
// same named schema is the body of many operations (error responses above all), so each tree is
// built once per site and such key. References are keyed by what the tree reads of them.
interface CachedTree {
  out: Html | null;
  spent: number;
}
const trees = new WeakMap<SitePlan, Map<string, CachedTree>>();
const inlineTrees = new WeakMap<SitePlan, WeakMap<SchemaNode, Map<string, CachedTree>>>();

function treeCache(node: SchemaNode, ctx: TreeContext): { cache: Map<string, CachedTree>; key: string } {
  const shape = `${relativeUrl(ctx.page, '')}\u0000${ctx.refDepth}\u0000${ctx.budget.left}`;
  if (node.kind === 'ref') {
    let cache = trees.get(ctx.site);
    if (cache === undefined) trees.set(ctx.site, (cache = new Map()));
    const defaultText = node.default === undefined ? '' : JSON.stringify(node.default);
    return {
      cache,
      key: `${shape}\u0000${node.target}\u0000${node.nullable ? 1 : 0}${node.deprecated ? 1 : 0}\u0000${defaultText}`,
    };
  }
  let bySite = inlineTrees.get(ctx.site);
  if (bySite === undefined) inlineTrees.set(ctx.site, (bySite = new WeakMap()));
  let cache = bySite.get(node);
  if (cache === undefined) bySite.set(node, (cache = new Map()));
  return { cache, key: shape };
}

/** The tree of a body or schema: its members at the top level, nested nodes collapsed. */
export function schemaTree(node: SchemaNode, ctx: TreeContext): Html {
  const { cache, key } = treeCache(node, ctx);
  const hit = cache.get(key);
  if (hit !== undefined) {
    ctx.budget.left -= hit.spent;
    return hit.out as Html;
  }
  const before = ctx.budget.left;
  const out = buildTree(node, ctx);
  cache.set(key, { out, spent: before - ctx.budget.left });
  return out;
}

function buildTree(node: SchemaNode, ctx: TreeContext): Html {
  const nested = children(node, ctx, 0, new Set());
  const description = node.kind === 'ref' ? undefined : node.description;
  return html`<div class="schema"><p class="schema-type">${typeLabel(node, ctx)} ${facts(node)}</p>${description !== undefined ? html`<div class="desc">${markdown(description)}</div>` : ''}${nested ?? ''}</div>`;
}
