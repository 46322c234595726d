// The generated SDK tests' names, shared by every emitter and by the pipeline step that runs them
// (workers/pipeline/steps/wire-tests.ts): a test is named `op<N> <case> <method chain>`, where N is
// the operation's index in the model (`model.operations`), so a runner's report maps back to the
// operation without reading anything the description wrote.

import type { ApiModel, Operation } from '../model/types.ts';

/** `required`: only required parameters (and the raw response); `all`: every parameter, with request options. */
export type WireCase = 'required' | 'all';
export const WIRE_CASES: readonly WireCase[] = ['required', 'all'];
const ALL_ONLY: readonly WireCase[] = ['all'];

/**
 * The cases an operation's tests run. An operation with no optional input (every parameter
 * required, no request body) that is not paginated is called with the same arguments in both
 * cases, so it runs the `all` case alone, which every SDK's tests write to also read the raw
 * response: one request proves what the two did (165 of the 509 operations of the Stripe-sized
 * description, 660 of its 4,072 wire requests). A paginated operation keeps both: its `all` case
 * walks the pages instead.
 */
export function wireCases(op: Operation): readonly WireCase[] {
  const { path, query, header, cookie } = op.parameters;
  const optional = [path, query, header, cookie].some((list) => list.some((p) => !p.required));
  return optional || op.requestBody !== undefined || op.pagination !== undefined ? WIRE_CASES : ALL_ONLY;
}

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
