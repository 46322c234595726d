// Every URL and anchor of the site is decided here, once: pages per top-level resource (with the
// operations of its subresources), named schemas as sections of a page per initial letter, a page
// per guide, and the navigation order (the docs snapshot's, then whatever it did not mention, in
// model order). Slugs are `[a-z0-9-]` only, so they are safe in file names, URLs and `id`
// attributes.

import type { ApiModel, Operation, Resource } from '../model/types.ts';
import { kebabCase } from '../names/case.ts';
import { NameScope } from '../names/scope.ts';
import type { DocsGuide, DocsSource } from './docs-source.ts';

export interface OperationEntry {
  op: Operation;
  /** Page path from the site root, e.g. `resources/pets.html`. */
  page: string;
  anchor: string;
  /** Heading shown for the operation: its summary, else its method name. */
  title: string;
  /** The SDK's method name and call (`client.transferIn.create`), when a resource maps the operation. */
  sdk?: { name: string; call: string };
}

/** The words of the generated SDKs (`SampleBuilder`): navigation and headings use them. */
export interface SdkNaming {
  resourceTitle(path: readonly string[]): string | undefined;
  sdkMethod(op: Operation): { name: string; call: string } | undefined;
}

export interface PageSection {
  /** Resource path shown as a sub-heading (empty for the page's own resource). */
  path: string[];
  /** `path` in the SDK's names, level by level. */
  titles: string[];
  anchor: string;
  operations: OperationEntry[];
}

