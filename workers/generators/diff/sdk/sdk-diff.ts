// Compares the surface of the SDK a customer ships today with the one we generate: every old
// method is kept, changed, renamed (same endpoint, another name) or removed; new ones are added.
// Matching is by call path first, then by endpoint, so renames across resources are found.

import type { ApiModel, Resource } from '../../model/types.ts';
import { normaliseEndpoint } from './build-surface.ts';
import type {
  MethodDiff,
  MigrationRisk,
  NamedItemDiff,
  ParamChange,
  RiskFactor,
  SdkDiffReport,
  SdkSurface,
  SurfaceField,
  SurfaceMethod,
  SurfaceParam,
  ValueKind,
} from '../types.ts';

const CONCRETE: ReadonlySet<ValueKind> = new Set(['string', 'number', 'boolean', 'array', 'object', 'file']);

/** Case- and separator-insensitive name: `retrieveContent`, `retrieve_content` and `RetrieveContent` agree. */
export function normName(name: string): string {
  return name.toLowerCase().replace(/[_\-\s]/g, '');
}

function normId(id: string): string {
  return id.split('.').map(normName).join('.');
}

function byKey<T>(items: T[], key: (t: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    map.set(k, [...(map.get(k) ?? []), item]);
  }
  return map;
}

function similarity(a: SurfaceMethod, b: SurfaceMethod): number {
  let score = 0;
  if (normName(a.name) === normName(b.name)) score += 4;
  const ra = a.resourcePath.map(normName);
  const rb = b.resourcePath.map(normName);
  if (ra[ra.length - 1] === rb[rb.length - 1]) score += 2;
  if (ra.length === rb.length) score += 1;
  for (const seg of ra) if (rb.includes(seg)) score += 0.5;
  return score;
}

/** Fills endpoints the new surface could not read from code, from the model's resource tree. */
function endpointsFromModel(model: ApiModel | undefined): Map<string, string> {
  const out = new Map<string, string>();
  if (model === undefined) return out;
  const ops = new Map(model.operations.map((op) => [op.key, op]));
  const walk = (resources: Resource[]): void => {
    for (const r of resources) {
      for (const m of r.methods) {
        const op = ops.get(m.operation);
        if (op !== undefined) out.set(normId([...r.path, m.name].join('.')), normaliseEndpoint(op.method, op.path));
      }
      walk(r.subresources);
    }
  };
  walk(model.resources);
  return out;
}

export function compareParams(oldParams: SurfaceParam[], newParams: SurfaceParam[]): ParamChange[] {
  const oldPos = oldParams.filter((p) => p.positional);
  const newPos = newParams.filter((p) => p.positional);
  // A path parameter that moved between a positional argument and the params object is reported
  // once, as the positional change.
  const oldPosNames = new Set(oldPos.map((p) => normName(p.name)));
  const newPosNames = new Set(newPos.map((p) => normName(p.name)));
  const oldNamed = new Map(
    oldParams.filter((p) => !p.positional && !newPosNames.has(normName(p.name))).map((p) => [normName(p.name), p]),
  );
  const newNamed = new Map(
    newParams.filter((p) => !p.positional && !oldPosNames.has(normName(p.name))).map((p) => [normName(p.name), p]),
  );
  return [...positionalChanges(oldPos, newPos), ...namedChanges(oldNamed, newNamed)];
}

/** Positional arguments: their number and required count, else each one's type, in order. */
function positionalChanges(oldPos: SurfaceParam[], newPos: SurfaceParam[]): ParamChange[] {
  const changes: ParamChange[] = [];
  const oldReqPos = oldPos.filter((p) => p.required).length;
  const newReqPos = newPos.filter((p) => p.required).length;
  if (oldPos.length !== newPos.length || oldReqPos !== newReqPos) {
    changes.push({
      kind: 'positional-params-changed',
      breaking: true,
      old: oldPos.map((p) => p.name).join(', ') || '(none)',
      new: newPos.map((p) => p.name).join(', ') || '(none)',
      message: `Positional arguments changed from (${oldPos.map((p) => p.name).join(', ')}) to (${newPos.map((p) => p.name).join(', ')}).`,
    });
  } else {
    for (let i = 0; i < oldPos.length; i++) {
      const o = oldPos[i]!;
      const n = newPos[i]!;
      if (CONCRETE.has(o.kind) && CONCRETE.has(n.kind) && o.kind !== n.kind) {
        changes.push({
          kind: 'param-type-changed',
          breaking: true,
          param: o.name,
          old: o.type,
          new: n.type,
          message: `Argument \`${o.name}\` changed type: ${o.kind} → ${n.kind}.`,
        });
      }
    }
  }
  return changes;
}

