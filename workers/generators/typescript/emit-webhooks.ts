// `src/webhooks.ts`: one type per webhook of the description (3.1 `webhooks`), the payload its
// request body declares, and their union, which `client.webhooks.unwrap` returns once the
// delivery's signature checks out.

import type { GeneratedFile } from '../core/files.ts';
import type { WebhooksPlan } from './plan.ts';
import type { TypeEmitter } from './schema-types.ts';
import { id, importDecl, kw, printModule, typeRef, union as unionType, withDoc } from '../printers/ts-source.ts';

export function emitWebhooks(webhooks: WebhooksPlan, types: TypeEmitter): GeneratedFile {
  types.takeUsed();
  const statements: string[] = [];
  for (const { op, kind, typeName } of webhooks.events) {
    const content = op.requestBody?.content.find((c) => c.kind === 'json') ?? op.requestBody?.content[0];
    const type = content !== undefined ? types.type(content.schema).text : kw('unknown').text;
    statements.push(
      withDoc(`export type ${id(typeName)} = ${type};`, [
        kind === 'webhook'
          ? `The payload of the \`${op.path}\` webhook.`
          : `The payload of the \`${op.methodName}\` callback, sent to \`${op.path}\`.`,
        op.summary,
        op.description,
        op.deprecated ? '@deprecated' : undefined,
      ]),
    );
  }
  const union = unionType(webhooks.events.map((e) => typeRef(e.typeName)));
  statements.push(
    withDoc(`export type ${id(webhooks.unionType)} = ${union.text};`, [
      'Any webhook payload of the API: what `unwrap` returns.',
    ]),
  );
  const used = [...types.takeUsed()];
  const imports =
    used.length > 0
      ? [
          importDecl(
            used.map((name) => ({ name, typeOnly: true })),
            './models.js',
            true,
          ),
        ]
      : [];
  return {
    path: 'src/webhooks.ts',
    content: printModule('Payload types of the webhooks the API sends.', [...imports, ...statements]),
  };
}
