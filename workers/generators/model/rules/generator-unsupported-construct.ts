import type { Rule } from './rule.ts';
import { asRecord, entries } from '../json-guards.ts';
import { joinPointer } from '../parse/pointer.ts';

const SCHEMA_KEYWORDS: Record<string, string> = {
  not: '`not` cannot be expressed in SDK types; the value is typed without that restriction',
  if: '`if`/`then`/`else` is not reflected in SDK types',
  patternProperties: '`patternProperties` is typed as a plain map',
  prefixItems: 'tuples (`prefixItems`) are typed as arrays',
  dependentSchemas: '`dependentSchemas` is not reflected in SDK types',
  dependentRequired: '`dependentRequired` is not reflected in SDK types',
  $dynamicRef: '`$dynamicRef` is not followed; the value is typed as unknown',
  unevaluatedProperties: '`unevaluatedProperties` is treated like `additionalProperties`',
  contains: '`contains` is not reflected in SDK types',
};

const KEYWORD_ENTRIES = Object.entries(SCHEMA_KEYWORDS);

const SUPPORTED_MEDIA =
  /^(application\/(json|[\w.+-]*\+json|x-www-form-urlencoded|octet-stream|x-ndjson)|multipart\/[\w.+-]+|text\/[\w.+-]+|\*\/\*|application\/\*|image\/[\w.+*-]+|audio\/[\w.+*-]+|video\/[\w.+*-]+)(\s*;.*)?$/i;

export const generatorUnsupportedConstruct: Rule = {
  id: 'generator/unsupported-construct',
  severity: 'warning',
  description: 'Constructs the SDK generators cannot represent faithfully (and what they do instead).',
  run(ctx) {
    for (const { schema, pointer } of ctx.schemas) {
      for (const [keyword, effect] of KEYWORD_ENTRIES) {
        if (keyword in schema)
          ctx.report(joinPointer(pointer, keyword), `Unsupported by the SDK generators: ${effect}.`);
      }
    }
    for (const op of ctx.operations) {
      if (op.operation.callbacks !== undefined) {
        ctx.report(
          joinPointer(op.pointer, 'callbacks'),
          'Callbacks are documented; the TypeScript and Python SDKs type and verify their payloads like webhooks, no other SDK code is generated for them.',
          'info',
        );
      }
      const body = ctx.refs.record(op.operation.requestBody, joinPointer(op.pointer, 'requestBody'));
      const content = asRecord(body?.value.content);
      if (content !== undefined) {
        const types = Object.keys(content);
        if (types.length > 0 && !types.some((t) => SUPPORTED_MEDIA.test(t))) {
          ctx.report(
            joinPointer(op.pointer, 'requestBody', 'content'),
            `Request body media types ${types.join(', ')} are not supported by the SDK generators; the body is sent as raw bytes.`,
          );
        }
      }
      for (const [status, raw] of entries(op.operation.responses)) {
        const response = ctx.refs.record(raw, joinPointer(op.pointer, 'responses', status));
        const types = Object.keys(asRecord(response?.value.content) ?? {});
        if (types.length > 0 && !types.some((t) => SUPPORTED_MEDIA.test(t)) && /^2/.test(status)) {
          ctx.report(
            joinPointer(op.pointer, 'responses', status, 'content'),
            `Response media types ${types.join(', ')} are returned as raw bytes by the SDKs.`,
            'info',
          );
        }
      }
    }
  },
};
