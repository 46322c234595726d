// The rule catalogue of the description diff: every id the diff can emit, its level, the oasdiff
// rule it corresponds to, its family (for the per-family measurement), and the oasdiff rules we
// decline with the reason. Levels:
// - `breaking`: a client written against the old description fails against the new one;
// - `potentially-breaking` (oasdiff's WARN): breaks some clients or setups, and the description
//   does not say enough to decide;
// - `non-breaking`: a change clients can see, that does not break them (an added endpoint);
// - `info`: documentation and lifecycle (deprecations, defaults, discriminator bookkeeping).
// Where our id equals an oasdiff id, its level is oasdiff's default (ERR → breaking, WARN →
// potentially-breaking, INFO → non-breaking or info) unless `LEVEL_DEVIATIONS` says otherwise.

import { type OasdiffLevel, OASDIFF_RULES } from './oasdiff-rules.ts';

export type ChangeLevel = 'breaking' | 'potentially-breaking' | 'non-breaking' | 'info';

export const LEVEL_ORDER: Record<ChangeLevel, number> = {
  breaking: 0,
  'potentially-breaking': 1,
  'non-breaking': 2,
  info: 3,
};

const OASDIFF = new Map(OASDIFF_RULES.map(([id, level, check]) => [id, { level, check }]));

const INFO_WORDS = /discriminator|default-value|deprecated|reactivated|annotation|description|tag-|operation-id/;

function fromOasdiff(id: string, level: OasdiffLevel): ChangeLevel {
  if (level === 'ERR') return 'breaking';
  if (level === 'WARN') return 'potentially-breaking';
  return INFO_WORDS.test(id) ? 'info' : 'non-breaking';
}

