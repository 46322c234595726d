// The generated SDK tests' names, shared by every emitter and by the pipeline step that runs them
// (workers/pipeline/steps/wire-tests.ts): a test is named `op<N> <case> <method chain>`, where N is
// the operation's index in the model (`model.operations`), so a runner's report maps back to the
// operation without reading anything the description wrote.

import type { ApiModel } from '../model/types.ts';

/** `required`: only required parameters (and the raw response); `all`: every parameter, with request options. */
export type WireCase = 'required' | 'all';
export const WIRE_CASES: readonly WireCase[] = ['required', 'all'];

/** The test's name (`chain` is made of identifiers, e.g. `client.pets.list`). */
export function wireTestName(index: number, kind: WireCase, chain: string): string {
  return `op${index} ${kind} ${chain}`;
}

/** The identifier-safe form (Python test methods): `test_op<N>_<case>`. */
export function wireTestIdent(index: number, kind: WireCase): string {
  return `test_op${index}_${kind}`;
}

const NAME = /(?<![A-Za-z0-9])op(\d+)[ _](required|all)(?![A-Za-z0-9])/;

/** The operation index and case a test's name or identifier names; undefined when it is not a wire test. */
export function parseWireTestName(name: string): { index: number; kind: WireCase } | undefined {
  const found = NAME.exec(name);
  return found ? { index: Number(found[1]), kind: found[2] as WireCase } : undefined;
}

/** The operations' indexes by key. */
export function operationIndexes(model: ApiModel): Map<string, number> {
  return new Map(model.operations.map((op, i) => [op.key, i]));
}
