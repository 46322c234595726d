// Rule names of Redocly CLI (its `recommended` set and the other built-in OpenAPI rules) and of
// Spectral's `spectral:oas` ruleset, mapped to ours. `[]` means we have no equivalent: an imported
// setting for such a rule is listed as not applied (`config/rule-not-applied`), never dropped
// silently. `partial` says the equivalence is not exact (docs/diagnostics.md's table says how).

export interface ForeignRule {
  ours: readonly string[];
  /** Present when our rules cover only part of what the foreign rule checks. */
  partial?: string;
}

const none: ForeignRule = { ours: [] };
const to = (...ours: string[]): ForeignRule => ({ ours });
const partly = (partial: string, ...ours: string[]): ForeignRule => ({ ours, partial });

/** Redocly CLI 1.x rules for OpenAPI 3.x (`recommended` sets most of them). */
export const REDOCLY_RULES: Readonly<Record<string, ForeignRule>> = {
  struct: to('oas/schema'),
  spec: to('oas/schema'),
  'no-unresolved-refs': partly('external $refs are reported by ref/external, not resolved', 'ref/unresolved'),
  'no-identical-paths': to('path/duplicate-or-ambiguous'),
  'no-ambiguous-paths': to('path/duplicate-or-ambiguous'),
  'no-enum-type-mismatch': to('schema/enum-type'),
  'no-required-schema-properties-undefined': to('schema/required-property-defined'),
  'no-invalid-media-type-examples': partly('also checks defaults', 'schema/example-valid'),
  'no-invalid-schema-examples': to('schema/example-valid'),
  'no-invalid-parameter-examples': to('schema/example-valid'),
  'no-unused-components': to('components/unused'),
  'no-undefined-server-variable': to('servers/variable-defined'),
  'no-empty-servers': to('servers/present'),
  'operation-operationId': to('operation/operation-id-missing'),
  'operation-operationId-unique': to('operation/operation-id-unique'),
  'operation-2xx-response': to('operation/success-response'),
  'operation-parameters-unique': to('operation/parameter-unique'),
  'operation-tag-defined': to('tags/declared'),
  'path-not-include-query': to('path/no-query-string'),
  'path-parameters-defined': to('path/param-declared', 'path/param-unused'),
  'path-params-defined': to('path/param-declared', 'path/param-unused'),
  'security-defined': partly(
    'Redocly also wants a security requirement on every operation; ours checks named schemes exist',
    'security/scheme-defined',
  ),
  'spec-components-invalid-map-name': to('oas/schema'),
  'nullable-type-sibling': partly('ours flags `nullable` in 3.1 and without `type` in 3.0', 'schema/nullable-keyword'),
  'no-schema-type-mismatch': partly('ours checks `items` on arrays', 'schema/array-items'),
  'array-parameter-serialization': none,
  'boolean-parameter-prefixes': none,
  'component-name-unique': none,
  'info-contact': none,
  'info-license': none,
  'info-license-url': none,
  'info-license-strict': none,
  'no-path-trailing-slash': none,
  'no-http-verbs-in-paths': none,
  'no-server-example.com': none,
  'no-server-trailing-slash': none,
  'no-example-value-and-externalValue': none,
  'no-server-variables-empty-enum': none,
  'operation-summary': none,
  'operation-operationId-url-safe': none,
  'operation-description': none,
  'operation-4xx-response': none,
  'operation-4xx-problem-details-rfc7807': none,
  'operation-singular-tag': none,
  'parameter-description': none,
  'path-declaration-must-exist': none,
  'paths-kebab-case': none,
  'path-excludes-patterns': none,
  'path-http-verbs-order': none,
  'path-segment-plural': none,
  'required-string-property-missing-min-length': none,
  'response-contains-header': none,
  'request-mime-type': none,
  'response-contains-property': none,
  'response-mime-type': none,
  'spec-strict-refs': none,
  'scalar-property-missing-example': none,
  'tag-description': none,
  'tags-alphabetical': none,
};

/** Spectral's `spectral:oas` rules for OpenAPI 3.x (the `oas2-*` ones have no meaning here: 2.0 is not read). */
export const SPECTRAL_RULES: Readonly<Record<string, ForeignRule>> = {
  'oas3-schema': to('oas/schema'),
  'no-$ref-siblings': to('ref/sibling-ignored'),
  'openapi-tags-uniqueness': to('tags/unique'),
  'operation-operationId': to('operation/operation-id-missing'),
  'operation-operationId-unique': to('operation/operation-id-unique'),
  'operation-parameters': to('operation/parameter-unique'),
  'operation-success-response': to('operation/success-response'),
  'operation-tag-defined': to('tags/declared'),
  'path-not-include-query': to('path/no-query-string'),
  'path-params': to('path/param-declared', 'path/param-unused', 'path/duplicate-or-ambiguous'),
  'typed-enum': to('schema/enum-type'),
  'array-items': to('schema/array-items'),
  'oas3-api-servers': to('servers/present', 'servers/valid-url'),
  'oas3-operation-security-defined': to('security/scheme-defined', 'security/scope-defined'),
  'oas3-unused-component': to('components/unused'),
  'oas3-valid-media-example': to('schema/example-valid'),
  'oas3-valid-schema-example': to('schema/example-valid', 'schema/default-valid'),
  'oas3-server-variables': to('servers/variable-defined', 'servers/variable-default-in-enum'),
  'contact-properties': none,
  'duplicated-entry-in-enum': none,
  'info-contact': none,
  'info-description': none,
  'info-license': none,
  'license-url': none,
  'no-eval-in-markdown': none,
  'no-script-tags-in-markdown': none,
  'openapi-tags': none,
  'openapi-tags-alphabetical': none,
  'operation-description': none,
  'operation-operationId-valid-in-url': none,
  'operation-singular-tag': none,
  'operation-tags': none,
  'path-declarations-must-exist': none,
  'path-keys-no-trailing-slash': none,
  'tag-description': none,
  'oas3-examples-value-or-externalValue': none,
  'oas3-parameter-description': none,
  'oas3-server-not-example.com': none,
  'oas3-server-trailing-slash': none,
  'oas3-callbacks-in-callbacks': none,
  'oas3_1-servers-in-webhook': none,
  'oas3_1-callbacks-in-webhook': none,
};

export type ForeignLinter = 'redocly' | 'spectral';

export function foreignRules(linter: ForeignLinter): Readonly<Record<string, ForeignRule>> {
  return linter === 'redocly' ? REDOCLY_RULES : SPECTRAL_RULES;
}
