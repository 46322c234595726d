// Reads `resources:` (flagship and Stainless share the shape): name -> { methods, models,
// subresources }, a method being "get /path" or { endpoint: "get /path", ... }.

import { asRecord, asString, entries } from '../model/json-guards.ts';
import { joinPointer } from '../model/parse/pointer.ts';
import type { ConfigReader } from './config-reader.ts';
import { parseEndpoint } from '../model/endpoint.ts';
import type { ConfigMethod, ConfigResource } from '../model/generator-config.ts';

export interface ResourceKeys {
  resource: readonly string[];
  method: readonly string[];
}

export function readResources(
  reader: ConfigReader,
  raw: unknown,
  pointer: string,
  keys: ResourceKeys,
  depth = 0,
): ConfigResource[] {
  const out: ConfigResource[] = [];
  if (depth > 16) return out;
  for (const [name, value] of entries(raw)) {
    const rPointer = joinPointer(pointer, name);
    const record = asRecord(value);
    if (record === undefined) {
      reader.report(
        'config/invalid-resource',
        'error',
        rPointer,
        `Resource "${name}" must be a mapping with \`methods\` and/or \`subresources\`.`,
      );
      continue;
    }
    reader.checkKeys(record, rPointer, keys.resource, `resource "${name}"`);
    const methods: ConfigMethod[] = [];
    for (const [methodName, m] of entries(record.methods)) {
      const mPointer = joinPointer(rPointer, 'methods', methodName);
      const source = reader.locate(mPointer);
      const methodRecord = asRecord(m);
      const endpoint = asString(m) ?? asString(methodRecord?.endpoint);
      if (methodRecord !== undefined) reader.checkKeys(methodRecord, mPointer, keys.method, `method "${methodName}"`);
      if (endpoint === undefined) {
        // Non-HTTP methods (e.g. Stainless `type: alias`/`webhook_unwrap`) have no endpoint to call.
        if (methodRecord !== undefined && typeof methodRecord.type === 'string' && methodRecord.type !== 'http')
          continue;
        reader.report(
          'config/invalid-endpoint',
          'error',
          mPointer,
          `Method "${methodName}" needs an endpoint such as "get /things".`,
        );
        continue;
      }
      if (parseEndpoint(endpoint) === undefined) {
        reader.report(
          'config/invalid-endpoint',
          'error',
          mPointer,
          `Method "${methodName}" has endpoint "${endpoint}"; expected "<http method> <path>".`,
        );
        continue;
      }
      const deprecated = methodRecord?.deprecated;
      const pagination = asString(methodRecord?.pagination);
      methods.push({
        name: methodName,
        endpoint,
        ...(typeof deprecated === 'string' || typeof deprecated === 'boolean' ? { deprecated } : {}),
        ...(pagination !== undefined ? { pagination } : {}),
        source,
      });
    }
    const models = entries(record.models).flatMap(([modelName, schema]) => {
      const ref = asString(schema) ?? asString(asRecord(schema)?.type) ?? asString(asRecord(schema)?.schema);
      return ref === undefined ? [] : [{ name: modelName, schema: ref }];
    });
    out.push({
      name,
      methods,
      models,
      subresources: readResources(reader, record.subresources, joinPointer(rPointer, 'subresources'), keys, depth + 1),
      source: reader.locate(rPointer),
    });
  }
  return out;
}