/** Our ids that oasdiff (at the catalogued commit) has no rule for, with their level and why. */
export const OWN_RULES: Record<string, { level: ChangeLevel; why: string }> = {
  'request-parameter-style-changed': {
    level: 'breaking',
    why: 'the serialization of the value on the wire changes (form → spaceDelimited, simple → label …)',
  },
  'request-parameter-explode-changed': {
    level: 'breaking',
    why: 'arrays and objects are serialized differently (`a=1&a=2` vs `a=1,2`); potentially-breaking for a single value, whose serialization does not change',
  },
  'request-parameter-allow-empty-value-removed': {
    level: 'breaking',
    why: 'a client that sends the parameter empty is now outside the contract',
  },
  'request-parameter-allow-empty-value-added': { level: 'non-breaking', why: 'accepts more requests' },
  'request-parameter-allow-reserved-removed': {
    level: 'potentially-breaking',
    why: 'clients that send reserved characters unencoded are outside the contract',
  },
  'request-parameter-allow-reserved-added': { level: 'non-breaking', why: 'accepts more requests' },
  'request-parameter-content-media-type-changed': {
    level: 'breaking',
    why: 'a parameter described by `content` is encoded with another media type',
  },
  'response-header-style-changed': { level: 'breaking', why: 'clients parse the header value differently' },
  'response-header-explode-changed': {
    level: 'breaking',
    why: 'clients parse array or object header values differently; potentially-breaking for a single value',
  },
  'response-header-became-required': { level: 'non-breaking', why: 'the header is now always sent' },
  'api-security-component-scheme-changed': {
    level: 'breaking',
    why: 'an http scheme changed (basic → bearer): the credentials clients send are not accepted',
  },
  'api-security-component-in-changed': {
    level: 'breaking',
    why: 'an apiKey moved (header → query): clients send it where it is no longer read',
  },
  'api-security-component-name-changed': {
    level: 'breaking',
    why: 'an apiKey is read from another header, query or cookie name',
  },
  'api-security-component-bearer-format-changed': {
    level: 'potentially-breaking',
    why: 'the token format is a hint; tokens of the old format may no longer be accepted',
  },
  'api-security-component-open-id-connect-url-changed': {
    level: 'breaking',
    why: 'clients discover the provider (issuer, token endpoint) at another URL',
  },
  'api-security-component-oauth-flow-removed': {
    level: 'breaking',
    why: 'clients that obtain tokens through that flow can no longer',
  },
  'api-security-component-oauth-flow-added': { level: 'non-breaking', why: 'another way to obtain tokens' },
  'api-security-component-oauth-refresh-url-changed': {
    level: 'breaking',
    why: 'clients refresh tokens at another URL',
  },
  'request-body-min-properties-increased': { level: 'breaking', why: 'smaller objects are now rejected' },
  'request-property-min-properties-increased': { level: 'breaking', why: 'smaller objects are now rejected' },
  'request-body-min-properties-set': { level: 'breaking', why: 'smaller objects are now rejected' },
  'request-property-min-properties-set': { level: 'breaking', why: 'smaller objects are now rejected' },
  'request-body-max-properties-decreased': { level: 'breaking', why: 'larger objects are now rejected' },
  'request-property-max-properties-decreased': { level: 'breaking', why: 'larger objects are now rejected' },
  'request-body-max-properties-set': { level: 'breaking', why: 'larger objects are now rejected' },
  'request-property-max-properties-set': { level: 'breaking', why: 'larger objects are now rejected' },
  'request-body-min-properties-decreased': { level: 'non-breaking', why: 'accepts more' },
  'request-property-min-properties-decreased': { level: 'non-breaking', why: 'accepts more' },
  'request-body-min-properties-unset': { level: 'non-breaking', why: 'accepts more' },
  'request-property-min-properties-unset': { level: 'non-breaking', why: 'accepts more' },
  'request-body-max-properties-increased': { level: 'non-breaking', why: 'accepts more' },
  'request-property-max-properties-increased': { level: 'non-breaking', why: 'accepts more' },
  'request-body-max-properties-unset': { level: 'non-breaking', why: 'accepts more' },
  'request-property-max-properties-unset': { level: 'non-breaking', why: 'accepts more' },
  'response-body-max-properties-increased': { level: 'breaking', why: 'clients may receive larger objects' },
  'response-property-max-properties-increased': { level: 'breaking', why: 'clients may receive larger objects' },
  'response-body-max-properties-unset': { level: 'breaking', why: 'clients may receive larger objects' },
  'response-property-max-properties-unset': { level: 'breaking', why: 'clients may receive larger objects' },
  'response-body-min-properties-decreased': { level: 'breaking', why: 'clients may receive smaller objects' },
  'response-property-min-properties-decreased': { level: 'breaking', why: 'clients may receive smaller objects' },
  'response-body-min-properties-unset': { level: 'breaking', why: 'clients may receive smaller objects' },
  'response-property-min-properties-unset': { level: 'breaking', why: 'clients may receive smaller objects' },
  'response-body-min-properties-increased': { level: 'non-breaking', why: 'narrower responses' },
  'response-property-min-properties-increased': { level: 'non-breaking', why: 'narrower responses' },
  'response-body-min-properties-set': { level: 'non-breaking', why: 'narrower responses' },
  'response-property-min-properties-set': { level: 'non-breaking', why: 'narrower responses' },
  'response-body-max-properties-decreased': { level: 'non-breaking', why: 'narrower responses' },
  'response-property-max-properties-decreased': { level: 'non-breaking', why: 'narrower responses' },
  'response-body-max-properties-set': { level: 'non-breaking', why: 'narrower responses' },
  'response-property-max-properties-set': { level: 'non-breaking', why: 'narrower responses' },
  'report-truncated': { level: 'info', why: 'the report stops at `maxChanges` changes' },
};

