// `src/models.ts`: one exported type per named schema, sorted by schema id. Objects become
// interfaces (recursion-friendly, readable hovers); everything else a type alias.

import type { ApiModel } from '../model/types.ts';
import type { SdkPlan } from './plan.ts';
import type { TypeEmitter } from './schema-types.ts';
import { exportMod, f, id, literalType, printModule, ts, union, withDoc } from './ts-dsl.ts';
import type { GeneratedFile } from './types.ts';

export function emitModels(model: ApiModel, plan: SdkPlan, types: TypeEmitter): GeneratedFile {
  const statements: ts.Statement[] = [];
  for (const schemaId of Object.keys(model.schemas).sort()) {
    const named = model.schemas[schemaId];
    const name = plan.typeNames.get(schemaId);
    if (named === undefined || name === undefined) continue;
    const schema = named.schema;
    const doc = [schema.title !== undefined && schema.title !== named.name ? schema.title : undefined, schema.description, schema.deprecated ? '@deprecated' : undefined];
    let declaration: ts.Statement;
    if (schema.kind === 'object' && !schema.nullable) {
      declaration = f.createInterfaceDeclaration(exportMod(), id(name), undefined, undefined, types.members(schema, schemaId));
    } else if (schema.kind === 'object') {
      declaration = f.createTypeAliasDeclaration(exportMod(), id(name), undefined, union([types.objectLiteral(schema, schemaId), literalType(null)]));
    } else {
      declaration = f.createTypeAliasDeclaration(exportMod(), id(name), undefined, types.type(schema, schemaId));
    }
    statements.push(withDoc(declaration, doc));
  }
  types.takeUsed();
  if (statements.length === 0) statements.push(f.createExportDeclaration(undefined, false, f.createNamedExports([])));
  return { path: 'src/models.ts', content: printModule('Types for every schema of the API description.', statements) };
}