/** Named parameters (the params object, keyword arguments), by normalised name. */
function namedChanges(oldNamed: Map<string, SurfaceParam>, newNamed: Map<string, SurfaceParam>): ParamChange[] {
  const changes: ParamChange[] = [];
  for (const [key, o] of oldNamed) {
    const n = newNamed.get(key);
    if (n === undefined) {
      changes.push({
        kind: 'param-removed',
        breaking: true,
        param: o.name,
        old: o.type,
        message: `Parameter \`${o.name}\` is gone.`,
      });
      continue;
    }
    if (!o.required && n.required)
      changes.push({
        kind: 'param-became-required',
        breaking: true,
        param: o.name,
        message: `Parameter \`${o.name}\` became required.`,
      });
    if (o.required && !n.required)
      changes.push({
        kind: 'param-became-optional',
        breaking: false,
        param: o.name,
        message: `Parameter \`${o.name}\` became optional.`,
      });
    if (CONCRETE.has(o.kind) && CONCRETE.has(n.kind) && o.kind !== n.kind) {
      changes.push({
        kind: 'param-type-changed',
        breaking: true,
        param: o.name,
        old: o.type,
        new: n.type,
        message: `Parameter \`${o.name}\` changed type: ${o.kind} (${o.type}) → ${n.kind} (${n.type}).`,
      });
    }
  }
  for (const [key, n] of newNamed) {
    if (oldNamed.has(key)) continue;
    changes.push(
      n.required
        ? {
            kind: 'required-param-added',
            breaking: true,
            param: n.name,
            new: n.type,
            message: `New required parameter \`${n.name}\`.`,
          }
        : {
            kind: 'optional-param-added',
            breaking: false,
            param: n.name,
            new: n.type,
            message: `New optional parameter \`${n.name}\`.`,
          },
    );
  }
  return changes;
}

function compareMethods(o: SurfaceMethod, n: SurfaceMethod): ParamChange[] {
  const changes = compareParams(o.params, n.params);
  if (o.endpoint !== undefined && n.endpoint !== undefined && o.endpoint !== n.endpoint) {
    changes.unshift({
      kind: 'endpoint-changed',
      breaking: true,
      old: o.endpointRaw ?? o.endpoint,
      new: n.endpointRaw ?? n.endpoint,
      message: `Calls another endpoint: ${o.endpointRaw ?? o.endpoint} → ${n.endpointRaw ?? n.endpoint}.`,
    });
  }
  if (o.paginated && !n.paginated)
    changes.push({
      kind: 'return-type-changed',
      breaking: true,
      old: o.returnType,
      new: n.returnType,
      message: 'No longer returns an auto-paginating page.',
    });
  if (o.streaming && !n.streaming)
    changes.push({
      kind: 'return-type-changed',
      breaking: true,
      old: o.returnType,
      new: n.returnType,
      message: 'No longer offers a streaming response.',
    });
  return changes;
}

function namedDiff(oldNames: string[], newNames: string[]): NamedItemDiff {
  const newMap = new Map(newNames.map((n) => [normName(n), n]));
  const oldKeys = new Set(oldNames.map(normName));
  const kept: string[] = [];
  const removed: string[] = [];
  for (const n of oldNames) (newMap.has(normName(n)) ? kept : removed).push(n);
  const added = newNames.filter((n) => !oldKeys.has(normName(n)));
  return { kept: [...new Set(kept)].sort(), removed: [...new Set(removed)].sort(), added: [...new Set(added)].sort() };
}

function fieldChanges(oldFields: SurfaceField[], newFields: SurfaceField[]): ParamChange[] {
  return compareParams(
    oldFields.map((f) => ({ ...f, positional: false })),
    newFields.map((f) => ({ ...f, positional: false })),
  )
    .filter(
      (c) =>
        c.kind !== 'required-param-added' &&
        c.kind !== 'optional-param-added' &&
        c.kind !== 'param-became-required' &&
        c.kind !== 'param-became-optional',
    )
    .map((c) => ({ ...c, message: c.message.replace(/^Parameter/, 'Field') }));
}

