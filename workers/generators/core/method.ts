// The language-neutral shape of an SDK method: which request content it sends, what its response
// is (JSON, text, bytes, a stream of events, nothing) and whether it pages, and through what item.
// Each SDK spells these in its own language; the choices are made here, once.

import type { ApiModel, MediaTypeContent, Operation, PaginationScheme, SchemaNode } from '../model/types.ts';
import { carriesFile, pageItemSchema, resolveSchema } from './schema.ts';

/** How a request body is sent. */
export type BodyKind = 'json' | 'multipart' | 'form' | 'text' | 'binary';
/** How a response is read (`event-stream-text`: server-sent events whose data is plain text). */
export type ResponseKind = 'json' | 'text' | 'binary' | 'event-stream' | 'event-stream-text' | 'none';

/** Request content kinds in order of preference; a content of another kind is sent as bytes. */
export const BODY_ORDER: readonly BodyKind[] = ['json', 'multipart', 'form', 'text', 'binary'];

/** Body kinds whose object schema can be sent field by field (an upload is `multipart`). */
export function isStructuredBody(kind: BodyKind): kind is 'json' | 'multipart' | 'form' {
  return kind === 'json' || kind === 'multipart' || kind === 'form';
}

/**
 * The request content the SDKs send: the first by `BODY_ORDER`, else the first content as bytes.
 * With the model: a JSON content that carries a file (a `format: binary` property, which JSON
 * cannot carry) gives way to the operation's multipart content, when it declares one (OpenAI's
 * `POST /skills` declares both for a body of files; sent as JSON, the Python SDK failed to encode
 * the file and the TypeScript SDK sent `{}` for it).
 */
export function requestContent(
  op: Operation,
  model?: ApiModel,
): { content: MediaTypeContent; kind: BodyKind } | undefined {
  const content = op.requestBody?.content ?? [];
  const json = content.find((c) => c.kind === 'json');
  const multipart = content.find((c) => c.kind === 'multipart');
  if (model !== undefined && json !== undefined && multipart !== undefined && carriesFile(model, json.schema))
    return { content: multipart, kind: 'multipart' };
  for (const wanted of BODY_ORDER) {
    const found = content.find((c) => c.kind === wanted);
    if (found) return { content: found, kind: wanted };
  }
  const first = content[0];
  return first ? { content: first, kind: 'binary' } : undefined;
}

/** What the success response is read as, with its schema for JSON and event streams. */
export function responseContent(model: ApiModel, op: Operation): { kind: ResponseKind; schema?: SchemaNode } {
  const success = op.successResponse;
  if (success === undefined) return { kind: 'json' };
  const json = success.content.find((c) => c.kind === 'json');
  if (json) return { kind: 'json', schema: json.schema };
  const sse = success.content.find((c) => c.kind === 'event-stream');
  if (sse) {
    const resolved = resolveSchema(model, sse.schema);
    return resolved?.kind === 'primitive' && resolved.type === 'string'
      ? { kind: 'event-stream-text', schema: sse.schema }
      : { kind: 'event-stream', schema: sse.schema };
  }
  if (success.content.some((c) => c.kind === 'text')) return { kind: 'text' };
  if (success.content.length > 0) return { kind: 'binary' };
  return { kind: 'none' };
}

/** A media type's type/subtype as a header may carry it (RFC 9110 tokens), lower-cased; else undefined. */
function mediaRange(mediaType: string): string | undefined {
  const type = (mediaType.split(';')[0] ?? '').trim().toLowerCase();
  return /^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+$/.test(type) ? type : undefined;
}

/**
 * The Accept header of a JSON response (`kind`, as `responseContent` says) whose success response declares a JSON media type other
 * than `application/json` (a vendor type such as `application/vnd.amadeus+json`): those types in
 * document order, then `application/json`. Undefined otherwise (the SDKs' default Accept). A server
 * that negotiates strictly answers 406 to `application/json` alone there.
 */
export function responseAccept(op: Operation, kind: ResponseKind): string | undefined {
  if (kind !== 'json') return undefined;
  const types: string[] = [];
  for (const c of op.successResponse?.content ?? []) {
    const type = c.kind === 'json' ? mediaRange(c.mediaType) : undefined;
    if (type !== undefined && type !== 'application/json' && !types.includes(type)) types.push(type);
  }
  return types.length > 0 ? [...types, 'application/json'].join(', ') : undefined;
}

/** Whether a response kind is a stream of server-sent events. */
export function isEventStream(kind: ResponseKind): boolean {
  return kind === 'event-stream' || kind === 'event-stream-text';
}

/**
 * The pagination of a method: its scheme when the operation pages and its response is JSON, with
 * the item schema (undefined when the scheme's `items` path leads to no array).
 */
export function methodPagination(
  model: ApiModel,
  op: Operation,
  response: { kind: ResponseKind; schema?: SchemaNode },
): { scheme: PaginationScheme; item: SchemaNode | undefined } | undefined {
  if (op.pagination === undefined || response.kind !== 'json') return undefined;
  const scheme = model.pagination.find((p) => p.name === op.pagination);
  return scheme ? { scheme, item: pageItemSchema(model, response.schema, scheme.response.items) } : undefined;
}

export type PathPart = { kind: 'literal'; text: string } | { kind: 'param'; name: string };

/**
 * A path template as literal text and placeholders: `{name}` (a name without braces) where
 * `declared(name)`; any other braces stay literal text. Adjacent literal text is one part.
 */
export function pathTemplateParts(template: string, declared: (name: string) => boolean): PathPart[] {
  const parts: PathPart[] = [];
  let literal = '';
  let last = 0;
  for (const match of template.matchAll(/\{([^{}]+)\}/g)) {
    literal += template.slice(last, match.index);
    last = match.index + match[0].length;
    const name = match[1] as string;
    if (!declared(name)) {
      literal += match[0];
      continue;
    }
    if (literal !== '') parts.push({ kind: 'literal', text: literal });
    literal = '';
    parts.push({ kind: 'param', name });
  }
  literal += template.slice(last);
  if (literal !== '') parts.push({ kind: 'literal', text: literal });
  return parts;
}
