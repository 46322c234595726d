// Security: the requirements of the document and of each operation (dropping an accepted
// alternative or requiring auth where none was needed breaks clients), and the security schemes
// under components (what a client sends, and where it gets tokens).

import type { ApiModel, AuthScheme, Operation, SecurityRequirement, SourceLocation } from '../../model/types.ts';
import type { Collector } from './collector.ts';
import { loc } from './differ.ts';
import { MESSAGES } from './messages.ts';

function securityKey(req: SecurityRequirement): string {
  return (
    req.schemes
      .map((s) => s.scheme)
      .sort()
      .join('+') || '(anonymous)'
  );
}

/** Security: dropping an accepted alternative or requiring auth where none was needed breaks clients. */
export function compareSecurity(
  oldReqs: SecurityRequirement[],
  newReqs: SecurityRequirement[],
  out: Collector,
  scope: 'api-global-security' | 'api-security',
  op: Operation | undefined,
  oldSrc: SourceLocation,
  newSrc: SourceLocation,
): void {
  const o = new Map(oldReqs.map((r) => [securityKey(r), r]));
  const n = new Map(newReqs.map((r) => [securityKey(r), r]));
  const base = op !== undefined ? { operation: op.key, path: op.path, method: op.method.toUpperCase() } : {};
  const at = { old: loc(oldSrc)!, new: loc(newSrc)! };
  const wasOpen = oldReqs.length === 0 || o.has('(anonymous)');
  // A requirement a client meets is still met by a new one asking for no scheme or scope more.
  const stillMet = (r: SecurityRequirement): boolean =>
    newReqs.some((q) =>
      q.schemes.every((x) => {
        const had = r.schemes.find((y) => y.scheme === x.scheme);
        return had !== undefined && x.scopes.every((sc) => had.scopes.includes(sc));
      }),
    );
  for (const [k, r] of o) {
    if (n.has(k) || newReqs.length === 0) continue;
    out.add({
      id: `${scope}-removed`,
      // Clients of the removed requirement are refused unless a new requirement (or none) still lets them in.
      ...(stillMet(r) ? { level: 'non-breaking' as const } : {}),
      ...base,
      where: 'security',
      message: MESSAGES['security-removed'](k),
      ...at,
    });
  }
  for (const k of n.keys()) {
    if (o.has(k) || (oldReqs.length === 0 && k === '(anonymous)')) continue;
    out.add({
      id: `${scope}-added`,
      level: wasOpen && !n.has('(anonymous)') ? 'breaking' : 'non-breaking',
      ...base,
      where: 'security',
      message: MESSAGES['security-added'](k, wasOpen),
      ...at,
    });
  }
  for (const [k, r] of o) {
    const s = n.get(k);
    if (s === undefined) continue;
    for (const scheme of r.schemes) {
      const t = s.schemes.find((x) => x.scheme === scheme.scheme);
      if (t === undefined) continue;
      const where = `security ${scheme.scheme}`;
      // Scopes now required, then scopes no longer required.
      for (const [change, scopes, before] of [
        ['added', t.scopes, scheme.scopes],
        ['removed', scheme.scopes, t.scopes],
      ] as const)
        for (const sc of scopes)
          if (!before.includes(sc))
            out.add({
              id: `${scope}-scope-${change}`,
              ...base,
              where,
              message: MESSAGES[`security-scope-${change}`](sc, scheme.scheme),
              ...at,
            });
    }
  }
}

/** The security schemes under components, by key. */
export function compareSecuritySchemes(oldModel: ApiModel, newModel: ApiModel, out: Collector): void {
  const oldSchemes = new Map(oldModel.authSchemes.map((s) => [s.key, s]));
  const newSchemes = new Map(newModel.authSchemes.map((s) => [s.key, s]));
  for (const [k, s] of oldSchemes) {
    const t = newSchemes.get(k);
    const where = `securitySchemes ${k}`;
    if (t === undefined)
      out.add({
        id: 'api-security-component-removed',
        where,
        message: MESSAGES['api-security-component-removed'](k),
        old: loc(s.source)!,
      });
    else if (t.type !== s.type)
      out.add({
        id: 'api-security-component-type-changed',
        where,
        message: MESSAGES['api-security-component-type-changed'](k, s.type, t.type),
        old: loc(s.source)!,
        new: loc(t.source)!,
      });
    else compareScheme(s, t, out);
  }
  for (const [k, t] of newSchemes)
    if (!oldSchemes.has(k))
      out.add({
        id: 'api-security-component-added',
        where: `securitySchemes ${k}`,
        message: MESSAGES['api-security-component-added'](k),
        new: loc(t.source)!,
      });
}

