import type { Rule } from './rule.ts';
import { checkValue } from '../check-value.ts';
import { asRecord, entries, isRecord } from '../json-guards.ts';
import { joinPointer } from '../parse/pointer.ts';

export const schemaExampleValid: Rule = {
  id: 'schema/example-valid',
  severity: 'warning',
  description:
    'Examples (schema, parameter and media-type level) should validate against their schema: docs and SDK samples show them.',
  run(ctx) {
    const checkOne = (value: unknown, schema: unknown, pointer: string): void => {
      const problem = checkValue(value, schema, ctx.refs, ctx.version);
      if (problem)
        ctx.report(
          pointer,
          `Example does not match its schema${problem.at ? ` at ${problem.at}` : ''}: ${problem.message}.`,
        );
    };
    for (const { schema, pointer } of ctx.schemas) {
      if ('example' in schema) checkOne(schema.example, schema, joinPointer(pointer, 'example'));
      if (Array.isArray(schema.examples))
        schema.examples.forEach((ex, i) => checkOne(ex, schema, joinPointer(pointer, 'examples', i)));
    }
    // Parameter / header / media type objects: `example` and `examples.<name>.value` against `schema`.
    for (const { holder, pointer } of exampleHolders(ctx.doc)) {
      const schema = holder.schema;
      if (!isRecord(schema)) continue;
      if ('example' in holder) checkOne(holder.example, schema, joinPointer(pointer, 'example'));
      for (const [name, raw] of entries(holder.examples)) {
        const example = ctx.refs.record(raw, joinPointer(pointer, 'examples', name))?.value;
        if (example && 'value' in example)
          checkOne(example.value, schema, joinPointer(pointer, 'examples', name, 'value'));
      }
    }
  },
};

/** Objects that carry `schema` + `example(s)` side by side: parameters, headers, media types. */
function exampleHolders(doc: Record<string, unknown>): { holder: Record<string, unknown>; pointer: string }[] {
  const out: { holder: Record<string, unknown>; pointer: string }[] = [];
  // Pointers are only spelled out for the holders found; each frame links to its parent instead.
  // `inContent` / `inHeaders`: some segment of the frame's pointer is `content` / `headers`.
  interface Frame {
    node: unknown;
    parent: Frame | undefined;
    segment: string | number;
    inContent: boolean;
    inHeaders: boolean;
  }
  const pointerOf = (frame: Frame): string => {
    const segments: (string | number)[] = [];
    for (let f: Frame | undefined = frame; f !== undefined && f.parent !== undefined; f = f.parent)
      segments.push(f.segment);
    return joinPointer('', ...segments.reverse());
  };
  const stack: Frame[] = [{ node: doc, parent: undefined, segment: '', inContent: false, inHeaders: false }];
  while (stack.length > 0) {
    const frame = stack.pop() as Frame;
    const node = frame.node;
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++)
        stack.push({
          node: node[i],
          parent: frame,
          segment: i,
          inContent: frame.inContent,
          inHeaders: frame.inHeaders,
        });
      continue;
    }
    const record = asRecord(node);
    if (record === undefined) continue;
    // The pointer has `/content/` or `/headers/` in it: a segment before the last one is `content` / `headers`.
    const parent = frame.parent;
    const underContentOrHeaders = parent !== undefined && (parent.inContent || parent.inHeaders);
    const isSchemaHolder =
      isRecord(record.schema) &&
      ('example' in record || isRecord(record.examples)) &&
      (typeof record.in === 'string' || underContentOrHeaders);
    if (isSchemaHolder) out.push({ holder: record, pointer: pointerOf(frame) });
    // `/components/schemas` holds only Schema Objects, which never carry parameters, headers or
    // media types: skipping it saves walking most of a large description a second time.
    const isComponents = frame.segment === 'components' && parent !== undefined && parent.parent === undefined;
    for (const [key, value] of Object.entries(record)) {
      if (key === 'example' || key === 'examples' || key === 'schema' || key === 'default' || key.startsWith('x-'))
        continue;
      if (isComponents && key === 'schemas') continue;
      if (value !== null && typeof value === 'object') {
        stack.push({
          node: value,
          parent: frame,
          segment: key,
          inContent: frame.inContent || key === 'content',
          inHeaders: frame.inHeaders || key === 'headers',
        });
      }
    }
  }
  return out;
}
