// Every URL and anchor of the site is decided here, once: pages per top-level resource (with the
// operations of its subresources), a page per named schema, a page per guide, and the navigation
// order (the docs snapshot's, then whatever it did not mention, in model order). Slugs are
// `[a-z0-9-]` only, so they are safe in file names, URLs and `id` attributes.

import type { ApiModel, Operation, Resource } from '../model/types.ts';
import { kebabCase } from '../names/case.ts';
import { NameScope } from '../names/scope.ts';
import type { DocsGuide, DocsSource } from './docs-source.ts';

export interface OperationEntry {
  op: Operation;
  /** Page path from the site root, e.g. `resources/pets.html`. */
  page: string;
  anchor: string;
  /** Heading shown for the operation. */
  title: string;
}

export interface PageSection {
  /** Resource path shown as a sub-heading (empty for the page's own resource). */
  path: string[];
  anchor: string;
  operations: OperationEntry[];
}

export interface ResourcePage {
  kind: 'resource';
  title: string;
  /** The raw top-level resource name ('' for the page of unmapped operations / webhooks). */
  name: string;
  path: string;
  sections: PageSection[];
}

export interface GuidePage {
  kind: 'guide';
  guide: DocsGuide;
  path: string;
}

export interface SchemaPage {
  id: string;
  name: string;
  path: string;
}

export interface SitePlan {
  resources: ResourcePage[];
  guides: GuidePage[];
  /** Navigation order of resource and guide pages. */
  navigation: (ResourcePage | GuidePage)[];
  schemas: Map<string, SchemaPage>;
  operations: Map<string, OperationEntry>;
}

export function operationTitle(op: Operation): string {
  const summary = op.summary?.trim();
  if (summary !== undefined && summary !== '') return summary;
  return op.methodName !== '' ? op.methodName : op.key;
}

const slug = (raw: string, fallback: string): string => kebabCase(raw).slice(0, 80).replace(/-+$/, '') || fallback;

export function planSite(model: ApiModel, source: DocsSource | undefined): SitePlan {
  const files = new NameScope(['index', 'other-operations', 'webhooks']);
  const operationsByKey = new Map([...model.operations, ...model.webhooks].map((op) => [op.key, op]));
  const operations = new Map<string, OperationEntry>();
  const resources: ResourcePage[] = [];

  const buildPage = (title: string, name: string, path: string, groups: { path: string[]; ops: Operation[] }[]): ResourcePage => {
    const anchors = new NameScope(['main', 'search', 'sidebar', 'top']);
    const sections: PageSection[] = [];
    for (const group of groups) {
      const entries: OperationEntry[] = [];
      const anchor = anchors.claim(`section:${group.path.join('\u0000')}`, slug(group.path.join(' '), 'section'));
      for (const op of group.ops) {
        if (operations.has(op.key)) continue;
        const entry: OperationEntry = { op, page: path, anchor: anchors.claim(`op:${op.key}`, slug([...op.resourcePath, op.methodName].join(' '), 'operation')), title: operationTitle(op) };
        operations.set(op.key, entry);
        entries.push(entry);
      }
      if (entries.length > 0) sections.push({ path: group.path, anchor, operations: entries });
    }
    return { kind: 'resource', title, name, path, sections };
  };

  const groupsOf = (resource: Resource): { path: string[]; ops: Operation[] }[] => [
    { path: resource.path, ops: resource.methods.map((m) => operationsByKey.get(m.operation)).filter((op): op is Operation => op !== undefined) },
    ...resource.subresources.flatMap(groupsOf),
  ];
  for (const resource of model.resources) {
    const page = buildPage(resource.name, resource.name, `resources/${files.claim(`resource:${resource.name}`, slug(resource.name, 'resource'))}.html`, groupsOf(resource));
    if (page.sections.length > 0) resources.push(page);
  }
  const unmapped = model.operations.filter((op) => !operations.has(op.key));
  if (unmapped.length > 0) resources.push(buildPage('Other operations', '', 'resources/other-operations.html', [{ path: [], ops: unmapped }]));
  if (model.webhooks.length > 0) resources.push(buildPage('Webhooks', '', 'resources/webhooks.html', [{ path: [], ops: model.webhooks }]));

  const guideFiles = new NameScope(['index']);
  const guides: GuidePage[] = (source?.guides ?? []).map((guide) => ({ kind: 'guide', guide, path: `guides/${guideFiles.claim(guide.slug, guide.slug)}.html` }));

  const navigation: (ResourcePage | GuidePage)[] = [];
  const placed = new Set<ResourcePage | GuidePage>();
  for (const entry of source?.navigation ?? []) {
    const page = entry.kind === 'guide' ? guides.find((g) => g.guide.slug === entry.slug) : resources.find((r) => r.name !== '' && r.name === entry.name);
    if (page && !placed.has(page)) {
      navigation.push(page);
      placed.add(page);
    }
  }
  for (const page of [...guides, ...resources]) if (!placed.has(page)) navigation.push(page);

  const schemaFiles = new NameScope(['index']);
  const schemas = new Map<string, SchemaPage>();
  for (const id of Object.keys(model.schemas).sort()) {
    const named = model.schemas[id];
    if (named === undefined) continue;
    schemas.set(id, { id, name: named.name || id, path: `schemas/${schemaFiles.claim(id, slug(id, 'schema'))}.html` });
  }
  return { resources, guides, navigation, schemas, operations };
}

const UP = ['', '../', '../../', '../../../'];

/** A URL from `fromPage` (site-root-relative path) to `target` (site-root-relative path). */
export function relativeUrl(fromPage: string, target: string): string {
  let depth = 0;
  for (let i = fromPage.indexOf('/'); i !== -1; i = fromPage.indexOf('/', i + 1)) depth++;
  return (UP[depth] ?? '../'.repeat(depth)) + target;
}