export function diffSdkSurface(oldSurface: SdkSurface, newSurface: SdkSurface, model?: ApiModel): SdkDiffReport {
  const modelEndpoints = endpointsFromModel(model);
  const newMethods = newSurface.methods.map((m) => {
    if (m.endpoint !== undefined) return m;
    const e = modelEndpoints.get(normId(m.id));
    return e !== undefined ? { ...m, endpoint: e } : m;
  });
  const oldMethods = oldSurface.methods;
  const methods = methodDiffs(oldMethods, newMethods, model);
  const count = (s: MethodDiff['status']): number => methods.filter((m) => m.status === s).length;
  const breakingChanges = methods.reduce((n, m) => n + m.changes.filter((c) => c.breaking).length, 0);
  const modelNames = namedDiff(
    oldSurface.models.map((m) => m.name),
    newSurface.models.map((m) => m.name),
  );
  const report: Omit<SdkDiffReport, 'risk'> = {
    kind: 'sdk_surface_diff',
    oldLanguage: oldSurface.language,
    newLanguage: newSurface.language,
    counts: {
      oldMethods: oldMethods.length,
      newMethods: newMethods.length,
      kept: count('kept'),
      renamed: count('renamed'),
      changed: count('changed'),
      removed: count('removed'),
      added: count('added'),
      breakingChanges,
    },
    methods,
    resources: namedDiff(oldSurface.resources, newSurface.resources),
    models: { ...modelNames, changed: changedModels(oldSurface, newSurface) },
    errors: namedDiff(oldSurface.errors, newSurface.errors),
    clientOptions: namedDiff(
      oldSurface.clientOptions.map((o) => o.name),
      newSurface.clientOptions.map((o) => o.name),
    ),
    pagination: namedDiff(oldSurface.pagination, newSurface.pagination),
    streaming: namedDiff(oldSurface.streaming, newSurface.streaming),
    problems: [
      ...oldSurface.problems.map((p) => ({ ...p, message: `old SDK: ${p.message}` })),
      ...newSurface.problems.map((p) => ({ ...p, message: `new SDK: ${p.message}` })),
    ],
  };
  return { ...report, risk: migrationRisk(report) };
}

type MethodPair = { n: SurfaceMethod; how: 'id' | 'endpoint' | 'id-endpoint-differs' };

/** Each old method's new counterpart, in three passes; `used` holds the new methods paired. */
function pairMethods(
  oldMethods: SurfaceMethod[],
  newMethods: SurfaceMethod[],
): { pairs: Map<SurfaceMethod, MethodPair>; used: Set<SurfaceMethod> } {
  const newById = byKey(newMethods, (m) => normId(m.id));
  const newByEndpoint = byKey(
    newMethods.filter((m) => m.endpoint !== undefined),
    (m) => m.endpoint!,
  );
  const used = new Set<SurfaceMethod>();
  const pairs = new Map<SurfaceMethod, MethodPair>();
  // 1. Same call path, same endpoint (or an endpoint unknown on one side).
  for (const o of oldMethods) {
    const n = (newById.get(normId(o.id)) ?? []).find(
      (c) => !used.has(c) && (o.endpoint === undefined || c.endpoint === undefined || c.endpoint === o.endpoint),
    );
    if (n !== undefined) {
      pairs.set(o, { n, how: 'id' });
      used.add(n);
    }
  }
  // 2. Same endpoint under another name: renamed. The most similar candidate wins.
  for (const o of oldMethods) {
    if (pairs.has(o) || o.endpoint === undefined) continue;
    const candidates = (newByEndpoint.get(o.endpoint) ?? []).filter((c) => !used.has(c));
    if (candidates.length === 0) continue;
    const n = [...candidates].sort((a, b) => similarity(o, b) - similarity(o, a) || (a.id < b.id ? -1 : 1))[0]!;
    pairs.set(o, { n, how: 'endpoint' });
    used.add(n);
  }
  // 3. Same call path, another endpoint: changed.
  for (const o of oldMethods) {
    if (pairs.has(o)) continue;
    const n = (newById.get(normId(o.id)) ?? []).find((c) => !used.has(c));
    if (n !== undefined) {
      pairs.set(o, { n, how: 'id-endpoint-differs' });
      used.add(n);
    }
  }
  return { pairs, used };
}

