// Operations matched by endpoint (method and path, path parameters by position): removed, added,
// deprecated; for a matched pair its parameters, request body, responses and own security. Then
// the webhooks, by key.

import type { ApiModel, Operation } from '../../model/types.ts';
import { normaliseEndpoint } from '../sdk/build-surface.ts';
import { type Ctx, type Differ, loc } from './differ.ts';
import { compareHeaders } from './headers.ts';
import { compareMediaTypes } from './media-types.ts';
import { MESSAGES } from './messages.ts';
import { compareParameters } from './parameters.ts';
import { compareSecurity } from './security.ts';

/** Every operation and webhook of the two models. */
export function compareOperations(d: Differ): void {
  const { oldModel, newModel, out } = d;
  const byEndpoint = (ops: Operation[]): Map<string, Operation> =>
    new Map(ops.map((op) => [normaliseEndpoint(op.method, op.path), op]));
  const oldOps = byEndpoint(oldModel.operations);
  const newOps = byEndpoint(newModel.operations);
  const newPaths = new Set(newModel.operations.map((op) => normaliseEndpoint('x', op.path)));
  const oldGlobal = JSON.stringify(oldModel.security);
  const newGlobal = JSON.stringify(newModel.security);
  const globalSame = oldGlobal === newGlobal;
  for (const [k, o] of oldOps) {
    const n = newOps.get(k);
    if (n === undefined) {
      const pathGone = !newPaths.has(normaliseEndpoint('x', o.path));
      out.add({
        id: `${pathGone ? 'api-path' : 'api'}-removed-${o.deprecated ? 'with' : 'without'}-deprecation`,
        operation: o.key,
        path: o.path,
        method: o.method.toUpperCase(),
        message: MESSAGES['endpoint-removed'](o.key, o.deprecated),
        old: loc(o.source)!,
      });
      continue;
    }
    compareOperation(d, o, n);
    const ownOld = JSON.stringify(o.security) !== oldGlobal;
    const ownNew = JSON.stringify(n.security) !== newGlobal;
    if (globalSame || ownOld || ownNew)
      compareSecurity(o.security, n.security, out, 'api-security', n, o.source, n.source);
  }
  for (const [k, n] of newOps) {
    if (!oldOps.has(k))
      out.add({
        id: 'endpoint-added',
        operation: n.key,
        path: n.path,
        method: n.method.toUpperCase(),
        message: MESSAGES['endpoint-added'](n.key),
        new: loc(n.source)!,
      });
  }
  compareWebhooks(oldModel, newModel, d);
}

function compareWebhooks(oldModel: ApiModel, newModel: ApiModel, d: Differ): void {
  const oldHooks = new Map(oldModel.webhooks.map((w) => [w.key, w]));
  const newHooks = new Map(newModel.webhooks.map((w) => [w.key, w]));
  for (const [k, w] of oldHooks)
    if (!newHooks.has(k))
      d.out.add({ id: 'webhook-removed', operation: k, message: MESSAGES['webhook-removed'](k), old: loc(w.source)! });
  for (const [k, w] of newHooks)
    if (!oldHooks.has(k))
      d.out.add({ id: 'webhook-added', operation: k, message: MESSAGES['webhook-added'](k), new: loc(w.source)! });
}

/** Two operations at the same endpoint. */
function compareOperation(d: Differ, o: Operation, n: Operation): void {
  const base = { op: n, depth: 0, property: '', oldPath: o.path };
  for (const [deprecated, id] of [
    [!o.deprecated && n.deprecated, 'endpoint-deprecated'],
    [o.deprecated && !n.deprecated, 'endpoint-reactivated'],
  ] as const)
    if (deprecated)
      d.out.add({
        id,
        operation: n.key,
        path: n.path,
        method: n.method.toUpperCase(),
        message: MESSAGES[id](),
        old: loc(o.source)!,
        new: loc(n.source)!,
      });
  compareParameters(d, o, n, base);
  compareRequestBody(d, o, n, { ...base, scope: 'request-body', dir: 'request', where: 'request body' });
  // Responses, by status.
  const or = new Map(o.responses.map((r) => [r.status.toUpperCase(), r]));
  const nr = new Map(n.responses.map((r) => [r.status.toUpperCase(), r]));
  for (const [status, r] of or) {
    const s = nr.get(status);
    const ctx: Ctx = { ...base, scope: 'response-body', dir: 'response', where: `response ${status}` };
    if (s === undefined) {
      const success = r.statusClass === 'success';
      d.emit(
        ctx,
        'x',
        MESSAGES['response-status-removed'](status),
        r,
        undefined,
        success ? 'response-success-status-removed' : 'response-non-success-status-removed',
      );
      continue;
    }
    compareMediaTypes(d, r.content, s.content, ctx, 'response-media-type');
    compareHeaders(d, r, s, ctx);
  }
  for (const [status, s] of nr) {
    if (or.has(status)) continue;
    const ctx: Ctx = { ...base, scope: 'response-body', dir: 'response', where: `response ${status}` };
    d.emit(
      ctx,
      'x',
      MESSAGES['response-status-added'](status),
      undefined,
      s,
      s.statusClass === 'success' ? 'response-success-status-added' : 'response-non-success-status-added',
    );
  }
}

function compareRequestBody(d: Differ, o: Operation, n: Operation, ctx: Ctx): void {
  const ob = o.requestBody;
  const nb = n.requestBody;
  if (ob !== undefined && nb === undefined)
    d.emit(ctx, 'removed', MESSAGES['request-body-removed'](), ob, undefined, 'request-body-removed');
  else if (ob === undefined && nb !== undefined)
    d.emit(
      ctx,
      'x',
      MESSAGES['request-body-added'](nb.required),
      o,
      nb,
      nb.required ? 'request-body-added-required' : 'request-body-added-optional',
    );
  else if (ob !== undefined && nb !== undefined) {
    if (!ob.required && nb.required) d.emit(ctx, 'became-required', MESSAGES['request-body-became-required'](), ob, nb);
    if (ob.required && !nb.required) d.emit(ctx, 'became-optional', MESSAGES['request-body-became-optional'](), ob, nb);
    compareMediaTypes(d, ob.content, nb.content, ctx, 'request-body-media-type');
  }
}
