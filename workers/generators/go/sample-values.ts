// Go expressions of sample values for a type (the generated tests' and the README's calls): the
// required fields of structs filled in, lists of one item, the first enum constant, the first
// variant of a union. Strings of a known format get a value of that format.

import { goStr } from '../names/go.ts';
import { type GoType, numberLiteral, type TypeInfo, typeExpr } from './schema-types.ts';

const FORMAT_SAMPLES: Record<string, string> = {
  uuid: '00000000-0000-0000-0000-000000000000',
  'date-time': '2024-01-01T00:00:00Z',
  date: '2024-01-01',
  time: '00:00:00',
  email: 'user@example.com',
  uri: 'https://example.com',
  url: 'https://example.com',
  hostname: 'example.com',
  ipv4: '127.0.0.1',
  ipv6: '::1',
};

export interface SampleContext {
  infos: ReadonlyMap<string, TypeInfo>;
  /** Prefix of declared names (`petstore.` outside the package). */
  qual: string;
  /** Called with the packages a sample uses (`strings`, `packages/param`). */
  uses: (pkg: string) => void;
}

/** The standard library packages a sample may use; every other one is the module's own. */
const STANDARD_PACKAGES = new Set(['io', 'strings']);

/** `uses` for a file: standard packages imported as such, the rest from the module. */
export function usesFor(file: { use: (pkg: string) => void; useLocal: (pkg: string) => void }): (pkg: string) => void {
  return (pkg) => (STANDARD_PACKAGES.has(pkg) ? file.use(pkg) : file.useLocal(pkg));
}

/** A type written in a sample (`[]io.Reader`), with the packages it names marked used. */
export function typeRef(t: GoType, ctx: SampleContext): string {
  const walk = (type: GoType): void => {
    if (type.kind === 'reader') ctx.uses('io');
    else if ('elem' in type) walk(type.elem);
  };
  walk(t);
  return typeExpr(t, ctx.qual);
}

/** A string sample for a format (or "string"). */
export function stringSample(format: string | undefined): string {
  return goStr(
    format !== undefined && Object.hasOwn(FORMAT_SAMPLES, format) ? (FORMAT_SAMPLES[format] as string) : 'string',
  );
}

export function sampleValue(t: GoType, ctx: SampleContext, depth = 0): string {
  switch (t.kind) {
    case 'string':
      return stringSample(t.format);
    case 'int':
    case 'float':
      return '0';
    case 'bool':
      return 'true';
    case 'any':
      return 'map[string]any{}';
    case 'reader':
      ctx.uses('strings');
      return 'strings.NewReader("file contents")';
    case 'literal':
      if (typeof t.value === 'string') return goStr(t.value);
      if (typeof t.value === 'number') return numberLiteral(t.value, t.base);
      if (typeof t.value === 'boolean') return String(t.value);
      return 'nil';
    case 'slice':
      return `${typeRef(t, ctx)}{${depth > 4 ? '' : sampleValue(t.elem, ctx, depth + 1)}}`;
    case 'map':
      return `${typeRef(t, ctx)}{}`;
    case 'pointer':
      return `&${sampleValue(t.elem, ctx, depth)}`;
    case 'opt':
      ctx.uses('packages/param');
      return `param.NewOpt[${typeRef(t.elem, ctx)}](${sampleValue(t.elem, ctx, depth)})`;
    case 'named': {
      const info = ctx.infos.get(t.name);
      const name = ctx.qual + t.name;
      if (info === undefined) return `${name}{}`;
      if (info.kind === 'enum') {
        if (info.first !== undefined) return ctx.qual + info.first;
        return `${name}(${info.base.kind === 'string' ? '""' : '0'})`;
      }
      if (info.kind === 'union') {
        const first = info.variants[0];
        if (info.side === 'response' || first === undefined || depth > 4) return `${name}{}`;
        return `${name}{${first.field}: ${sampleValue(first.type, ctx, depth + 1)}}`;
      }
      if (depth > 4) return `${name}{}`;
      const fields = info.fields
        .filter((f) => f.required)
        .map((f) => `${f.name}: ${sampleValue(f.type, ctx, depth + 1)}`);
      return `${name}{${fields.join(', ')}}`;
    }
  }
}