/** oasdiff ids whose level we set differently, and why. */
export const LEVEL_DEVIATIONS: Record<string, { level: ChangeLevel; why: string }> = {
  'api-path-removed-with-deprecation': {
    level: 'breaking',
    why: "callers that did not migrate fail; oasdiff's INFO relies on its sunset-date policy, which we do not check (oasdiff: INFO)",
  },
  'api-removed-with-deprecation': {
    level: 'breaking',
    why: "callers that did not migrate fail; oasdiff's INFO relies on its sunset-date policy, which we do not check (oasdiff: INFO)",
  },
  'request-parameter-removed-with-deprecation': {
    level: 'potentially-breaking',
    why: 'as a parameter removed without deprecation (WARN): its sunset policy is not checked (oasdiff: INFO)',
  },
  'api-security-added': {
    level: 'non-breaking',
    why: 'breaking where the operation needed no authentication before: anonymous calls start failing (oasdiff: INFO)',
  },
  'api-global-security-added': {
    level: 'non-breaking',
    why: 'breaking where no authentication was needed before: anonymous calls start failing (oasdiff: INFO)',
  },
  'api-security-component-type-changed': {
    level: 'breaking',
    why: 'clients send credentials of the old kind (oasdiff: INFO)',
  },
  'api-security-component-oauth-url-changed': {
    level: 'breaking',
    why: 'clients send users to an authorization URL that is no longer the one (oasdiff: INFO)',
  },
  'api-security-component-oauth-token-url-changed': {
    level: 'breaking',
    why: 'clients fetch tokens from a URL that is no longer the one (oasdiff: INFO)',
  },
  'api-security-component-oauth-scope-removed': {
    level: 'breaking',
    why: 'clients that request the scope are refused by the authorization server (oasdiff: INFO)',
  },
  'api-security-scope-added': {
    level: 'breaking',
    why: 'tokens without the new scope are refused (oasdiff: INFO)',
  },
  'api-global-security-scope-added': {
    level: 'breaking',
    why: 'tokens without the new scope are refused (oasdiff: INFO)',
  },
  'request-required-property-became-read-only': {
    level: 'breaking',
    why: 'the value a client sends is ignored or rejected (oasdiff: INFO)',
  },
  'request-required-property-became-not-read-only': {
    level: 'breaking',
    why: 'a required property the server used to fill in (read-only, so clients left it out) must now be sent (oasdiff: INFO)',
  },
  'api-security-removed': {
    level: 'breaking',
    why: 'clients that authenticate with the removed requirement are refused while other requirements remain; where authentication becomes optional the change is reported non-breaking (oasdiff: INFO)',
  },
  'api-global-security-removed': {
    level: 'breaking',
    why: 'clients that authenticate with the removed requirement are refused while other requirements remain; where authentication becomes optional the change is reported non-breaking (oasdiff: INFO)',
  },
  'request-optional-property-became-read-only': {
    level: 'potentially-breaking',
    why: 'the value a client sends is ignored or rejected (oasdiff: INFO)',
  },
  'response-required-property-became-write-only': {
    level: 'breaking',
    why: 'the property is no longer returned to clients that read it (oasdiff: INFO)',
  },
  'response-optional-property-became-write-only': {
    level: 'potentially-breaking',
    why: 'the property is no longer returned (oasdiff: INFO)',
  },
  'request-body-discriminator-property-name-changed': {
    level: 'breaking',
    why: 'clients tag the variant in a property the server no longer reads (oasdiff: INFO)',
  },
  'request-property-discriminator-property-name-changed': {
    level: 'breaking',
    why: 'clients tag the variant in a property the server no longer reads (oasdiff: INFO)',
  },
  'response-body-discriminator-property-name-changed': {
    level: 'breaking',
    why: 'clients pick the variant from a property no longer sent (oasdiff: INFO)',
  },
  'response-property-discriminator-property-name-changed': {
    level: 'breaking',
    why: 'clients pick the variant from a property no longer sent (oasdiff: INFO)',
  },
  'request-body-discriminator-mapping-changed': {
    level: 'breaking',
    why: 'a tag value now selects another schema (oasdiff: INFO)',
  },
  'request-property-discriminator-mapping-changed': {
    level: 'breaking',
    why: 'a tag value now selects another schema (oasdiff: INFO)',
  },
  'response-body-discriminator-mapping-changed': {
    level: 'breaking',
    why: 'a tag value now selects another schema (oasdiff: INFO)',
  },
  'response-property-discriminator-mapping-changed': {
    level: 'breaking',
    why: 'a tag value now selects another schema (oasdiff: INFO)',
  },
  'request-body-discriminator-mapping-deleted': {
    level: 'breaking',
    why: 'clients that send that tag value are refused (oasdiff: INFO)',
  },
  'request-property-discriminator-mapping-deleted': {
    level: 'breaking',
    why: 'clients that send that tag value are refused (oasdiff: INFO)',
  },
  'response-body-discriminator-mapping-added': {
    level: 'potentially-breaking',
    why: 'clients meet a tag value they do not know (oasdiff: INFO)',
  },
  'response-property-discriminator-mapping-added': {
    level: 'potentially-breaking',
    why: 'clients meet a tag value they do not know (oasdiff: INFO)',
  },
};