/** Every old method kept, renamed, changed or removed, then every new method added. */
function methodDiffs(
  oldMethods: SurfaceMethod[],
  newMethods: SurfaceMethod[],
  model: ApiModel | undefined,
): MethodDiff[] {
  const opsByEndpoint = new Map((model?.operations ?? []).map((op) => [normaliseEndpoint(op.method, op.path), op.key]));
  const { pairs, used } = pairMethods(oldMethods, newMethods);
  const methods: MethodDiff[] = [];
  for (const o of oldMethods) {
    const pair = pairs.get(o);
    if (pair === undefined) {
      const inDescription = o.endpoint !== undefined ? opsByEndpoint.get(o.endpoint) : undefined;
      methods.push({
        status: 'removed',
        oldId: o.id,
        ...(o.endpoint !== undefined ? { endpoint: o.endpointRaw ?? o.endpoint } : {}),
        ...(inDescription !== undefined ? { operation: inDescription } : {}),
        oldCall: o.call,
        changes: [],
        reason: removedReason(o, inDescription, model !== undefined),
        oldLocation: o.location,
      });
      continue;
    }
    const n = pair.n;
    const changes = compareMethods(o, n);
    const status = pair.how === 'endpoint' ? 'renamed' : changes.length > 0 ? 'changed' : 'kept';
    const endpoint = n.endpoint ?? o.endpoint;
    const operation = endpoint !== undefined ? opsByEndpoint.get(endpoint) : undefined;
    methods.push({
      status,
      oldId: o.id,
      newId: n.id,
      ...(endpoint !== undefined ? { endpoint: n.endpointRaw ?? o.endpointRaw ?? endpoint } : {}),
      ...(operation !== undefined ? { operation } : {}),
      oldCall: o.call,
      newCall: n.call,
      changes,
      oldLocation: o.location,
      newLocation: n.location,
    });
  }
  for (const n of newMethods) {
    if (used.has(n)) continue;
    const operation = n.endpoint !== undefined ? opsByEndpoint.get(n.endpoint) : undefined;
    methods.push({
      status: 'added',
      newId: n.id,
      ...(n.endpoint !== undefined ? { endpoint: n.endpointRaw ?? n.endpoint } : {}),
      ...(operation !== undefined ? { operation } : {}),
      newCall: n.call,
      changes: [],
      newLocation: n.location,
    });
  }
  return methods;
}

/** Why an old method has no counterpart: what the user should do about it. */
function removedReason(o: SurfaceMethod, inDescription: string | undefined, hasModel: boolean): string {
  if (o.endpoint === undefined)
    return 'No endpoint found in its body: a hand-written helper, to be carried over by hand.';
  if (inDescription !== undefined)
    return `The endpoint ${inDescription} is in the description but not in the new SDK (not mapped in the config).`;
  if (hasModel) return `The endpoint ${o.endpointRaw ?? o.endpoint} is not in the new description.`;
  return `No method of the new SDK calls ${o.endpointRaw ?? o.endpoint}.`;
}

/** The models on both sides (by normalised name) whose fields changed. */
function changedModels(oldSurface: SdkSurface, newSurface: SdkSurface): { name: string; changes: ParamChange[] }[] {
  const oldModels = new Map(oldSurface.models.map((m) => [normName(m.name), m]));
  const changed: { name: string; changes: ParamChange[] }[] = [];
  for (const nm of newSurface.models) {
    const om = oldModels.get(normName(nm.name));
    if (om === undefined || om.fields.length === 0) continue;
    const changes = fieldChanges(om.fields, nm.fields);
    if (changes.length > 0) changed.push({ name: om.name, changes });
  }
  return changed;
}

/** Score = Σ count × weight; the level also looks at the share of old methods whose calls must change. */
export function migrationRisk(report: Omit<SdkDiffReport, 'risk'>): MigrationRisk {
  const breakingParamChanges = report.methods
    .filter((m) => m.status !== 'removed')
    .reduce((n, m) => n + m.changes.filter((c) => c.breaking).length, 0);
  const nonBreaking = report.methods.reduce((n, m) => n + m.changes.filter((c) => !c.breaking).length, 0);
  const rows: [string, number, number][] = [
    ['methods removed', report.counts.removed, 10],
    ['methods renamed', report.counts.renamed, 4],
    ['breaking parameter changes', breakingParamChanges, 3],
    ['client options removed', report.clientOptions.removed.length, 3],
    ['error classes removed', report.errors.removed.length, 2],
    ['model types removed', report.models.removed.length, 1],
    ['non-breaking parameter changes', nonBreaking, 0],
  ];
  const factors: RiskFactor[] = rows.map(([label, count, weight]) => ({
    label,
    count,
    weight,
    points: count * weight,
  }));
  const score = factors.reduce((n, f) => n + f.points, 0);
  const affected = report.methods.filter(
    (m) => m.status === 'removed' || m.status === 'renamed' || m.changes.some((c) => c.breaking),
  ).length;
  const share = report.counts.oldMethods === 0 ? 0 : affected / report.counts.oldMethods;
  const level: MigrationRisk['level'] =
    share >= 0.25 || score >= 60 ? 'high' : score >= 10 || report.counts.removed > 0 ? 'medium' : 'low';
  const parts = factors.filter((f) => f.points > 0).map((f) => `${f.count} ${f.label} × ${f.weight}`);
  const explanation =
    `Score ${score}${parts.length > 0 ? ` = ${parts.join(' + ')}` : ''}; ${affected} of ${report.counts.oldMethods} existing methods (${Math.round(share * 100)}%) need their call sites changed. ` +
    `Level ${level}: high when ≥ 25% of methods or a score ≥ 60, medium when the score is ≥ 10 or any method is removed, low otherwise.`;
  return { level, score, factors, explanation };
}
