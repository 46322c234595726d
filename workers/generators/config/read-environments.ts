import { asString, entries } from '../model/json-guards.ts';
import { joinPointer } from '../model/parse/pointer.ts';
import type { ConfigReader } from './config-reader.ts';
import type { GeneratorConfig } from '../model/generator-config.ts';

/** `environments: { production: https://api.example.com, sandbox: ... }` */
export function readEnvironments(reader: ConfigReader, raw: unknown, pointer: string): GeneratorConfig['environments'] {
  return entries(raw).flatMap(([name, url]) => {
    const p = joinPointer(pointer, name);
    const value = asString(url);
    if (value === undefined) {
      reader.report(
        'config/invalid-environment',
        'warning',
        p,
        `Environment "${name}" must be a URL string; it is ignored.`,
      );
      return [];
    }
    return [{ name, url: value, source: reader.locate(p) }];
  });
}
