// The OpenAPI object a JSON pointer lands on, named as the specification names it ("a Response
// Object"), so that schema-check messages speak the reader's terms instead of the meta-schema's.
// A best effort from the path alone: when the place is not recognised, messages say "this object".

import { HTTP_METHODS } from '../types.ts';

const METHODS: ReadonlySet<string> = new Set([...HTTP_METHODS, 'query']);
const SCHEMA_HOLDERS = new Set([
  'items',
  'additionalProperties',
  'not',
  'contains',
  'propertyNames',
  'if',
  'then',
  'else',
]);
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);
const SCHEMA_LISTS = new Set(['allOf', 'oneOf', 'anyOf', 'prefixItems']);

export function objectKind(segments: readonly string[]): string | undefined {
  const n = segments.length;
  if (n === 0) return 'OpenAPI Object';
  const last = segments[n - 1] as string;
  const parent = segments[n - 2];
  const grand = segments[n - 3];
  if (n === 1) {
    if (last === 'info') return 'Info Object';
    if (last === 'components') return 'Components Object';
    if (last === 'paths') return 'Paths Object';
    if (last === 'externalDocs') return 'External Documentation Object';
  }
  if (n === 2 && parent === 'info') {
    if (last === 'license') return 'License Object';
    if (last === 'contact') return 'Contact Object';
  }
  if (n === 2 && parent === 'tags') return 'Tag Object';
  if (n === 2 && (parent === 'paths' || parent === 'webhooks')) return 'Path Item Object';
  if (parent === 'callbacks' || (grand === 'callbacks' && n >= 3))
    return grand === 'callbacks' ? 'Path Item Object' : 'Callback Object';
  if (
    parent !== undefined &&
    METHODS.has(last) &&
    (grand === 'paths' || grand === 'webhooks' || segments[n - 4] === 'callbacks')
  )
    return 'Operation Object';
  if (parent === 'servers') return 'Server Object';
  if (parent === 'variables' && segments[n - 4] === 'servers') return 'Server Variable Object';
  if (last === 'externalDocs') return 'External Documentation Object';
  if (last === 'discriminator') return 'Discriminator Object';
  if (last === 'xml') return 'XML Object';
  if (last === 'flows') return 'OAuth Flows Object';
  if (parent === 'flows') return 'OAuth Flow Object';
  if (parent === 'securitySchemes') return 'Security Scheme Object';
  if (parent === 'parameters') return 'Parameter Object';
  if (last === 'requestBody' || parent === 'requestBodies') return 'Request Body Object';
  if (last === 'responses') return 'Responses Object';
  if (parent === 'responses') return 'Response Object';
  if (parent === 'content') return 'Media Type Object';
  if (parent === 'encoding') return 'Encoding Object';
  if (parent === 'headers') return 'Header Object';
  if (parent === 'links') return 'Link Object';
  if (parent === 'examples' && !/^\d+$/.test(last)) return 'Example Object';
  if (last === 'schema' || parent === 'schemas' || SCHEMA_HOLDERS.has(last)) return 'Schema Object';
  if (parent !== undefined && (SCHEMA_MAPS.has(parent) || SCHEMA_LISTS.has(parent))) return 'Schema Object';
  return undefined;
}

/** Fields of the objects people most often misspell, for "did you mean". */
export const KNOWN_FIELDS: Readonly<Record<string, readonly string[]>> = {
  'OpenAPI Object': [
    'openapi',
    'info',
    'jsonSchemaDialect',
    'servers',
    'paths',
    'webhooks',
    'components',
    'security',
    'tags',
    'externalDocs',
  ],
  'Info Object': ['title', 'summary', 'description', 'termsOfService', 'contact', 'license', 'version'],
  'License Object': ['name', 'identifier', 'url'],
  'Contact Object': ['name', 'url', 'email'],
  'Server Object': ['url', 'description', 'variables'],
  'Path Item Object': ['$ref', 'summary', 'description', ...HTTP_METHODS, 'servers', 'parameters'],
  'Operation Object': [
    'tags',
    'summary',
    'description',
    'externalDocs',
    'operationId',
    'parameters',
    'requestBody',
    'responses',
    'callbacks',
    'deprecated',
    'security',
    'servers',
  ],
  'Parameter Object': [
    'name',
    'in',
    'description',
    'required',
    'deprecated',
    'allowEmptyValue',
    'style',
    'explode',
    'allowReserved',
    'schema',
    'example',
    'examples',
    'content',
  ],
  'Request Body Object': ['description', 'content', 'required'],
  'Response Object': ['description', 'headers', 'content', 'links'],
  'Media Type Object': ['schema', 'example', 'examples', 'encoding'],
  'Example Object': ['summary', 'description', 'value', 'externalValue'],
  'Header Object': [
    'description',
    'required',
    'deprecated',
    'style',
    'explode',
    'schema',
    'example',
    'examples',
    'content',
  ],
  'Tag Object': ['name', 'description', 'externalDocs'],
  'Components Object': [
    'schemas',
    'responses',
    'parameters',
    'examples',
    'requestBodies',
    'headers',
    'securitySchemes',
    'links',
    'callbacks',
    'pathItems',
  ],
  'Schema Object': [
    'type',
    'format',
    'title',
    'description',
    'default',
    'enum',
    'const',
    'properties',
    'required',
    'items',
    'additionalProperties',
    'allOf',
    'oneOf',
    'anyOf',
    'not',
    'nullable',
    'discriminator',
    'readOnly',
    'writeOnly',
    'example',
    'examples',
    'deprecated',
    'minimum',
    'maximum',
    'minLength',
    'maxLength',
    'pattern',
    'minItems',
    'maxItems',
    'uniqueItems',
    'xml',
    'externalDocs',
  ],
  'Security Scheme Object': [
    'type',
    'description',
    'name',
    'in',
    'scheme',
    'bearerFormat',
    'flows',
    'openIdConnectUrl',
  ],
};
