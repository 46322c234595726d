/**
 * A synthetic OpenAPI 3.0 description shaped like Stripe's public one (which is not in the corpus):
 * `resources` object schemas that reference each other densely (each names about a dozen others,
 * so nearly all of them form one big reference cycle), expandable fields written as
 * `anyOf: [string, $ref]` (sometimes with a second `$ref` to a deleted variant), nullable `anyOf`
 * of one `$ref`, list envelopes declared inline, `object` discriminators as one-member enums,
 * string enums of up to 300 members, metadata maps, required/optional splits, inline nested
 * objects, and form-encoded request bodies with nested inline objects and `anyOf: [object, '']`
 * "emptyable" fields. Five operations per resource (list, create, retrieve, update, delete) plus
 * Deterministic (seeded), valid. The default (330 resources) is Stripe's size: ~455 operations and
 * ~770 named schemas (Stripe's public description: 468 operations, 819 schemas).
 */

/** A small deterministic PRNG (mulberry32). */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = [
  'amount',
  'currency',
  'status',
  'created',
  'livemode',
  'description',
  'source',
  'balance',
  'tax',
  'fee',
  'payout',
  'refund',
  'dispute',
  'invoice',
  'price',
  'product',
  'account',
  'method',
  'mandate',
  'session',
  'review',
  'transfer',
  'coupon',
  'discount',
  'quote',
  'order',
  'charge',
  'plan',
  'item',
  'line',
];

/**
 * `resources` main object schemas (each with a `_details` schema, a third with a `deleted_` twin),
 * and about 1.4 operations per resource: list (every other one), create, retrieve, update, delete.
 */