/** Two schemes of the same type under one key: what a client sends, and where it gets tokens. */
function compareScheme(s: AuthScheme, t: AuthScheme, out: Collector): void {
  const add = (id: string, detail: string): void =>
    out.add({
      id,
      where: `securitySchemes ${s.key}`,
      message: MESSAGES['security-scheme'](s.key, detail),
      old: loc(s.source)!,
      new: loc(t.source)!,
    });
  const changed = (a: string | undefined, b: string | undefined): boolean => (a ?? '') !== (b ?? '');
  const show = (x: string | undefined): string => (x === undefined || x === '' ? '(none)' : x);
  if (s.type === 'http' && t.type === 'http') {
    if (s.scheme !== t.scheme)
      add(
        'api-security-component-scheme-changed',
        MESSAGES['api-security-component-scheme-changed'](s.scheme, t.scheme),
      );
    else if (changed(s.bearerFormat, t.bearerFormat))
      add(
        'api-security-component-bearer-format-changed',
        MESSAGES['api-security-component-bearer-format-changed'](show(s.bearerFormat), show(t.bearerFormat)),
      );
  } else if (s.type === 'apiKey' && t.type === 'apiKey') {
    if (s.in !== t.in)
      add('api-security-component-in-changed', MESSAGES['api-security-component-in-changed'](s.in, t.in));
    if (s.paramName !== t.paramName)
      add(
        'api-security-component-name-changed',
        MESSAGES['api-security-component-name-changed'](s.paramName, t.paramName),
      );
  } else if (s.type === 'openIdConnect' && t.type === 'openIdConnect') {
    if (s.openIdConnectUrl !== t.openIdConnectUrl)
      add(
        'api-security-component-open-id-connect-url-changed',
        MESSAGES['api-security-component-open-id-connect-url-changed'](s.openIdConnectUrl, t.openIdConnectUrl),
      );
  } else if (s.type === 'oauth2' && t.type === 'oauth2') {
    const of = new Map(s.flows.map((f) => [f.flow, f]));
    const nf = new Map(t.flows.map((f) => [f.flow, f]));
    for (const [name, f] of of) {
      const g = nf.get(name);
      if (g === undefined) {
        add('api-security-component-oauth-flow-removed', MESSAGES['api-security-component-oauth-flow-removed'](name));
        continue;
      }
      for (const [id, from, to] of [
        ['api-security-component-oauth-url-changed', f.authorizationUrl, g.authorizationUrl],
        ['api-security-component-oauth-token-url-changed', f.tokenUrl, g.tokenUrl],
        ['api-security-component-oauth-refresh-url-changed', f.refreshUrl, g.refreshUrl],
      ] as const)
        if (changed(from, to)) add(id, MESSAGES[id](name, show(from), show(to)));
      const os = new Set(f.scopes.map((x) => x.name));
      const ns = new Set(g.scopes.map((x) => x.name));
      for (const x of os)
        if (!ns.has(x))
          add(
            'api-security-component-oauth-scope-removed',
            MESSAGES['api-security-component-oauth-scope-removed'](name, x),
          );
      for (const x of ns)
        if (!os.has(x))
          add(
            'api-security-component-oauth-scope-added',
            MESSAGES['api-security-component-oauth-scope-added'](name, x),
          );
    }
    for (const name of nf.keys())
      if (!of.has(name))
        add('api-security-component-oauth-flow-added', MESSAGES['api-security-component-oauth-flow-added'](name));
  }
}
