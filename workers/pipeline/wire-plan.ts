// What the wire tests can check of each operation, decided from the description before any test
// runs: an operation whose description leaves nothing to test is planned with its reason, and its
// tests count as not servable / not testable with that reason instead of as failures (the step,
// workers/pipeline/steps/wire-tests.ts). The reasons say whose limit it is, in plain words.

import { indistinctOneOf } from '../generators/core/indistinct-one-of.ts';
import { requestContent } from '../generators/core/method.ts';
import { carriesFile, resolveSchema } from '../generators/core/schema.ts';
import type { ApiModel, Operation, SchemaNode } from '../generators/model/types.ts';

/** Required properties followed into a request body (a deeper required chain is rare). */
const MAX_DEPTH = 12;
/** A name from the description quoted in a reason, bounded. */
const quote = (name: string): string => (name.length > 60 ? `${name.slice(0, 57)}...` : name);

/**
 * A oneOf the request must carry (the body itself, or a required property of it, at any depth)
 * whose variants no object tells apart (indistinct-one-of.ts): where it is and the variants' names.
 */
function requiredIndistinctOneOf(
  model: ApiModel,
  node: SchemaNode,
  where: string,
  depth: number,
  seen: ReadonlySet<string>,
): { where: string; variants: string[] } | undefined {
  if (depth > MAX_DEPTH) return undefined;
  const variants = indistinctOneOf(model, node);
  if (variants !== undefined) return { where, variants };
  if (node.kind === 'ref') {
    const target = model.schemas[node.target]?.schema;
    if (target === undefined || seen.has(node.target)) return undefined;
    return requiredIndistinctOneOf(model, target, where, depth, new Set([...seen, node.target]));
  }
  if (node.kind === 'object')
    for (const property of node.properties) {
      if (!property.required || property.readOnly) continue;
      const found = requiredIndistinctOneOf(
        model,
        property.schema,
        `its required property \`${quote(property.name)}\``,
        depth + 1,
        seen,
      );
      if (found) return found;
    }
  return undefined;
}

/** Why an operation cannot be tested on the wire whatever the SDK does, or undefined. */
function plannedReason(model: ApiModel, op: Operation): string | undefined {
  if (op.responses.length > 0 && op.responses.every((r) => r.isError)) {
    const statuses = op.responses.map((r) => quote(r.status)).join(', ');
    const what = op.responses.length === 1 ? 'an error response' : 'error responses';
    return `not testable: the description declares only ${what} (${statuses}) for this operation and no success response, so the mock can answer it only with that error and there is no answer to check the SDK against`;
  }
  // The content the SDKs send (the tests send no other).
  const sent = requestContent(op, model);
  const found = sent && requiredIndistinctOneOf(model, sent.content.schema, 'the request body', 0, new Set());
  if (found)
    return `not testable: the description is at fault: ${found.where} is a oneOf of ${found.variants.map(quote).join(', ')}, objects whose properties are all optional, none shared and none closed, so every object one of them accepts the others accept too and no request body can match exactly one of them, as oneOf requires`;
  return unsendableReason(model, op, sent);
}

/**
 * A request the description asks for that no encoding can carry: a JSON body holding a file
 * (Plaid's `POST /transfer/diligence/document/upload`, with no multipart alternative: the SDKs
 * would send a multipart twin, requestContent), or a parameter that is an array of objects
 * (jira's `fields` query parameter: OpenAPI's styles serialise arrays of plain values only).
 */
function unsendableReason(model: ApiModel, op: Operation, sent: ReturnType<typeof requestContent>): string | undefined {
  if (sent?.kind === 'json' && carriesFile(model, sent.content.schema))
    return 'not testable: the description is at fault: its JSON request body holds a binary property (`format: binary`, a file), which JSON cannot carry, and it declares no multipart body to send the file in';
  for (const location of ['query', 'header', 'cookie'] as const)
    for (const param of op.parameters[location]) {
      const schema = resolveSchema(model, param.schema);
      const items = schema?.kind === 'array' ? resolveSchema(model, schema.items) : undefined;
      if (items?.kind === 'object' || items?.kind === 'map' || items?.kind === 'intersection')
        return `not testable: the description is at fault: ${location} parameter \`${quote(param.name)}\` is an array of objects, which no OpenAPI parameter style serialises (they serialise arrays of plain values), so no request can carry it as described`;
    }
  return undefined;
}

/** The operations (by index in `model.operations`) planned as not testable, with the reason. */
export function wirePlan(model: ApiModel, operations: readonly Operation[]): Map<number, string> {
  const index = new Map(model.operations.map((op, i) => [op.key, i]));
  const plan = new Map<number, string>();
  for (const op of operations) {
    const reason = plannedReason(model, op);
    const at = index.get(op.key);
    if (reason !== undefined && at !== undefined) plan.set(at, reason);
  }
  return plan;
}