export interface ResourcePage {
  kind: 'resource';
  /** The SDK's name of the resource (`TransferIn`), else its raw name. */
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

/** A named schema: a section of its group's page. */
export interface SchemaPage {
  id: string;
  name: string;
  /** Page path from the site root, e.g. `schemas/b.html`. */
  path: string;
  anchor: string;
}

/**
 * Schemas whose slugs share an initial (`0-9` for digits), at most SCHEMAS_PER_PAGE a page. A page
 * per schema made plaid's site 2,276 files of which half the bytes were the repeated page shell
 * and sidebar; writing them cost more than building them.
 */
export interface SchemaGroup {
  /** `B`, `B (2)`, `0-9`. */
  title: string;
  path: string;
  schemas: SchemaPage[];
}

export interface SitePlan {
  resources: ResourcePage[];
  guides: GuidePage[];
  /** Navigation order of resource and guide pages. */
  navigation: (ResourcePage | GuidePage)[];
  schemas: Map<string, SchemaPage>;
  /** Every schema page, in initial order; each schema is on exactly one. */
  schemaGroups: SchemaGroup[];
  operations: Map<string, OperationEntry>;
}

/** Past this many schemas an initial's page is split (`s.html`, `s-2.html`, ...), so no page grows without bound. */
export const SCHEMAS_PER_PAGE = 150;

/** Element ids of the page shell, which no section anchor may take. */
const SHELL_IDS = ['main', 'search', 'search-results', 'sidebar', 'top'];

/** `page#anchor` of a schema, from the site root. */
export function schemaUrl(entry: SchemaPage): string {
  return `${entry.path}#${entry.anchor}`;
}

export function operationTitle(op: Operation): string {
  const summary = op.summary?.trim();
  if (summary !== undefined && summary !== '') return summary;
  return op.methodName !== '' ? op.methodName : op.key;
}

const slug = (raw: string, fallback: string): string => kebabCase(raw).slice(0, 80).replace(/-+$/, '') || fallback;

export function planSite(model: ApiModel, source: DocsSource | undefined, naming?: SdkNaming): SitePlan {
  const files = new NameScope(['index', 'other-operations', 'webhooks']);
  const operationsByKey = new Map([...model.operations, ...model.webhooks].map((op) => [op.key, op]));
  const operations = new Map<string, OperationEntry>();
  const resources: ResourcePage[] = [];

  const buildPage = (
    title: string,
    name: string,
    path: string,
    groups: { path: string[]; ops: Operation[] }[],
  ): ResourcePage => {
    const anchors = new NameScope(SHELL_IDS);
    const sections: PageSection[] = [];
    for (const group of groups) {
      const entries: OperationEntry[] = [];
      const anchor = anchors.claim(`section:${group.path.join('\u0000')}`, slug(group.path.join(' '), 'section'));
      for (const op of group.ops) {
        if (operations.has(op.key)) continue;
        const sdk = naming?.sdkMethod(op);
        const entry: OperationEntry = {
          op,
          page: path,
          anchor: anchors.claim(`op:${op.key}`, slug([...op.resourcePath, op.methodName].join(' '), 'operation')),
          title: operationTitle(op),
          ...(sdk !== undefined ? { sdk } : {}),
        };
        operations.set(op.key, entry);
        entries.push(entry);
      }
      const titles = group.path.map((name, i) => naming?.resourceTitle(group.path.slice(0, i + 1)) ?? name);
      if (entries.length > 0) sections.push({ path: group.path, titles, anchor, operations: entries });
    }
    return { kind: 'resource', title, name, path, sections };
  };

  const groupsOf = (resource: Resource): { path: string[]; ops: Operation[] }[] => [
    {
      path: resource.path,
      ops: resource.methods
        .map((m) => operationsByKey.get(m.operation))
        .filter((op): op is Operation => op !== undefined),
    },
    ...resource.subresources.flatMap(groupsOf),
  ];
  for (const resource of model.resources) {
    const page = buildPage(
      naming?.resourceTitle(resource.path) ?? resource.name,
      resource.name,
      `resources/${files.claim(`resource:${resource.name}`, slug(resource.name, 'resource'))}.html`,
      groupsOf(resource),
    );
    if (page.sections.length > 0) resources.push(page);
  }
  const unmapped = model.operations.filter((op) => !operations.has(op.key));
  if (unmapped.length > 0)
    resources.push(buildPage('Other operations', '', 'resources/other-operations.html', [{ path: [], ops: unmapped }]));
  if (model.webhooks.length > 0)
    resources.push(buildPage('Webhooks', '', 'resources/webhooks.html', [{ path: [], ops: model.webhooks }]));

  const guideFiles = new NameScope(['index']);
  const guides: GuidePage[] = (source?.guides ?? []).map((guide) => ({
    kind: 'guide',
    guide,
    path: `guides/${guideFiles.claim(guide.slug, guide.slug)}.html`,
  }));

  const navigation: (ResourcePage | GuidePage)[] = [];
  const placed = new Set<ResourcePage | GuidePage>();
  for (const entry of source?.navigation ?? []) {
    const page =
      entry.kind === 'guide'
        ? guides.find((g) => g.guide.slug === entry.slug)
        : resources.find((r) => r.name !== '' && r.name === entry.name);
    if (page && !placed.has(page)) {
      navigation.push(page);
      placed.add(page);
    }
  }
  for (const page of [...guides, ...resources]) if (!placed.has(page)) navigation.push(page);

  // Anchors are unique across all schema pages, so a schema's anchor does not depend on which
  // page it lands on.
  const schemaAnchors = new NameScope(SHELL_IDS);
  const byInitial = new Map<string, { id: string; name: string; anchor: string }[]>();
  for (const id of Object.keys(model.schemas).sort()) {
    const named = model.schemas[id];
    if (named === undefined) continue;
    const anchor = schemaAnchors.claim(id, slug(id, 'schema'));
    const initial = /^[0-9]/.test(anchor) ? '0-9' : anchor.charAt(0);
    let list = byInitial.get(initial);
    if (list === undefined) byInitial.set(initial, (list = []));
    list.push({ id, name: named.name || id, anchor });
  }
  const schemas = new Map<string, SchemaPage>();
  const schemaGroups: SchemaGroup[] = [];
  for (const initial of [...byInitial.keys()].sort()) {
    const members = byInitial.get(initial) as { id: string; name: string; anchor: string }[];
    const label = initial.toUpperCase();
    for (let at = 0, part = 1; at < members.length; at += SCHEMAS_PER_PAGE, part++) {
      const path = `schemas/${initial}${part > 1 ? `-${part}` : ''}.html`;
      const group: SchemaGroup = { title: part > 1 ? `${label} (${part})` : label, path, schemas: [] };
      for (const member of members.slice(at, at + SCHEMAS_PER_PAGE)) {
        const entry: SchemaPage = { ...member, path };
        schemas.set(member.id, entry);
        group.schemas.push(entry);
      }
      schemaGroups.push(group);
    }
  }
  return { resources, guides, navigation, schemas, schemaGroups, operations };
}

const UP = ['', '../', '../../', '../../../'];

/** A URL from `fromPage` (site-root-relative path) to `target` (site-root-relative path). */
export function relativeUrl(fromPage: string, target: string): string {
  let depth = 0;
  for (let i = fromPage.indexOf('/'); i !== -1; i = fromPage.indexOf('/', i + 1)) depth++;
  return (UP[depth] ?? '../'.repeat(depth)) + target;
}
