/**
 * Synthetic OpenAPI 3.0 descriptions of a chosen size for the scaling benchmark: `operations`
 * operations over resources of five operations each (list with cursor paging, create, get,
 * update, delete), each resource with its own object schema, an enum, a nested object and a
 * shared error schema. Deterministic, valid, and shaped like a real CRUD API.
 */
export function syntheticDescription(operations: number, revision = 0): string {
  const resources = Math.ceil(operations / 5);
  const lines = [
    'openapi: 3.0.3',
    'info:',
    `  title: Synthetic ${operations}`,
    `  version: 1.0.${revision}`,
    'servers:',
    '  - url: https://api.example.com/v1',
    'security:',
    '  - bearer: []',
    'paths:',
  ];
  let emitted = 0;
  const op = (line: string[]) => {
    if (emitted < operations) lines.push(...line);
    emitted++;
  };
  for (let r = 0; r < resources; r++) {
    const name = `Widget${r}`;
    const path = `/widgets${r}`;
    const ref = `'#/components/schemas/${name}'`;
    const json = (schema: string, indent: string) => [
      `${indent}content:`,
      `${indent}  application/json:`,
      `${indent}    schema: ${schema}`,
    ];
    const errors = ["        '404':", "          $ref: '#/components/responses/NotFound'"];
    if (emitted < operations) lines.push(`  ${path}:`);
    op([
      '    get:',
      `      operationId: list${name}s`,
      `      tags: [widgets${r}]`,
      `      summary: List widgets of kind ${r}`,
      '      parameters:',
      '        - { name: cursor, in: query, schema: { type: string } }',
      '        - { name: limit, in: query, schema: { type: integer, minimum: 1, maximum: 100 } }',
      '      responses:',
      "        '200':",
      '          description: A page',
      ...json(
        `{ type: object, required: [data], properties: { data: { type: array, items: { $ref: ${ref} } }, nextCursor: { type: string, nullable: true } } }`,
        '          ',
      ),
    ]);
    op([
      '    post:',
      `      operationId: create${name}`,
      `      tags: [widgets${r}]`,
      '      requestBody:',
      '        required: true',
      ...json(`{ $ref: '#/components/schemas/${name}Input' }`, '        '),
      '      responses:',
      "        '201':",
      '          description: Created',
      ...json(`{ $ref: ${ref} }`, '          '),
    ]);
    if (emitted < operations)
      lines.push(
        `  ${path}/{id}:`,
        '    parameters:',
        '      - { name: id, in: path, required: true, schema: { type: string } }',
      );
    op([
      '    get:',
      `      operationId: get${name}`,
      `      tags: [widgets${r}]`,
      '      responses:',
      "        '200':",
      '          description: The widget',
      ...json(`{ $ref: ${ref} }`, '          '),
      ...errors,
    ]);
    op([
      '    patch:',
      `      operationId: update${name}`,
      `      tags: [widgets${r}]`,
      '      requestBody:',
      ...json(`{ $ref: '#/components/schemas/${name}Input' }`, '        '),
      '      responses:',
      "        '200':",
      '          description: Updated',
      ...json(`{ $ref: ${ref} }`, '          '),
      ...errors,
    ]);
    op([
      '    delete:',
      `      operationId: delete${name}`,
      `      tags: [widgets${r}]`,
      '      responses:',
      "        '204':",
      '          description: Deleted',
      ...errors,
    ]);
  }
  lines.push(
    'components:',
    '  securitySchemes:',
    '    bearer: { type: http, scheme: bearer }',
    '  responses:',
    '    NotFound:',
    '      description: Not found',
    '      content:',
    '        application/json:',
    "          schema: { $ref: '#/components/schemas/Error' }",
    '  schemas:',
    '    Error:',
    '      type: object',
    '      required: [error, message]',
    '      properties: { error: { type: string }, message: { type: string } }',
  );
  for (let r = 0; r < resources; r++) {
    const name = `Widget${r}`;
    lines.push(
      `    ${name}:`,
      '      type: object',
      '      required: [id, name, status]',
      '      properties:',
      '        id: { type: string, readOnly: true }',
      `        name: { type: string, description: 'The name of widget kind ${r}.' }`,
      '        status: { type: string, enum: [active, paused, retired] }',
      '        size: { type: integer, minimum: 0 }',
      '        labels: { type: object, additionalProperties: { type: string } }',
      '        dimensions: { type: object, properties: { width: { type: number }, height: { type: number } } }',
      `    ${name}Input:`,
      '      type: object',
      '      required: [name]',
      '      properties:',
      '        name: { type: string }',
      '        status: { type: string, enum: [active, paused, retired] }',
      '        size: { type: integer, minimum: 0 }',
    );
  }
  return `${lines.join('\n')}\n`;
}
