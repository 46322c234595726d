// A read-only index over a (possibly malformed) OpenAPI document: its operations with their
// effective parameters. Built once per run and shared by the rules and the model builder.

import { HTTP_METHODS, type HttpMethod, type ParameterLocation } from './types.ts';
import { asArray, asRecord, asString, entries, type JsonRecord } from './json-guards.ts';
import { joinPointer } from './parse/pointer.ts';
import type { RefIndex } from './refs/ref-index.ts';

export interface OperationEntry {
  path: string;
  method: HttpMethod;
  /** Pointer of the operation object (under `paths` or `webhooks`). */
  pointer: string;
  operation: JsonRecord;
  pathItem: JsonRecord;
  pathItemPointer: string;
  webhook: boolean;
}

export interface ParameterEntry {
  name: string;
  in: ParameterLocation;
  /** The resolved Parameter Object. */
  value: JsonRecord;
  /** Where it is written (the ref site, if it is a ref). */
  pointer: string;
  /** Where the resolved object lives. */
  resolvedPointer: string;
  level: 'path-item' | 'operation';
}

const LOCATIONS = new Set<string>(['path', 'query', 'header', 'cookie']);

export function listOperations(doc: JsonRecord, refs: RefIndex): OperationEntry[] {
  const out: OperationEntry[] = [];
  const collect = (container: unknown, base: string, webhook: boolean): void => {
    for (const [path, raw] of entries(container)) {
      const sitePointer = joinPointer(base, path);
      const pathItem = refs.record(raw, sitePointer);
      if (pathItem === undefined) continue;
      for (const method of HTTP_METHODS) {
        const operation = asRecord(pathItem.value[method]);
        if (operation === undefined) continue;
        out.push({
          path,
          method,
          pointer: joinPointer(sitePointer, method),
          operation,
          pathItem: pathItem.value,
          pathItemPointer: sitePointer,
          webhook,
        });
      }
    }
  };
  collect(doc.paths, '/paths', false);
  collect(doc.webhooks, '/webhooks', true);
  return out;
}

/** Path-item parameters overridden by operation parameters with the same (name, in). */
export function effectiveParameters(entry: OperationEntry, refs: RefIndex): ParameterEntry[] {
  const byKey = new Map<string, ParameterEntry>();
  const add = (list: unknown, base: string, level: ParameterEntry['level']): void => {
    asArray(list).forEach((raw, index) => {
      const pointer = joinPointer(base, 'parameters', index);
      const resolved = refs.record(raw, pointer);
      if (resolved === undefined) return;
      const name = asString(resolved.value.name);
      const location = asString(resolved.value.in);
      if (name === undefined || location === undefined || !LOCATIONS.has(location)) return;
      const key = `${location}\u0000${location === 'header' ? name.toLowerCase() : name}`;
      byKey.set(key, {
        name,
        in: location as ParameterLocation,
        value: resolved.value,
        pointer,
        resolvedPointer: resolved.pointer,
        level,
      });
    });
  };
  add(entry.pathItem.parameters, entry.pathItemPointer, 'path-item');
  add(entry.operation.parameters, entry.pointer, 'operation');
  return [...byKey.values()];
}

/** Header parameters OpenAPI says are ignored: their values come from the media types and the security schemes. */
const IGNORED_HEADERS = new Set(['accept', 'content-type', 'authorization']);

/**
 * Whether a parameter is one OpenAPI 3.x says "SHALL be ignored" (`in: header` named `Accept`,
 * `Content-Type` or `Authorization`, in any case): the SDKs neither take nor send it.
 */
export function isIgnoredHeader(location: string, name: string): boolean {
  return location === 'header' && IGNORED_HEADERS.has(name.toLowerCase());
}

/** Names of `{placeholders}` in a path template, in order. */
export function pathTemplateNames(path: string): string[] {
  const names: string[] = [];
  const re = /\{([^{}]*)\}/g;
  for (let m = re.exec(path); m !== null; m = re.exec(path)) names.push(m[1] ?? '');
  return names;
}