/**
 * oasdiff ids we report under another id of ours (the same change seen at another granularity).
 * Our model lists parameters per operation, so a parameter added at path-item level is reported
 * once per operation under the operation-level id.
 */
export const OASDIFF_ALIASES: Record<string, string> = {
  'new-required-request-default-parameter-to-existing-path': 'new-required-request-parameter',
  'new-optional-request-default-parameter-to-existing-path': 'new-optional-request-parameter',
};

/** oasdiff rules we do not check, with the reason. First match wins. */
export const DECLINED: readonly (readonly [RegExp, string])[] = [
  [
    /sunset|stability|invalid-stability/,
    "oasdiff's lifecycle policy over its own `x-sunset` / `x-stability-level` extensions and a date window set on its command line; not part of OpenAPI",
  ],
  [
    /^api-(major-)?version-(not-bumped|decreased)$/,
    'a versioning policy (info.version must change), not a change clients can see',
  ],
  [/x-extensible-enum/, 'a Zalando extension (`x-extensible-enum`) our model does not read; enum changes are checked'],
  [
    /^api-schema-removed$/,
    'a component no operation references cannot break a client; the operations that use one are checked',
  ],
  [
    /^request-read-only-property-|^response-write-only-property-|write-only-property-(added|removed|became)/,
    'a constraint on a property hidden in that direction (read-only in requests, write-only in responses) is not seen by clients; we skip hidden properties',
  ],
  [/annotation-only/, 'allOf members that only annotate: reported as allOf added/removed at their level'],
  [/^response-mediatype-enum-value-removed$/, 'not modelled: enum values of media-type parameters'],
  [/^request-parameter-property-type-specialized$/, 'reported as request-parameter-property-type-changed'],
  [/-type-specialized$|-type-compatible$/, 'reported as type-changed / type-generalized'],
  [
    /^request-header-property-|^new-required-request-header-property$/,
    'reported under the request-parameter-property ids (a header parameter is a parameter)',
  ],
  [
    /^response-parameter-enum-value-removed$|^request-body-enum-value-removed$/,
    'reported as response-property-enum-value-removed / request-body-… under the property ids',
  ],
  [
    /^api-operation-id-|^api-tag-/,
    'documentation bookkeeping; SDK method names come from the config, not the operationId (the SDK-surface diff reports renamed methods)',
  ],
  [/^api-security-component-oauth-(scope-changed)$/, 'a scope description change; documentation only'],
];

const BOUNDS = [
  'max',
  'min',
  'exclusive-max',
  'exclusive-min',
  'max-length',
  'min-length',
  'max-items',
  'min-items',
  'max-properties',
  'min-properties',
  'max-contains',
  'min-contains',
];
/** Every id the diff emits that corresponds to an oasdiff rule of the same id. */
export const CHECKED_OASDIFF = new Set<string>();

