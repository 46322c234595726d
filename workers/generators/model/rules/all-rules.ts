// The semantic rules, in the order they run. A rule is one file; adding one is one line here.

import type { Rule } from './rule.ts';
import { componentsUnused } from './components-unused.ts';
import { generatorNameCollision } from './generator-name-collision.ts';
import { generatorUnsupportedConstruct } from './generator-unsupported-construct.ts';
import { operationGetRequestBody } from './operation-get-request-body.ts';
import { operationIdMissing } from './operation-id-missing.ts';
import { operationIdUnique } from './operation-id-unique.ts';
import { operationParameterUnique } from './operation-parameter-unique.ts';
import { operationSuccessResponse } from './operation-success-response.ts';
import { parameterAllowReservedLocation } from './parameter-allow-reserved-location.ts';
import { parameterHeaderIgnored } from './parameter-header-ignored.ts';
import { pathDuplicateOrAmbiguous } from './path-duplicate-or-ambiguous.ts';
import { pathNoQueryString } from './path-no-query-string.ts';
import { pathParamDeclared } from './path-param-declared.ts';
import { pathParamUnused } from './path-param-unused.ts';
import { refCycle } from './ref-cycle.ts';
import { refExternal } from './ref-external.ts';
import { refSiblingIgnored } from './ref-sibling-ignored.ts';
import { refUnresolved } from './ref-unresolved.ts';
import { schemaArrayItems } from './schema-array-items.ts';
import { schemaDefaultValid } from './schema-default-valid.ts';
import { schemaDiscriminatorProperty } from './schema-discriminator-property.ts';
import { schemaEnumType } from './schema-enum-type.ts';
import { schemaExampleValid } from './schema-example-valid.ts';
import { schemaNullableKeyword } from './schema-nullable-keyword.ts';
import { schemaRequiredPropertyDefined } from './schema-required-property-defined.ts';
import { securitySchemeDefined } from './security-scheme-defined.ts';
import { securitySchemeUnused } from './security-scheme-unused.ts';
import { securityScopeDefined } from './security-scope-defined.ts';
import { serversPresent } from './servers-present.ts';
import { serversValidUrl } from './servers-valid-url.ts';
import { serversVariableDefaultInEnum } from './servers-variable-default-in-enum.ts';
import { serversVariableDefined } from './servers-variable-defined.ts';
import { tagsDeclared } from './tags-declared.ts';
import { tagsUnique } from './tags-unique.ts';

export const ALL_RULES: readonly Rule[] = [
  refExternal,
  refUnresolved,
  refCycle,
  refSiblingIgnored,
  operationIdMissing,
  operationIdUnique,
  operationParameterUnique,
  operationSuccessResponse,
  operationGetRequestBody,
  parameterAllowReservedLocation,
  parameterHeaderIgnored,
  pathParamDeclared,
  pathParamUnused,
  pathDuplicateOrAmbiguous,
  pathNoQueryString,
  securitySchemeDefined,
  securitySchemeUnused,
  securityScopeDefined,
  serversPresent,
  serversValidUrl,
  serversVariableDefined,
  serversVariableDefaultInEnum,
  tagsDeclared,
  tagsUnique,
  componentsUnused,
  schemaExampleValid,
  schemaDefaultValid,
  schemaEnumType,
  schemaDiscriminatorProperty,
  schemaArrayItems,
  schemaRequiredPropertyDefined,
  schemaNullableKeyword,
  generatorNameCollision,
  generatorUnsupportedConstruct,
];