export function stripeLikeDescription(resources = 330, seed = 1): string {
  const random = rng(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const name = (i: number): string => `${WORDS[i % WORDS.length]}_${Math.floor(i / WORDS.length)}`;
  const lines: string[] = [
    'openapi: 3.0.0',
    'info:',
    '  title: Stripe-like synthetic',
    '  version: 2024-01-01',
    'servers:',
    '  - url: https://api.example.com/',
    'security:',
    '  - basicAuth: []',
    'paths:',
  ];
  const schemas: string[] = [];
  const deleted = (i: number): boolean => i % 3 === 0;
  const enumOf = (n: number, prefix: string): string =>
    `[${Array.from({ length: n }, (_, k) => `${prefix}_${k}`).join(', ')}]`;
  const ref = (target: string): string => `{ $ref: '#/components/schemas/${target}' }`;
  let operations = 0;
  for (let r = 0; r < resources; r++) {
    const n = name(r);
    const props: string[] = [];
    const required: string[] = ['id', 'object', 'created', 'livemode'];
    props.push(`        id: { type: string, maxLength: 5000, description: 'Unique identifier for the object.' }`);
    props.push(`        object: { type: string, enum: [${n}], description: "String representing the object's type." }`);
    props.push('        created: { type: integer, format: unix-time }');
    props.push('        livemode: { type: boolean }');
    props.push(
      '        metadata: { type: object, additionalProperties: { type: string, maxLength: 500 }, nullable: true }',
    );
    props.push(`        status: { type: string, enum: ${enumOf(3 + Math.floor(random() * 8), 'st')} }`);
    required.push('status');
    if (r % 7 === 0)
      props.push(`        kind: { type: string, enum: ${enumOf(40 + Math.floor(random() * 260), 'k')} }`);
    // Expandable references to other resources (the dense part of the graph).
    const links = 8 + Math.floor(random() * 8);
    for (let k = 0; k < links; k++) {
      const t = Math.floor(random() * resources);
      const target = name(t);
      const field = `${target}_${k}`;
      const variants = [`{ type: string, maxLength: 5000 }`, ref(target)];
      if (deleted(t) && random() < 0.5) variants.push(ref(`deleted_${target}`));
      const nullable = random() < 0.6;
      props.push(
        `        ${field}:`,
        `          anyOf: [${variants.join(', ')}]`,
        `          description: 'The ${target} this object belongs to.'`,
      );
      if (nullable) props.push('          nullable: true');
      props.push(`          x-expansionResources: { oneOf: [${ref(target)}] }`);
      if (random() < 0.4) required.push(field);
    }
    // Nullable non-expandable references (hash-like sub-objects of other resources).
    for (let k = 0; k < 3; k++) {
      const t = Math.floor(random() * resources);
      props.push(`        detail_${k}:`, `          anyOf: [${ref(`${name(t)}_details`)}]`, '          nullable: true');
      if (random() < 0.5) required.push(`detail_${k}`);
    }
    // An inline list envelope of other resources.
    const listed = name(Math.floor(random() * resources));
    props.push(
      '        items:',
      '          type: object',
      '          required: [data, has_more, object, url]',
      '          properties:',
      `            data: { type: array, items: ${ref(listed)} }`,
      '            has_more: { type: boolean }',
      '            object: { type: string, enum: [list] }',
      '            url: { type: string, maxLength: 5000 }',
    );
    props.push(
      `        amount: { type: integer }`,
      `        currency: { type: string }`,
      '        description: { type: string, maxLength: 5000, nullable: true }',
    );
    schemas.push(
      `    ${n}:`,
      `      type: object`,
      `      title: ${pick(['Resource', 'Object', 'Entity'])} ${r}`,
      `      description: 'A ${n} object.'`,
      `      required: [${required.join(', ')}]`,
      '      properties:',
      ...props,
    );
    schemas.push(`      x-resourceId: ${n}`, `      x-expandableFields: [${n}_0]`);
    // A details sub-schema (referenced as nullable hash) with a couple of refs back.
    const back = name(Math.floor(random() * resources));
    schemas.push(
      `    ${n}_details:`,
      '      type: object',
      '      required: [type]',
      '      properties:',
      `        type: { type: string, enum: ${enumOf(2 + Math.floor(random() * 6), 't')} }`,
      `        ${back}: { anyOf: [{ type: string, maxLength: 5000 }, ${ref(back)}], nullable: true }`,
      `        nested: { anyOf: [${ref(`${name(Math.floor(random() * resources))}_details`)}], nullable: true }`,
      '        address: { type: object, properties: { city: { type: string, nullable: true }, country: { type: string, nullable: true }, line1: { type: string, nullable: true } } }',
    );
    if (deleted(r)) {
      schemas.push(
        `    deleted_${n}:`,
        '      type: object',
        '      required: [deleted, id, object]',
        '      properties:',
        '        deleted: { type: boolean, enum: [true] }',
        '        id: { type: string, maxLength: 5000 }',
        `        object: { type: string, enum: [${n}] }`,
      );
    }
    // Operations: list and create on the collection; retrieve, update, delete (a third), an action (some).
    const path = `/v1/${n}s`;
    const form = (bodyLines: string[]): string[] => [
      '      requestBody:',
      '        content:',
      '          application/x-www-form-urlencoded:',
      '            schema:',
      '              type: object',
      ...bodyLines.map((l) => `              ${l}`),
    ];
    const bodyProps = [
      'additionalProperties: false',
      'properties:',
      `  description: { type: string, maxLength: 5000 }`,
      `  expand: { type: array, items: { type: string, maxLength: 5000 } }`,
      `  metadata: { anyOf: [{ type: object, additionalProperties: { type: string } }, { type: string, enum: [''] }] }`,
      `  ${name(Math.floor(random() * resources))}: { type: string, maxLength: 5000 }`,
      '  shipping:',
      '    anyOf:',
      '      - type: object',
      '        required: [address, name]',
      '        properties:',
      '          address: { type: object, properties: { city: { type: string }, country: { type: string }, line1: { type: string } } }',
      '          name: { type: string }',
      `          carrier: { type: string, enum: ${enumOf(5, 'c')} }`,
      "      - { type: string, enum: [''] }",
    ];
    const ok = (schema: string): string[] => [
      '      responses:',
      "        '200':",
      '          description: Successful response.',
      '          content:',
      '            application/json:',
      `              schema: ${schema}`,
      '        default:',
      '          description: Error response.',
      '          content:',
      '            application/json:',
      `              schema: ${ref('error')}`,
    ];
    lines.push(`  ${path}:`);
    if (r % 4 !== 1)
      lines.push(
        '    get:',
        `      operationId: Get${n}s`,
        `      summary: List all ${n}s`,
        '      parameters:',
        '        - { name: limit, in: query, schema: { type: integer } }',
        '        - { name: starting_after, in: query, schema: { type: string, maxLength: 5000 } }',
        '        - { name: expand, in: query, style: deepObject, explode: true, schema: { type: array, items: { type: string, maxLength: 5000 } } }',
        ...ok(
          `{ type: object, required: [data, has_more, object, url], properties: { data: { type: array, items: ${ref(n)} }, has_more: { type: boolean }, object: { type: string, enum: [list] }, url: { type: string } } }`,
        ),
      );
    if (r % 4 !== 1) operations++;
    if (r % 4 === 1) {
      lines.push('    post:', `      operationId: Post${n}s`, ...form(bodyProps), ...ok(ref(n)));
      operations++;
    }
    if (r % 3 === 0) {
      lines.push(
        `  ${path}/{id}:`,
        '    get:',
        `      operationId: Get${n}sId`,
        '      parameters:',
        '        - { name: id, in: path, required: true, schema: { type: string, maxLength: 5000 } }',
        ...ok(ref(n)),
      );
      operations++;
      if (r % 8 === 0) {
        lines.push(
          '    post:',
          `      operationId: Post${n}sId`,
          '      parameters:',
          '        - { name: id, in: path, required: true, schema: { type: string, maxLength: 5000 } }',
          ...form(bodyProps),
          ...ok(ref(n)),
        );
        operations++;
      }
      if (r % 6 === 0) {
        lines.push(
          '    delete:',
          `      operationId: Delete${n}sId`,
          '      parameters:',
          '        - { name: id, in: path, required: true, schema: { type: string, maxLength: 5000 } }',
          ...ok(ref(`deleted_${n}`)),
        );
        operations++;
      }
    }
  }
  lines.push(
    'components:',
    '  securitySchemes:',
    '    basicAuth: { type: http, scheme: basic }',
    '  schemas:',
    '    error:',
    '      type: object',
    '      required: [error]',
    '      properties:',
    '        error: { type: object, properties: { code: { type: string }, message: { type: string }, type: { type: string, enum: [api_error, card_error, invalid_request_error] } }, required: [type] }',
    ...schemas,
  );
  void operations;
  return `${lines.join('\n')}\n`;
}

if (import.meta.filename === process.argv[1]) {
  process.stdout.write(stripeLikeDescription(Number(process.argv[2] ?? 330)));
}
