// The npm packages a customer's own code imports that the generated SDK does not depend on
// (`@react-email/render`, `ws`, `extended-eventsource` in shipped Stainless SDKs): when their
// package.json declares them and ours does not, they are carried into ours with the version range
// they declared, with the `@types/*` packages that type them. Ours win on a package we already
// depend on. Only registry ranges are carried (never a URL, git or file specifier: the check
// installs what is carried, and the customer's users install it).

import { builtinModules } from 'node:module';
import type { CarriedDependency } from '../../../shared/schemas/custom-code.ts';
import type { GeneratedFile } from '../step.ts';

const decoder = new TextDecoder();
const text = (content: string | Uint8Array): string =>
  typeof content === 'string' ? content : decoder.decode(content);

type Field = CarriedDependency['field'];
const FIELDS = ['dependencies', 'peerDependencies', 'optionalDependencies', 'devDependencies'] as const;
type Manifest = Partial<Record<(typeof FIELDS)[number], Record<string, unknown>>> & { name?: unknown };

const CODE = /\.(?:[cm]?ts|tsx|[cm]?js|jsx)$/;
/** `from 'x'`, `import 'x'`, `import('x')`, `require('x')`, `import x = require('x')`, `typeof import('x')`. */
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\brequire\s*\(\s*)(['"])([^'"\n]+)\1/g;
/** A registry version, range or dist-tag (no URL, git, `file:`, `npm:` alias or `owner/repo`). */
export const REGISTRY_RANGE = /^[0-9A-Za-z.\-^~<>=|*+ ]{1,100}$/;
const BUILTIN = new Set(builtinModules);

function manifestOf(content: string | undefined): Manifest | undefined {
  if (content === undefined) return undefined;
  try {
    const parsed = JSON.parse(content) as unknown;
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Manifest) : undefined;
  } catch {
    return undefined;
  }
}

/** The npm package a bare specifier names (`@scope/name/sub` → `@scope/name`), else undefined. */
function packageOf(specifier: string): string | undefined {
  if (/^[./]/.test(specifier) || specifier.startsWith('node:') || /^[a-z]+:/i.test(specifier)) return undefined;
  const parts = specifier.split('/');
  const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
  if (BUILTIN.has(name) || !/^(@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*$/i.test(name)) return undefined;
  return name;
}

/** The packages the files import (sorted). */
function importedPackages(files: Iterable<[string, string]>): string[] {
  const names = new Set<string>();
  for (const [path, content] of files) {
    if (!CODE.test(path)) continue;
    for (const match of content.matchAll(SPECIFIER)) {
      const name = packageOf(match[2]!);
      if (name) names.add(name);
    }
  }
  return [...names].sort();
}

/** `@types/x` for `x`, `@types/scope__x` for `@scope/x`. */
function typesOf(name: string): string {
  return `@types/${name.startsWith('@') ? name.slice(1).replace('/', '__') : name}`;
}

function declared(manifest: Manifest | undefined, name: string): { field: Field; range: unknown } | undefined {
  for (const field of FIELDS) {
    const deps = manifest?.[field];
    if (deps && typeof deps === 'object' && Object.hasOwn(deps, name)) {
      const where: Field = field === 'optionalDependencies' ? 'dependencies' : field;
      return { field: where, range: deps[name] };
    }
  }
  return undefined;
}

export interface DependencyCarry {
  files: GeneratedFile[];
  /** What was added to our package.json. */
  carried: CarriedDependency[];
  /** Imported packages their package.json declares with a specifier that is not a registry range (not carried). */
  refused: string[];
}

/**
 * Our package.json with the customer's dependencies their code (`own`: path → text of the files of
 * theirs the new SDK holds) imports and ours lacks, from their package.json (`theirManifest`), and
 * the `@types/*` packages for them that they declare. Nothing changes without both manifests.
 */
export function carryDependencies(
  files: readonly GeneratedFile[],
  own: Iterable<[string, string]>,
  theirManifest: string | undefined,
): DependencyCarry {
  const index = files.findIndex((f) => f.path === 'package.json');
  const theirs = manifestOf(theirManifest);
  const ours = index === -1 ? undefined : manifestOf(text(files[index]!.content));
  if (!theirs || !ours) return { files: [...files], carried: [], refused: [] };
  const self = new Set([ours.name, theirs.name].filter((n): n is string => typeof n === 'string'));
  const carried: CarriedDependency[] = [];
  const refused: string[] = [];
  const carry = (name: string, types: boolean) => {
    if (declared(ours, name) || carried.some((c) => c.name === name)) return; // ours win
    const found = declared(theirs, name);
    if (!found) return;
    if (typeof found.range !== 'string' || !REGISTRY_RANGE.test(found.range.trim())) {
      refused.push(name);
      return;
    }
    carried.push({ name, range: found.range.trim(), field: types ? 'devDependencies' : found.field });
  };
  for (const name of importedPackages(own)) {
    if (self.has(name)) continue;
    carry(name, name.startsWith('@types/'));
    if (!name.startsWith('@types/')) carry(typesOf(name), true);
  }
  if (carried.length === 0) return { files: [...files], carried, refused };
  for (const { name, range, field } of carried) {
    const deps = { ...(ours[field] ?? {}), [name]: range };
    ours[field] = Object.fromEntries(Object.entries(deps).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  }
  const out = [...files];
  out[index] = { path: 'package.json', content: `${JSON.stringify(ours, null, 2)}\n` };
  return { files: out, carried, refused };
}