function combos(scopes: string[], suffixes: string[]): string[] {
  return scopes.flatMap((s) => suffixes.map((x) => `${s}-${x}`));
}

const REQ_SCHEMA = ['request-body', 'request-property', 'request-parameter', 'request-parameter-property'];
const RES_SCHEMA = ['response-body', 'response-property'];
const SCHEMA_SUFFIXES = [
  'type-changed',
  'type-generalized',
  'type-specialized',
  'type-compatible',
  'became-nullable',
  'became-not-nullable',
  'became-enum',
  'enum-value-added',
  'enum-value-removed',
  'const-added',
  'const-changed',
  'const-removed',
  'default-value-added',
  'default-value-removed',
  'default-value-changed',
  'max-increased',
  'max-decreased',
  'max-set',
  'min-increased',
  'min-decreased',
  'min-set',
  'exclusive-max-increased',
  'exclusive-max-decreased',
  'exclusive-max-set',
  'exclusive-min-increased',
  'exclusive-min-decreased',
  'exclusive-min-set',
  'max-length-increased',
  'max-length-decreased',
  'max-length-set',
  'max-length-unset',
  'min-length-increased',
  'min-length-decreased',
  'max-items-increased',
  'max-items-decreased',
  'max-items-set',
  'min-items-increased',
  'min-items-decreased',
  'min-items-set',
  'min-items-unset',
  'pattern-added',
  'pattern-changed',
  'pattern-removed',
  'pattern-generalized',
  'one-of-added',
  'one-of-removed',
  'any-of-added',
  'any-of-removed',
  'all-of-added',
  'all-of-removed',
  'discriminator-added',
  'discriminator-removed',
  'discriminator-property-name-changed',
  'discriminator-mapping-added',
  'discriminator-mapping-deleted',
  'discriminator-mapping-changed',
  'list-of-types-narrowed',
  'list-of-types-widened',
  'prefix-items-added',
  'prefix-items-removed',
  'if-added',
  'if-removed',
  'then-added',
  'then-removed',
  'else-added',
  'else-removed',
  'contains-added',
  'contains-removed',
  'min-contains-increased',
  'min-contains-decreased',
  'max-contains-increased',
  'max-contains-decreased',
  'dependent-required-added',
  'dependent-required-removed',
  'dependent-required-changed',
  'dependent-schema-added',
  'dependent-schema-removed',
  'pattern-property-added',
  'pattern-property-removed',
  'property-names-added',
  'property-names-removed',
  'unevaluated-items-added',
  'unevaluated-items-removed',
  'unevaluated-properties-added',
  'unevaluated-properties-removed',
  'content-schema-added',
  'content-schema-removed',
  'content-media-type-changed',
  'content-encoding-changed',
  'x-extensible-enum-value-removed',
  'wrapped-in-one-of',
  'deprecated',
  'reactivated',
];
const OTHER_IDS = [
  'response-property-pattern-generalized',
  'response-body-pattern-generalized',
  'api-path-removed-without-deprecation',
  'api-path-removed-with-deprecation',
  'api-removed-without-deprecation',
  'api-removed-with-deprecation',
  'endpoint-added',
  'endpoint-deprecated',
  'endpoint-reactivated',
  'webhook-added',
  'webhook-removed',
  'request-parameter-removed',
  'request-parameter-removed-with-deprecation',
  'request-parameter-became-required',
  'request-parameter-became-optional',
  'request-parameter-deprecated',
  'request-parameter-reactivated',
  'new-request-path-parameter',
  'new-required-request-parameter',
  'new-optional-request-parameter',
  'request-body-removed',
  'request-body-added-required',
  'request-body-added-optional',
  'request-body-became-required',
  'request-body-became-optional',
  'request-body-media-type-added',
  'request-body-media-type-removed',
  'request-body-media-type-schema-added',
  'request-body-media-type-schema-removed',
  'response-body-media-type-schema-added',
  'response-body-media-type-schema-removed',
  'request-property-removed',
  'request-property-became-required',
  'request-property-became-required-with-default',
  'request-property-became-optional',
  'new-required-request-property',
  'new-required-request-property-with-default',
  'new-optional-request-property',
  'request-required-property-became-read-only',
  'request-required-property-became-not-read-only',
  'request-required-property-became-write-only',
  'request-required-property-became-not-write-only',
  'request-optional-property-became-read-only',
  'request-optional-property-became-not-read-only',
  'request-optional-property-became-write-only',
  'request-optional-property-became-not-write-only',
  'response-required-property-became-read-only',
  'response-required-property-became-not-read-only',
  'response-required-property-became-write-only',
  'response-required-property-became-not-write-only',
  'response-optional-property-became-read-only',
  'response-optional-property-became-not-read-only',
  'response-optional-property-became-write-only',
  'response-optional-property-became-not-write-only',
  'response-required-property-removed',
  'response-optional-property-removed',
  'response-required-property-added',
  'response-optional-property-added',
  'response-property-became-optional',
  'response-property-became-required',
  'response-success-status-removed',
  'response-success-status-added',
  'response-non-success-status-removed',
  'response-non-success-status-added',
  'response-media-type-removed',
  'response-media-type-added',
  'response-media-type-name-changed',
  'response-media-type-name-generalized',
  'response-media-type-name-specialized',
  'response-header-added',
  'required-response-header-removed',
  'optional-response-header-removed',
  'response-header-became-optional',
  'response-header-type-changed',
  'response-header-type-generalized',
  'response-header-became-nullable',
  'response-header-became-not-nullable',
  'api-security-added',
  'api-security-removed',
  'api-security-scope-added',
  'api-security-scope-removed',
  'api-global-security-added',
  'api-global-security-removed',
  'api-global-security-scope-added',
  'api-global-security-scope-removed',
  'api-security-component-added',
  'api-security-component-removed',
  'api-security-component-type-changed',
  'api-security-component-oauth-url-changed',
  'api-security-component-oauth-token-url-changed',
  'api-security-component-oauth-scope-added',
  'api-security-component-oauth-scope-removed',
  'request-header-property-became-required',
  'request-header-property-became-enum',
  'new-required-request-header-property',
  'request-property-deprecated',
  'request-property-reactivated',
  'response-property-deprecated',
  'response-property-reactivated',
];

