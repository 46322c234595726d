// `src/models.ts`: one exported type per named schema, sorted by schema id. Objects become
// interfaces (recursion-friendly, readable hovers); everything else a type alias. A schema with
// readOnly / writeOnly properties is followed by its request form (see `schema-types.ts`).

import type { ApiModel, NamedSchema } from '../model/types.ts';
import type { SdkPlan } from './plan.ts';
import type { TypeEmitter, TypeMode } from './schema-types.ts';
import { block, id, literalType, printModule, union, withDoc } from '../printers/ts-source.ts';
import type { GeneratedFile } from '../core/files.ts';

function declaration(types: TypeEmitter, named: NamedSchema, name: string, mode: TypeMode): string {
  const schema = named.schema;
  if (schema.kind === 'object' && !schema.nullable) {
    return block(`export interface ${id(name)} `, types.members(schema, named.id, mode));
  }
  if (schema.kind === 'object') {
    return `export type ${id(name)} = ${union([types.objectLiteral(schema, named.id, mode), literalType(null)]).text};`;
  }
  return `export type ${id(name)} = ${types.type(schema, named.id, true, mode).text};`;
}

export function emitModels(model: ApiModel, plan: SdkPlan, types: TypeEmitter): GeneratedFile {
  const statements: string[] = [];
  for (const schemaId of Object.keys(model.schemas).sort()) {
    const named = model.schemas[schemaId];
    const name = plan.typeNames.get(schemaId);
    if (named === undefined || name === undefined) continue;
    const schema = named.schema;
    const doc = [
      schema.title !== undefined && schema.title !== named.name ? schema.title : undefined,
      schema.description,
      schema.deprecated ? '@deprecated' : undefined,
    ];
    statements.push(withDoc(declaration(types, named, name, 'output'), doc));
    const inputName = plan.inputTypeNames.get(schemaId);
    if (inputName !== undefined) {
      statements.push(
        withDoc(declaration(types, named, inputName, 'input'), [
          `\`${name}\` as sent in requests: read-only properties left out, write-only ones included.`,
          schema.deprecated ? '@deprecated' : undefined,
        ]),
      );
    }
  }
  types.takeUsed();
  if (statements.length === 0) statements.push('export {};');
  return { path: 'src/models.ts', content: printModule('Types for every schema of the API description.', statements) };
}
