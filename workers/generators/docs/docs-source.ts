// `docsSourceText`: a snapshot of a customer's existing docs (navigation order, theme colours, logo
// text, markdown guide pages), YAML or JSON. It is parsed as data only (no tags, no anchors beyond a
// small alias budget); every field is checked, colours must be hex before they reach CSS.

import { yamlPackage } from '../model/parse/yaml-package.ts';

export interface DocsTheme {
  primary?: string;
  background?: string;
  text?: string;
}

export interface DocsGuide {
  slug: string;
  title: string;
  markdown: string;
}

/** One entry of the navigation: a resource (raw top-level resource name) or a guide (by slug). */
export type DocsNavEntry = { kind: 'resource'; name: string } | { kind: 'guide'; slug: string };

export interface DocsSource {
  logoText?: string;
  theme: DocsTheme;
  navigation: DocsNavEntry[];
  guides: DocsGuide[];
}

export class DocsSourceError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`docsSourceText is not valid: ${problems.join('; ')}`);
    this.name = 'DocsSourceError';
    this.problems = problems;
  }
}

export const MAX_DOCS_SOURCE_BYTES = 2_000_000;
const HEX_COLOUR = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;
const SLUG = /^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/;
const KNOWN_KEYS = new Set(['logoText', 'theme', 'navigation', 'guides']);

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Parses and checks a docs snapshot; `problems` lists every field that was refused. */
export function parseDocsSource(text: string): { source: DocsSource; problems: string[] } {
  const problems: string[] = [];
  const source: DocsSource = { theme: {}, navigation: [], guides: [] };
  if (Buffer.byteLength(text, 'utf8') > MAX_DOCS_SOURCE_BYTES)
    return { source, problems: [`larger than ${MAX_DOCS_SOURCE_BYTES} bytes`] };
  let data: unknown;
  try {
    const doc = yamlPackage().parseDocument(text, {
      schema: 'core',
      uniqueKeys: true,
      customTags: [],
      logLevel: 'silent',
    });
    const first = doc.errors[0] ?? doc.warnings[0];
    if (first !== undefined) return { source, problems: [`not valid YAML/JSON: ${first.message.split('\n')[0]}`] };
    data = doc.toJS({ maxAliasCount: 50 });
  } catch (error) {
    return { source, problems: [`not valid YAML/JSON: ${(error as Error).message.split('\n')[0]}`] };
  }
  if (data === null || data === undefined) return { source, problems };
  if (!isRecord(data)) return { source, problems: ['the top level must be a mapping'] };
  for (const key of Object.keys(data).sort())
    if (!KNOWN_KEYS.has(key)) problems.push(`unknown key ${JSON.stringify(key)}`);

  if (data.logoText !== undefined) {
    if (typeof data.logoText !== 'string' || data.logoText.length > 100)
      problems.push('logoText must be a string of at most 100 characters');
    else source.logoText = data.logoText;
  }

  if (data.theme !== undefined) {
    if (!isRecord(data.theme)) problems.push('theme must be a mapping');
    else {
      for (const key of Object.keys(data.theme).sort()) {
        const value = data.theme[key];
        if (key !== 'primary' && key !== 'background' && key !== 'text')
          problems.push(`theme.${key} is not a known colour`);
        else if (typeof value !== 'string' || !HEX_COLOUR.test(value))
          problems.push(`theme.${key} must be a hex colour like #1a2b3c`);
        else source.theme[key] = value.toLowerCase();
      }
    }
  }

  if (data.guides !== undefined) {
    if (!Array.isArray(data.guides)) problems.push('guides must be a list');
    else {
      const seen = new Set<string>();
      data.guides.forEach((guide: unknown, i) => {
        if (!isRecord(guide)) return void problems.push(`guides[${i}] must be a mapping`);
        const { slug, title, markdown } = guide;
        if (typeof slug !== 'string' || !SLUG.test(slug))
          return void problems.push(`guides[${i}].slug must match ${SLUG.source}`);
        if (seen.has(slug)) return void problems.push(`guides[${i}].slug ${JSON.stringify(slug)} is repeated`);
        if (typeof title !== 'string' || title.trim() === '' || title.length > 200)
          return void problems.push(`guides[${i}].title must be a non-empty string of at most 200 characters`);
        if (typeof markdown !== 'string') return void problems.push(`guides[${i}].markdown must be a string`);
        seen.add(slug);
        source.guides.push({ slug, title, markdown });
      });
    }
  }

  if (data.navigation !== undefined) {
    if (!Array.isArray(data.navigation)) problems.push('navigation must be a list');
    else {
      data.navigation.forEach((entry: unknown, i) => {
        if (typeof entry === 'string') {
          // A bare string names a guide when one has that slug, else a resource.
          source.navigation.push(
            source.guides.some((g) => g.slug === entry)
              ? { kind: 'guide', slug: entry }
              : { kind: 'resource', name: entry },
          );
        } else if (isRecord(entry) && typeof entry.resource === 'string' && Object.keys(entry).length === 1) {
          source.navigation.push({ kind: 'resource', name: entry.resource });
        } else if (isRecord(entry) && typeof entry.guide === 'string' && Object.keys(entry).length === 1) {
          if (!source.guides.some((g) => g.slug === entry.guide))
            problems.push(`navigation[${i}] names guide ${JSON.stringify(entry.guide)}, which is not in guides`);
          else source.navigation.push({ kind: 'guide', slug: entry.guide });
        } else problems.push(`navigation[${i}] must be a string, {resource: name} or {guide: slug}`);
      });
    }
  }
  return { source, problems };
}
