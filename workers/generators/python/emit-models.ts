// `types/models.py`: a model class (or alias) per named schema. A large description's models are
// written in parts, `types/_models_<n>.py` of at most MODELS_PER_PART named schemas each, which
// `models.py` imports and re-exports: what a user imports (`from <pkg>.types.models import X`,
// `from <pkg>.types import X`), the classes' names and the run-time field tables are the same.
//
// Why parts: pyright's check of one module grows faster than the module (measured on the
// Stripe-sized description's 1,432 classes: one module 14.0 s of pyright, 16 parts 11.3 s, the
// rest of the package unchanged; docs/report-performance.md), and a 43,000-line file is no place
// for a reader either. A part refers to another part's names only in annotations (every reference
// to a generated type is a quoted forward reference), so it imports them under `TYPE_CHECKING`:
// parts never import each other at run time. The field tables (`register_fields`) do name classes
// of other parts at run time, so they are all written in `models.py`, after its imports.

import { compareCodeUnits } from '../core/files.ts';
import { fromImport, py, pyNamesUsed, PyWriter, relModule } from '../printers/python-writer.ts';
import { importNames, TYPES_TYPING_NAMES, typesModuleText, writeAll } from './emit-resources.ts';
import { MODELS_MODULE, type TypeEmitter, TypeModule } from './schema-types.ts';

/** Named schemas per part; a description with at most this many keeps one `models.py`. */
export const MODELS_PER_PART = 50;

const TITLE = 'Models: the named schemas of the API description.';
const RUNTIME = ['BaseModel', 'DictOf', 'ListOf', 'UnionOf', 'register_fields'];

/** The models' modules, declared (`declareModels`) and later written (`modelsFiles`). */
export interface DeclaredModels {
  /** One module (`models`), or the parts `models` re-exports. */
  modules: TypeModule[];
  /** Every type name declared, in order: what `models` exports. */
  exports: string[];
}

/** Declares every named schema's type, in declaration order, into `models` or its parts. */
export function declareModels(types: TypeEmitter, perPart = MODELS_PER_PART): DeclaredModels {
  const order = types.declarationOrder();
  const count = Math.max(1, Math.ceil(order.length / perPart));
  const size = Math.ceil(order.length / count);
  const modules =
    count === 1
      ? [new TypeModule(MODELS_MODULE)]
      : Array.from({ length: count }, (_, index) => new TypeModule(partName(index)));
  order.forEach((schemaId, position) => {
    types.declareNamed(modules[Math.floor(position / size)] as TypeModule, schemaId);
  });
  return { modules, exports: modules.flatMap((module) => module.exports) };
}

/** The files (paths under `types/`) of declared models. */
export function modelsFiles(models: DeclaredModels): { path: string; content: string }[] {
  const [first] = models.modules;
  if (models.modules.length === 1 && first !== undefined)
    return [{ path: `types/${MODELS_MODULE}.py`, content: typesModuleText(first, TITLE) }];
  const owner = new Map<string, number>();
  models.modules.forEach((module, index) => {
    for (const name of module.exports) owner.set(name, index);
  });
  return [
    { path: `types/${MODELS_MODULE}.py`, content: aggregateText(models.modules) },
    ...models.modules.map((module, index) => ({
      path: `types/${module.name}.py`,
      content: partText(module, index, models.modules.length, owner),
    })),
  ];
}

function partName(index: number): string {
  return `_models_${index}`;
}

/** A part: its declarations, the other parts' names it uses imported for the checkers only. */
function partText(module: TypeModule, index: number, count: number, owner: ReadonlyMap<string, number>): string {
  const declarations = module.writer.toString();
  const used = pyNamesUsed(declarations);
  const fromParts = new Map<number, Set<string>>();
  for (const name of module.imports.get(MODELS_MODULE) ?? []) {
    const at = owner.get(name);
    if (at === undefined) throw new Error(`models: ${name} is used but declared in no part`);
    if (at === index) continue;
    const names = fromParts.get(at) ?? new Set<string>();
    names.add(name);
    fromParts.set(at, names);
  }
  const w = new PyWriter();
  w.doc(`Models, part ${index + 1} of ${count}: imported and re-exported by \`models\` (import them from there).`);
  w.blank();
  w.line(py`from __future__ import annotations`);
  w.blank();
  fromImport(w, py`typing`, TYPES_TYPING_NAMES, fromParts.size > 0 ? new Set([...used, 'TYPE_CHECKING']) : used);
  w.blank();
  fromImport(w, relModule(2, '_models'), RUNTIME, used);
  for (const [other, names] of [...module.imports].sort(([a], [b]) => compareCodeUnits(a, b)))
    if (other !== MODELS_MODULE) importNames(w, relModule(1, other), names, used);
  if (fromParts.size > 0) {
    w.blank();
    w.block(py`if TYPE_CHECKING:`, () => {
      for (const [at, names] of [...fromParts].sort(([a], [b]) => a - b))
        importNames(w, relModule(1, partName(at)), names, used);
    });
  }
  w.blank(2);
  writeAll(w, module.exports);
  return w.toString() + declarations;
}

/** `models.py` over parts: every part's names imported and re-exported, then every field table. */
function aggregateText(parts: readonly TypeModule[]): string {
  const registry = parts.map((part) => part.registry.toString()).join('');
  const w = new PyWriter();
  w.doc(`${TITLE} Declared in ${parts.length} parts (\`_models_<n>.py\`), all imported here.`);
  w.blank();
  w.line(py`from __future__ import annotations`);
  w.blank();
  const hasRegistry = registry.trim() !== '';
  if (hasRegistry) {
    w.line(py`from typing import TYPE_CHECKING`);
    w.blank();
  }
  parts.forEach((part, index) => {
    importNames(w, relModule(1, partName(index)), new Set(part.exports));
  });
  w.blank(2);
  writeAll(
    w,
    parts.flatMap((part) => part.exports),
  );
  if (!hasRegistry) return w.toString();
  // Names the field tables use at run time beyond the models themselves (converters, other modules' types).
  const declared = new Set(parts.flatMap((part) => part.exports));
  const runtimeOnly = new Set([...pyNamesUsed(registry)].filter((name) => !declared.has(name)));
  const others = new Map<string, Set<string>>();
  for (const part of parts)
    for (const [module, names] of part.imports) {
      if (module === MODELS_MODULE) continue;
      const set = others.get(module) ?? new Set<string>();
      for (const name of names) set.add(name);
      others.set(module, set);
    }
  const tail = new PyWriter();
  tail.blank(2);
  tail.block(py`if not TYPE_CHECKING:`, () => {
    tail.comment('The field tables the models are built from (run-time data; the checkers skip them).');
    fromImport(tail, relModule(2, '_models'), RUNTIME, runtimeOnly);
    for (const [module, names] of [...others].sort(([a], [b]) => compareCodeUnits(a, b)))
      importNames(tail, relModule(1, module), names, runtimeOnly);
  });
  return `${w.toString()}${tail.toString()}\n${registry}`;
}