/** All ids the diff can emit (ours and oasdiff's). */
export const EMITTED_IDS: ReadonlySet<string> = new Set([
  ...combos([...REQ_SCHEMA, ...RES_SCHEMA], SCHEMA_SUFFIXES).filter(
    (id) => OASDIFF.has(id) || OWN_RULES[id] !== undefined,
  ),
  ...combos(['response-header', 'response-header-property'], SCHEMA_SUFFIXES),
  ...combos(
    [...REQ_SCHEMA, ...RES_SCHEMA, 'response-header', 'response-header-property'],
    BOUNDS.flatMap((b) => ['increased', 'decreased', 'set', 'unset'].map((c) => `${b}-${c}`)),
  ),
  ...combos(
    ['request-parameter', 'request-parameter-property'],
    ['one-of-added', 'one-of-removed', 'wrapped-in-one-of'],
  ),
  ...combos(['response-property', 'response-body'], ['became-enum']),
  ...OTHER_IDS,
  ...Object.keys(OWN_RULES),
]);
for (const id of EMITTED_IDS) if (OASDIFF.has(id)) CHECKED_OASDIFF.add(id);

const BOUND_ID = new RegExp(
  `^(request|response)-(?:body|property|parameter|parameter-property|header|header-property)-(${BOUNDS.join('|')})-(increased|decreased|set|unset)$`,
);

/**
 * A bound oasdiff names no rule for (it has request-parameter-max-items-decreased but no
 * request-body-max-items-decreased, for one), judged by direction: a request accepts less when an
 * upper bound falls or a lower one rises (`-set` on either: potentially breaking, as oasdiff rates
 * its `-set` rules); a response may send more when an upper bound rises or a lower one falls or is
 * dropped.
 */
