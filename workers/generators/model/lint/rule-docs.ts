// The documentation of every rule (served at `/rules/<ruleId>`, linked from each diagnostic's
// `docsUrl`): what it checks, why it matters, a failing and a passing example (YAML fragments of a
// description). How to turn a rule off is the same for all and is written by the page itself.

export interface RuleDoc {
  checks: string;
  why: string;
  fail: string;
  pass: string;
}

export const RULE_DOCS: Readonly<Record<string, RuleDoc>> = {
  'oas/schema': {
    checks:
      'The description against the official OpenAPI 3.0 or 3.1 JSON Schema: required fields, allowed fields, types, and fields that exclude each other.',
    why: 'A description that breaks the specification is read differently by every tool; generated SDKs and docs are built from a guess.',
    fail: 'info:\n  title: Pets\n  version: 1.0\n  license: { name: MIT, identifier: MIT, url: https://opensource.org/license/mit }',
    pass: 'info:\n  title: Pets\n  version: "1.0"\n  license: { name: MIT, identifier: MIT }',
  },
  'ref/external': {
    checks: 'A `$ref` to another file or a URL.',
    why: 'Runs receive one text and never fetch or read anything: the referenced part is missing from the SDK. Bundle the description first (e.g. `redocly bundle`).',
    fail: "schema:\n  $ref: './pet.yaml'",
    pass: "schema:\n  $ref: '#/components/schemas/Pet'",
  },
  'ref/unresolved': {
    checks: 'A local `$ref` that points at nothing.',
    why: 'The generator cannot type what the reference names; the SDK gets `unknown` there.',
    fail: "schema:\n  $ref: '#/components/schemas/Pets'   # only Pet exists",
    pass: "schema:\n  $ref: '#/components/schemas/Pet'",
  },
  'ref/cycle': {
    checks: 'A `$ref` that resolves to itself without ever reaching a schema (A → B → A).',
    why: 'Such a type has no definition at all; generators must give up on it.',
    fail: "components:\n  schemas:\n    A: { $ref: '#/components/schemas/B' }\n    B: { $ref: '#/components/schemas/A' }",
    pass: "components:\n  schemas:\n    A: { type: object, properties: { next: { $ref: '#/components/schemas/A' } } }",
  },
  'ref/sibling-ignored': {
    checks:
      'Fields written beside a `$ref` where OpenAPI ignores them (everywhere in 3.0; outside Schema Objects, except summary and description, in 3.1).',
    why: 'The author expects those fields to apply; tools drop them.',
    fail: "schema:\n  $ref: '#/components/schemas/Pet'\n  nullable: true",
    pass: "schema:\n  allOf: [ { $ref: '#/components/schemas/Pet' } ]\n  nullable: true",
  },
  'operation/operation-id-missing': {
    checks: 'An operation without `operationId`.',
    why: 'Docs anchors and derived method names are less stable without one (the config or the path still names the SDK method).',
    fail: 'get:\n  responses: { "200": { description: ok } }',
    pass: 'get:\n  operationId: listPets\n  responses: { "200": { description: ok } }',
  },
  'operation/operation-id-unique': {
    checks: 'Two operations with the same `operationId`.',
    why: 'SDK methods and docs anchors collide; one of the operations is unreachable by its name.',
    fail: '/pets: { get: { operationId: getPet } }\n/pets/{id}: { get: { operationId: getPet } }',
    pass: '/pets: { get: { operationId: listPets } }\n/pets/{id}: { get: { operationId: getPet } }',
  },
  'operation/parameter-unique': {
    checks: 'Two parameters with the same name and location in one list.',
    why: 'The SDK method would take two arguments of the same name.',
    fail: 'parameters:\n  - { name: limit, in: query, schema: { type: integer } }\n  - { name: limit, in: query, schema: { type: string } }',
    pass: 'parameters:\n  - { name: limit, in: query, schema: { type: integer } }',
  },
  'operation/success-response': {
    checks: 'An operation with no 2XX (or 3XX) response.',
    why: 'The SDK method cannot type its return value; it returns nothing useful.',
    fail: 'responses:\n  "404": { description: not found }',
    pass: 'responses:\n  "200": { description: ok }\n  "404": { description: not found }',
  },
  'operation/get-request-body': {
    checks: 'A GET or HEAD operation with a request body.',
    why: 'Such bodies have no defined meaning; many clients and proxies drop them, so the SDK sends what the server never sees.',
    fail: 'get:\n  requestBody: { content: { application/json: { schema: { type: object } } } }',
    pass: 'post:\n  requestBody: { content: { application/json: { schema: { type: object } } } }',
  },
  'parameter/allow-reserved-location': {
    checks: '`allowReserved` on a parameter that is not in the query.',
    why: 'It only has a meaning for query parameters; elsewhere the serialization the author expects does not happen.',
    fail: '- { name: id, in: path, required: true, allowReserved: true, schema: { type: string } }',
    pass: '- { name: q, in: query, allowReserved: true, schema: { type: string } }',
  },
  'parameter/header-ignored': {
    checks: 'A header parameter named `Accept`, `Content-Type` or `Authorization`.',
    why: 'OpenAPI says such a parameter is ignored: the media types and the security schemes set those headers, so the SDKs neither take it nor send it.',
    fail: '- { name: Authorization, in: header, required: true, schema: { type: string } }',
    pass: 'security: [ { bearerAuth: [] } ]',
  },
  'path/param-declared': {
    checks: 'A `{placeholder}` in a path with no `in: path` parameter for it.',
    why: 'The SDK method has no argument to fill the placeholder with; the request goes to a literal `{id}`.',
    fail: '/pets/{petId}:\n  get: { parameters: [], responses: { "200": { description: ok } } }',
    pass: '/pets/{petId}:\n  get:\n    parameters: [ { name: petId, in: path, required: true, schema: { type: string } } ]\n    responses: { "200": { description: ok } }',
  },
  'path/param-unused': {
    checks: 'An `in: path` parameter whose name is not a placeholder of the path.',
    why: 'The SDK asks for an argument it never sends.',
    fail: '/pets:\n  get: { parameters: [ { name: petId, in: path, required: true, schema: { type: string } } ] }',
    pass: '/pets/{petId}:\n  get: { parameters: [ { name: petId, in: path, required: true, schema: { type: string } } ] }',
  },
  'path/duplicate-or-ambiguous': {
    checks: 'Paths that differ only in placeholder names (`/pets/{id}` and `/pets/{petId}`) or in a trailing slash.',
    why: 'A request matches both; servers and SDK routers pick one arbitrarily.',
    fail: '/pets/{id}: {...}\n/pets/{petId}: {...}',
    pass: '/pets/{petId}: {...}\n/pets/{petId}/toys: {...}',
  },
  'path/no-query-string': {
    checks: 'A path key containing `?` or `#`.',
    why: 'Query parameters written into the path are not parameters: the SDK cannot set them.',
    fail: '/pets?limit=10: {...}',
    pass: '/pets:\n  get: { parameters: [ { name: limit, in: query, schema: { type: integer } } ] }',
  },
  'security/scheme-defined': {
    checks: 'A security requirement naming a scheme not defined under `components.securitySchemes`.',
    why: 'The SDK cannot know how to send that credential.',
    fail: 'security: [ { apiKey: [] } ]\ncomponents: { securitySchemes: {} }',
    pass: 'security: [ { apiKey: [] } ]\ncomponents:\n  securitySchemes: { apiKey: { type: apiKey, in: header, name: X-API-Key } }',
  },
  'security/scheme-unused': {
    checks: 'A security scheme no requirement uses.',
    why: 'Dead configuration: clients never send it. Usually a forgotten `security:`.',
    fail: 'components:\n  securitySchemes: { apiKey: { type: apiKey, in: header, name: X-API-Key } }',
    pass: 'security: [ { apiKey: [] } ]\ncomponents:\n  securitySchemes: { apiKey: { type: apiKey, in: header, name: X-API-Key } }',
  },
  'security/scope-defined': {
    checks: "An OAuth2 scope required by an operation but declared in none of the scheme's flows.",
    why: 'Clients requesting tokens do not know the scope exists.',
    fail: 'security: [ { oauth: [pets:write] } ]   # flows declare only pets:read',
    pass: 'security: [ { oauth: [pets:read] } ]',
  },
  'servers/present': {
    checks: 'A description without `servers`.',
    why: 'The base URL defaults to "/": every SDK user has to pass one explicitly.',
    fail: 'openapi: 3.1.0\ninfo: { title: Pets, version: "1" }\npaths: {}',
    pass: 'openapi: 3.1.0\ninfo: { title: Pets, version: "1" }\nservers: [ { url: https://api.example.com } ]\npaths: {}',
  },
  'servers/valid-url': {
    checks: 'A server URL that is not a URL (or a relative reference).',
    why: 'Clients built from it cannot connect.',
    fail: 'servers: [ { url: "api example com" } ]',
    pass: 'servers: [ { url: https://api.example.com } ]',
  },
  'servers/variable-defined': {
    checks: 'A `{variable}` in a server URL with no entry under `variables`.',
    why: 'The SDK cannot fill it in; requests go to a literal `{region}`.',
    fail: 'servers: [ { url: "https://{region}.example.com" } ]',
    pass: 'servers:\n  - url: "https://{region}.example.com"\n    variables: { region: { default: eu } }',
  },
  'servers/variable-default-in-enum': {
    checks: "A server variable's default that is not one of its `enum` values.",
    why: 'The default base URL is one the API says is not valid.',
    fail: 'variables: { region: { default: us, enum: [eu, ap] } }',
    pass: 'variables: { region: { default: eu, enum: [eu, ap] } }',
  },
  'tags/declared': {
    checks: 'An operation tag that is not declared in the top-level `tags`.',
    why: 'Docs cannot describe or order the group. Style: it does not change the SDK.',
    fail: 'tags: [ { name: pets } ]\npaths: { /toys: { get: { tags: [toys] } } }',
    pass: 'tags: [ { name: pets }, { name: toys } ]\npaths: { /toys: { get: { tags: [toys] } } }',
  },
  'tags/unique': {
    checks: 'Two top-level tags with the same name.',
    why: 'Docs show the group twice, with one of the two descriptions.',
    fail: 'tags: [ { name: pets }, { name: pets } ]',
    pass: 'tags: [ { name: pets } ]',
  },
  'components/unused': {
    checks: 'A component that nothing references.',
    why: 'Dead weight, and an unused type in every SDK. Style: it does not change what the SDK does.',
    fail: 'components:\n  schemas:\n    OldPet: { type: object }   # no $ref to it',
    pass: "components:\n  schemas:\n    Pet: { type: object }\n# and somewhere: $ref: '#/components/schemas/Pet'",
  },
  'schema/example-valid': {
    checks: 'An `example` or `examples` value that does not validate against its schema.',
    why: 'Request examples become SDK docs and tests that send invalid bodies; response examples mislead readers (a response example is a style finding).',
    fail: 'schema: { type: object, required: [id], properties: { id: { type: string } } }\nexample: { id: 42 }',
    pass: 'schema: { type: object, required: [id], properties: { id: { type: string } } }\nexample: { id: "42" }',
  },
  'schema/default-valid': {
    checks: "A schema's `default` that does not validate against the schema.",
    why: 'SDKs document and may send the default.',
    fail: 'schema: { type: integer, default: "ten" }',
    pass: 'schema: { type: integer, default: 10 }',
  },
  'schema/enum-type': {
    checks: "Enum values that do not match the schema's type.",
    why: 'Typed SDKs cannot express them: the generated enum is wrong.',
    fail: 'schema: { type: string, enum: [1, 2] }',
    pass: 'schema: { type: string, enum: ["1", "2"] }',
  },
  'schema/discriminator-property': {
    checks: 'A discriminator whose `propertyName` is not a required property of every variant.',
    why: 'SDKs pick the variant by that property; without it they cannot.',
    fail: "oneOf: [ { $ref: '#/components/schemas/Cat' } ]\ndiscriminator: { propertyName: kind }   # Cat has no kind",
    pass: "oneOf: [ { $ref: '#/components/schemas/Cat' } ]   # Cat: required [kind], properties: { kind: { type: string } }\ndiscriminator: { propertyName: kind }",
  },
  'schema/array-items': {
    checks: 'A `type: array` schema without `items`.',
    why: 'The SDK types the list as a list of anything.',
    fail: 'schema: { type: array }',
    pass: 'schema: { type: array, items: { type: string } }',
  },
  'schema/required-property-defined': {
    checks: 'A name in `required` that is not declared under `properties`.',
    why: 'Each becomes a member of the generated type with no type of its own.',
    fail: 'type: object\nrequired: [id]\nproperties: { name: { type: string } }',
    pass: 'type: object\nrequired: [id]\nproperties: { id: { type: string }, name: { type: string } }',
  },
  'schema/nullable-keyword': {
    checks: '`nullable` in 3.1 (where it does not exist), or in 3.0 without a `type`.',
    why: 'Tools ignore it: the SDK types the value as never null.',
    fail: 'openapi: 3.1.0\n# ...\nschema: { type: string, nullable: true }',
    pass: 'openapi: 3.1.0\n# ...\nschema: { type: [string, "null"] }',
  },
  'generator/name-collision': {
    checks: 'Two names that become the same identifier in a generated SDK (schemas, methods, properties).',
    why: 'One of them is renamed with a suffix in the SDK: users see a name the description does not have.',
    fail: 'components:\n  schemas: { pet-status: {...}, PetStatus: {...} }',
    pass: 'components:\n  schemas: { PetStatus: {...}, PetHealth: {...} }',
  },
  'generator/unsupported-construct': {
    checks: 'Schema constructs the SDK generators cannot represent exactly (e.g. `not`, conditional schemas).',
    why: 'The generated type is looser than the description (often `unknown`).',
    fail: 'schema: { not: { type: string } }',
    pass: 'schema: { type: integer }',
  },
  'limits/enum-members': {
    checks: 'An enum with more members than the model keeps (`MODEL_MAX_ENUM_MEMBERS`).',
    why: 'The SDK types the value as its base type instead of the enum.',
    fail: 'schema: { type: string, enum: [ ...3000 values ] }',
    pass: 'schema: { type: string }',
  },
  'limits/union-arms': {
    checks: 'A `oneOf`/`anyOf` with more arms than the model keeps (`MODEL_MAX_UNION_ARMS`).',
    why: 'The SDK accepts any value there.',
    fail: 'oneOf: [ ...600 schemas ]',
    pass: 'oneOf: [ ...a few schemas ]',
  },
  'limits/allof-arms': {
    checks: 'An `allOf` with more arms than the model keeps (`MODEL_MAX_ALLOF_ARMS`).',
    why: 'The SDK accepts any value there.',
    fail: 'allOf: [ ...150 schemas ]',
    pass: 'allOf: [ ...a few schemas ]',
  },
  'limits/object-properties': {
    checks: 'An object with more properties than the model keeps (`MODEL_MAX_OBJECT_PROPERTIES`).',
    why: 'The SDK types it as a map of any values.',
    fail: 'properties: { ...3000 properties }',
    pass: 'properties: { ...a few hundred }',
  },
  'limits/schemas': {
    checks: 'More named schemas than the model builds (`MODEL_MAX_SCHEMAS`).',
    why: 'No SDK can be built; the run ends not_ready. This finding cannot be turned off.',
    fail: 'components: { schemas: { ...30000 schemas } }',
    pass: 'components: { schemas: { ...fewer } }',
  },
  'limits/schema-nodes': {
    checks: 'More Schema Objects in all than the model builds (`MODEL_MAX_SCHEMA_NODES`).',
    why: 'No SDK can be built; the run ends not_ready. This finding cannot be turned off.',
    fail: '# a description with 250,000 Schema Objects',
    pass: '# fewer, or bundled with shared components',
  },
  'oas/unsupported-version': {
    checks: 'An `openapi` version we do not read (Swagger 2.0, or none).',
    why: 'Nothing can be built from it. Convert Swagger 2.0 to OpenAPI 3 first. This finding cannot be turned off.',
    fail: 'swagger: "2.0"',
    pass: 'openapi: 3.1.0',
  },
};

/** Pages for the families whose findings are not rules a project sets (read failures, config, our own faults). */
export const FAMILY_DOCS: Readonly<Record<string, { title: string; checks: string; why: string }>> = {
  parse: {
    title: 'Reading the description',
    checks: 'Whether the text is JSON or YAML within the limits (size, nesting, aliases), without duplicate keys.',
    why: 'Nothing can be checked or generated from a text that cannot be read; these findings cannot be turned off.',
  },
  config: {
    title: 'The run config',
    checks:
      'The flagship config or the partner `stainless.yml`: known keys, resources mapped to endpoints, lint settings.',
    why: 'A config that says something we ignore would give an SDK other than the one you described.',
  },
  internal: {
    title: 'Internal faults',
    checks: 'A rule or the model builder failed on this description.',
    why: 'That is our bug, not yours: the findings of that part are missing. Please report it with the description.',
  },
  report: {
    title: 'The report',
    checks: 'The report itself (e.g. diagnostics left out past the report limit).',
    why: 'Says what the report does not show.',
  },
};
