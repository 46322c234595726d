// Every message of the description diff, in one catalogue beside the rule ids (rules.ts). A key is
// the change id, or for the checks that run at several places (a request body, a parameter, a
// response header and their properties) the id's suffix: `type-changed` is written for
// `request-property-type-changed`, `response-body-type-changed`, … alike. Values are JSON-quoted
// where the message shows them as the document has them.

const json = (v: unknown): string | undefined => JSON.stringify(v);
const shown = (v: unknown): string => JSON.stringify(v) ?? '(none)';
const orNone = (v: string | number | undefined): string | number => v ?? '(none)';
const SINGLE = ' (a single value is written the same way)';

export const MESSAGES = {
  // Schemas: type, format, nullable, const, enum, default, bounds, pattern.
  'type-compatible': (from: string, to: string) => `Type changed from ${from} to ${to} (compatible).`,
  'type-changed': (from: string, to: string) => `Type changed from ${from} to ${to}.`,
  'became-enum': (values: readonly unknown[]) => `Restricted to the values ${values.map((v) => json(v)).join(', ')}.`,
  'format-changed': (from: string | undefined, to: string | undefined) =>
    `Format changed from ${orNone(from)} to ${orNone(to)}.`,
  'became-nullable': () => 'Became nullable.',
  'became-not-nullable': () => 'Is no longer nullable.',
  'const-changed': (from: unknown, to: unknown) => `Constant changed from ${json(from)} to ${json(to)}.`,
  'const-added': (value: unknown) => `Now a constant ${json(value)}.`,
  'const-removed': () => 'No longer a constant.',
  'enum-value-removed': (value: string) => `Enum value ${value} was removed.`,
  'enum-value-added': (value: string) => `Enum value ${value} was added.`,
  'default-value': (from: unknown, to: unknown) => `Default changed from ${shown(from)} to ${shown(to)}.`,
  bound: (name: string, from: number | undefined, to: number | undefined) =>
    `${name} changed from ${orNone(from)} to ${orNone(to)}.`,
  'pattern-added': (to: string | undefined) => `Pattern ${to} was added.`,
  'pattern-generalized': (from: string | undefined, to: string) => `Pattern ${from} was generalized to ${to}.`,
  'pattern-removed': (from: string | undefined) => `Pattern ${from} was removed.`,
  'pattern-changed': (from: string | undefined, to: string | undefined) => `Pattern changed from ${from} to ${to}.`,

  // Schema keywords the model does not carry (3.1 applicators, content keywords, …).
  'keyword-removed': (key: string) => `\`${key}\` was removed.`,
  'keyword-added': (key: string) => `\`${key}\` was added.`,
  'keyword-changed': (key: string, from: unknown, to: unknown) =>
    `\`${key}\` changed from ${shown(from)} to ${shown(to)}.`,
  'keyword-entry-added': (key: string, entry: string) => `\`${key}\` ${entry} was added.`,
  'keyword-entry-changed': (key: string, entry: string) => `\`${key}\` ${entry} changed.`,
  'keyword-entry-removed': (key: string, entry: string) => `\`${key}\` ${entry} was removed.`,
  'x-extensible-enum-value-removed': (value: string) => `x-extensible-enum value ${value} was removed.`,
  'prefix-items-added': (count: number) => `${count} prefixItems entr(y/ies) added.`,
  'prefix-items-removed': (count: number) => `${count} prefixItems entr(y/ies) removed.`,

  // Composition: list of types, oneOf / anyOf, allOf, discriminator.
  'list-of-types-narrowed': (types: string[]) => `Types ${types.join(', ')} are no longer allowed.`,
  'list-of-types-widened': (types: string[]) => `Types ${types.join(', ')} were added.`,
  'wrapped-in-one-of': (arms: number) => `The body was wrapped in a oneOf of ${arms} arms.`,
  'arms-added': (count: number, label: string) => `${count} ${label} arm(s) added.`,
  'arms-removed': (count: number, label: string) => `${count} ${label} arm(s) removed.`,
  'all-of-added': (count: number) => `${count} allOf member(s) added.`,
  'all-of-removed': (count: number) => `${count} allOf member(s) removed.`,
  'discriminator-added': (name: string) => `Discriminator ${name} was added.`,
  'discriminator-removed': (name: string) => `Discriminator ${name} was removed.`,
  'discriminator-property-name-changed': (from: string, to: string) =>
    `Discriminator property changed from ${from} to ${to}.`,
  'discriminator-mapping-added': (value: string) => `Discriminator value ${value} was added.`,
  'discriminator-mapping-changed': (value: string, to: string, from: string) =>
    `Discriminator value ${value} now selects ${to} (was ${from}).`,
  'discriminator-mapping-deleted': (value: string) => `Discriminator value ${value} was removed.`,

  // Properties.
  'request-property-removed': (name: string) => `Request property ${name} was removed.`,
  'response-required-property-removed': (name: string) => `Required response property ${name} was removed.`,
  'response-optional-property-removed': (name: string) => `Optional response property ${name} was removed.`,
  'property-read-write': (dir: 'request' | 'response', name: string, became: boolean, flag: string) =>
    `${dir === 'request' ? 'Request' : 'Response'} property ${name} ${became ? 'became' : 'is no longer'} ${flag}.`,
  'property-deprecated': (name: string) => `Property ${name} was deprecated.`,
  'property-reactivated': (name: string) => `Property ${name} is no longer deprecated.`,
  'request-property-became-required': (name: string, withDefault: boolean) =>
    `Request property ${name} became required${withDefault ? ' (it has a default)' : ''}.`,
  'request-property-became-optional': (name: string) => `Request property ${name} became optional.`,
  'response-property-became-optional': (name: string) => `Response property ${name} became optional.`,
  'response-property-became-required': (name: string) => `Response property ${name} became required.`,
  'new-required-request-property-with-default': (name: string) =>
    `New required request property ${name} (with a default).`,
  'new-required-request-property': (name: string) => `New required request property ${name}.`,
  'new-optional-request-property': (name: string) => `New optional request property ${name}.`,
  'response-property-added': (name: string, required: boolean) =>
    `New ${required ? 'required' : 'optional'} response property ${name}.`,

  // Parameters.
  'parameter-removed': (where: string, name: string) => `The ${where} parameter ${name} was removed.`,
  'parameter-became-required': (where: string, name: string) => `The ${where} parameter ${name} became required.`,
  'parameter-became-optional': (where: string, name: string) => `The ${where} parameter ${name} became optional.`,
  'new-request-path-parameter': (name: string) => `New path parameter ${name}.`,
  'new-required-request-parameter': (where: string, name: string) => `New required ${where} parameter ${name}.`,
  'new-optional-request-parameter': (where: string, name: string) => `New optional ${where} parameter ${name}.`,
  'parameter-deprecated': (what: string) => `${what} was deprecated.`,
  'parameter-reactivated': (what: string) => `${what} is no longer deprecated.`,
  'style-changed': (what: string, from: string, to: string) => `${what}: style changed from ${from} to ${to}.`,
  'explode-changed': (what: string, from: boolean, to: boolean, single: boolean) =>
    `${what}: explode changed from ${from} to ${to}${single ? SINGLE : ''}.`,
  'allow-reserved': (what: string, to: boolean) => `${what}: allowReserved changed to ${to}.`,
  'content-media-type-changed': (what: string, from: string | undefined, to: string | undefined) =>
    `${what}: content media type changed from ${from ?? '(schema)'} to ${to ?? '(schema)'}.`,
  'allow-empty-value': (what: string, to: boolean) => `${what}: allowEmptyValue changed to ${to}.`,

  // Response headers.
  'response-header-removed': (name: string, required: boolean) =>
    `The ${required ? 'required' : 'optional'} response header ${name} was removed.`,
  'response-header-became-optional': (name: string) => `The response header ${name} became optional.`,
  'response-header-became-required': (name: string) => `The response header ${name} became required.`,
  'response-header-style-changed': (name: string) => `The response header ${name}: style changed.`,
  'response-header-explode-changed': (name: string, to: boolean, single: boolean) =>
    `The response header ${name}: explode changed to ${to}${single ? SINGLE : ''}.`,
  'response-header-added': (name: string) => `The response header ${name} was added.`,

  // Operations, request bodies, responses, webhooks.
  'endpoint-deprecated': () => 'The operation was deprecated.',
  'endpoint-reactivated': () => 'The operation is no longer deprecated.',
  'endpoint-removed': (key: string, deprecated: boolean) =>
    `The operation ${key} was removed${deprecated ? ' (it was deprecated)' : ''}.`,
  'endpoint-added': (key: string) => `The operation ${key} was added.`,
  'request-body-removed': () => 'The request body was removed.',
  'request-body-added': (required: boolean) => `A ${required ? 'required' : 'optional'} request body was added.`,
  'request-body-became-required': () => 'The request body became required.',
  'request-body-became-optional': () => 'The request body became optional.',
  'response-status-removed': (status: string) => `Response ${status} was removed.`,
  'response-status-added': (status: string) => `Response ${status} was added.`,
  'webhook-removed': (key: string) => `The webhook ${key} was removed.`,
  'webhook-added': (key: string) => `The webhook ${key} was added.`,

  // Media types.
  'media-type-removed': (name: string) => `Media type ${name} was removed.`,
  'media-type-added': (name: string) => `Media type ${name} was added.`,
  'media-type-name-related': (from: string, to: string, specialized: boolean) =>
    `Media type ${from} became ${to}, ${specialized ? 'a more specific' : 'a more general'} media type.`,
  'media-type-name-changed': (from: string, to: string) => `Media type ${from} became ${to} (its parameters changed).`,
  'media-type-schema': (name: string, removed: boolean) =>
    `The schema of ${name} was ${removed ? 'removed' : 'added'}.`,

  // Security requirements and schemes.
  'security-removed': (key: string) => `Security requirement ${key} is no longer accepted.`,
  'security-added': (key: string, wasOpen: boolean) =>
    `Security requirement ${key} was added${wasOpen ? ' where no authentication was needed' : ''}.`,
  'security-scope-added': (scope: string, scheme: string) => `Scope ${scope} of ${scheme} is now required.`,
  'security-scope-removed': (scope: string, scheme: string) => `Scope ${scope} of ${scheme} is no longer required.`,
  'api-security-component-removed': (key: string) => `Security scheme ${key} was removed.`,
  'api-security-component-added': (key: string) => `Security scheme ${key} was added.`,
  'api-security-component-type-changed': (key: string, from: string, to: string) =>
    `Security scheme ${key} changed type from ${from} to ${to}.`,
  'security-scheme': (key: string, detail: string) => `Security scheme ${key}: ${detail}`,
  'api-security-component-scheme-changed': (from: string, to: string) => `scheme changed from ${from} to ${to}.`,
  'api-security-component-bearer-format-changed': (from: string, to: string) =>
    `bearerFormat changed from ${from} to ${to}.`,
  'api-security-component-in-changed': (from: string, to: string) => `the key moved from ${from} to ${to}.`,
  'api-security-component-name-changed': (from: string, to: string) => `the key's name changed from ${from} to ${to}.`,
  'api-security-component-open-id-connect-url-changed': (from: string, to: string) =>
    `openIdConnectUrl changed from ${from} to ${to}.`,
  'api-security-component-oauth-flow-removed': (flow: string) => `the ${flow} flow was removed.`,
  'api-security-component-oauth-flow-added': (flow: string) => `the ${flow} flow was added.`,
  'api-security-component-oauth-url-changed': (flow: string, from: string, to: string) =>
    `${flow} authorizationUrl changed from ${from} to ${to}.`,
  'api-security-component-oauth-token-url-changed': (flow: string, from: string, to: string) =>
    `${flow} tokenUrl changed from ${from} to ${to}.`,
  'api-security-component-oauth-refresh-url-changed': (flow: string, from: string, to: string) =>
    `${flow} refreshUrl changed from ${from} to ${to}.`,
  'api-security-component-oauth-scope-removed': (flow: string, scope: string) => `${flow} scope ${scope} was removed.`,
  'api-security-component-oauth-scope-added': (flow: string, scope: string) => `${flow} scope ${scope} was added.`,

  'report-truncated': (count: number) => `${count} more changes were left out of this report.`,
} as const;