export function boundLevel(id: string): ChangeLevel | undefined {
  const m = BOUND_ID.exec(id);
  if (m === null) return undefined;
  const [, dir, bound, change] = m as unknown as [string, string, string, string];
  const upper = bound.startsWith('max') || bound === 'exclusive-max';
  const narrows = change === 'set' || (upper ? change === 'decreased' : change === 'increased');
  if (dir === 'request') {
    if (change === 'set') return 'potentially-breaking';
    return narrows ? 'breaking' : 'non-breaking';
  }
  return narrows ? 'non-breaking' : 'breaking';
}

/** The level of a change id. Ids outside the catalogue are `non-breaking` (the catalogue test keeps that from happening). */
export function levelOf(id: string): ChangeLevel {
  const deviation = LEVEL_DEVIATIONS[id];
  if (deviation !== undefined) return deviation.level;
  const own = OWN_RULES[id];
  if (own !== undefined) return own.level;
  const o = OASDIFF.get(id);
  if (o !== undefined) return fromOasdiff(id, o.level);
  const bound = boundLevel(id);
  if (bound !== undefined) return bound;
  // A response header's schema is judged like a response body's (oasdiff names only a few).
  const header = /^response-header-(property-)?(.*)$/.exec(id);
  if (header !== null) return levelOf(`response-${header[1] !== undefined ? 'property' : 'body'}-${header[2]}`);
  // A parameter's schema is judged like a request body's where oasdiff names no parameter rule.
  const param = /^request-parameter-(property-)?(.*)$/.exec(id);
  if (param !== null) return levelOf(`request-${param[1] !== undefined ? 'property' : 'body'}-${param[2]}`);
  return INFO_WORDS.test(id) ? 'info' : 'non-breaking';
}

/** The oasdiff rule id an id of ours corresponds to, when there is one. */
export function oasdiffIdOf(id: string): string | undefined {
  return OASDIFF.has(id) ? id : undefined;
}

/** A coarse family for measurement and the coverage table. */
export function familyOf(id: string): string {
  if (/sunset|stability|version-/.test(id)) return 'lifecycle policy';
  if (/security/.test(id)) return 'security';
  if (/header/.test(id)) return 'response headers';
  if (
    /discriminator|one-of|any-of|all-of|list-of-types|prefix-items|if-|then-|else-|contains|dependent|pattern-propert|property-names|unevaluated|content-(schema|media|encoding)/.test(
      id,
    )
  )
    return 'composed and 3.1 schemas';
  if (/read-only|write-only/.test(id)) return 'readOnly / writeOnly';
  if (/-(max|min)(-length|-items|-properties)?-|exclusive|pattern/.test(id)) return 'constraints';
  if (/enum|const|type-|nullable|default-value/.test(id)) return 'types, enums, defaults';
  if (/parameter/.test(id)) return 'parameters';
  if (/request-body|request-property|request-.*-property|media-type/.test(id)) return 'request body';
  if (/response/.test(id)) return 'responses';
  return 'endpoints';
}

export interface CoverageRow {
  oasdiff: string;
  level: OasdiffLevel;
  /** Our id that reports it, when we check it. */
  ours?: string;
  ourLevel?: ChangeLevel;
  /** Why we do not, when we do not. */
  declined?: string;
}

/** One row per oasdiff rule, in oasdiff's order. */
export function coverage(): CoverageRow[] {
  return OASDIFF_RULES.map(([id, level]) => {
    const ours = CHECKED_OASDIFF.has(id) ? id : OASDIFF_ALIASES[id];
    if (ours !== undefined) return { oasdiff: id, level, ours, ourLevel: levelOf(ours) };
    const declined = DECLINED.find(([re]) => re.test(id))?.[1] ?? 'not checked yet';
    return { oasdiff: id, level, declined };
  });
}
