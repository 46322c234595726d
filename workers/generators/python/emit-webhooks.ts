// `resources/webhooks.py` (when the description has 3.1 `webhooks`): `client.webhooks.unwrap(body,
// headers, secret=None)` verifies a delivery's signature (the bundled `_webhooks.py`, Standard
// Webhooks unless the config names another scheme) and returns the payload as the typed event (the
// models the SDK already makes; inline payloads get a model in `types/webhooks.py`).

import type { GeneratedFile } from '../core/files.ts';
import { requestContent } from '../core/method.ts';
import { objectShape, resolveSchema } from '../core/schema.ts';
import type { ApiModel, JsonValue, Operation, SchemaNode, WebhookScheme } from '../model/types.ts';
import type { SdkPlan, WebhooksPlan } from './plan.ts';
import { MODELS_MODULE, type TypeEmitter, TypeModule } from './schema-types.ts';
import { importNames, typesModuleText } from './emit-resources.ts';
import { fromImport, join, id, py, type Py, pyNamesUsed, PyWriter, relModule, str } from '../printers/python-writer.ts';
import { compareCodeUnits } from '../core/files.ts';

/** The signature scheme a config may name (`webhooks: { scheme }`); Standard Webhooks by default. */
export function webhookScheme(model: ApiModel): WebhookScheme {
  return model.client.webhookScheme ?? 'standard';
}

/** Values of the payload's `type` / `event` / `event_type` property when the schema pins them (enum or const). */
function eventNames(model: ApiModel, schema: SchemaNode): string[] {
  const shape = objectShape(model, schema);
  if (shape === undefined) return [];
  const out: string[] = [];
  for (const key of ['type', 'event', 'event_type']) {
    const prop = shape.properties.find((p) => p.name === key);
    if (prop === undefined) continue;
    const resolved = resolveSchema(model, prop.schema);
    const values: JsonValue[] =
      resolved?.kind === 'enum'
        ? resolved.members.map((m) => m.value)
        : resolved?.kind === 'literal'
          ? [resolved.value]
          : [];
    for (const v of values) if (typeof v === 'string') out.push(v);
    if (values.length > 0) break;
  }
  return out;
}

interface Event {
  op: Operation;
  type: Py;
  conv?: Py;
  required: string[];
  names: string[];
}

export function emitWebhooks(
  model: ApiModel,
  plan: SdkPlan,
  types: TypeEmitter,
): { files: GeneratedFile[]; typesModule: TypeModule } | undefined {
  const hooks: WebhooksPlan | undefined = plan.webhooks;
  if (hooks === undefined) return undefined;
  const module = new TypeModule(hooks.typesModule);
  const events: Event[] = hooks.webhooks.map((op) => {
    const picked = requestContent(op, model);
    const schema = picked?.kind === 'json' ? picked.content.schema : undefined;
    const name = eventName(model, op);
    if (schema === undefined) return { op, type: py`object`, required: [], names: [name] };
    const hint = model.callbacks.includes(op) ? `${name} callback event` : `${name} webhook event`;
    const typed = types.typed(schema, { module, hint, side: 'response' });
    const shape = objectShape(model, schema);
    return {
      op,
      type: typed.type,
      ...(typed.conv !== undefined ? { conv: typed.conv } : {}),
      required: shape ? [...shape.required].sort(compareCodeUnits) : [],
      names: [name, ...eventNames(model, schema)],
    };
  });
  const unique: Py[] = [];
  for (const e of events) if (!unique.some((u) => u.text === e.type.text)) unique.push(e.type);
  const eventType = unique.length === 1 ? (unique[0] as Py) : py`Union[${join(unique)}]`;
  const scheme = webhookScheme(model);
  const w = new PyWriter();
  w.line(py`_EVENTS: List[Tuple[str, Converter, Tuple[str, ...]]] = [`);
  w.indented(() => {
    for (const e of events)
      for (const name of [...new Set(e.names)])
        w.line(
          py`(${str(name)}, ${e.conv ?? py`None`}, (${join(e.required.map((r) => str(r)))}${e.required.length === 1 ? py`,` : py``})),`,
        );
  });
  w.line(py`]`);
  w.doc('Webhook names (and the event types their payloads pin) with the model each payload is read as.');
  w.blank(2);
  const args = py`body: Union[str, bytes], headers: Mapping[str, str], secret: Optional[str] = None, *, tolerance: float = DEFAULT_TOLERANCE`;
  const verifyCall = py`verify_webhook(body, headers, self._client.webhook_secret if secret is None else secret, scheme=${str(scheme)}, tolerance=tolerance)`;
  w.block(py`class ${id(hooks.className)}(SyncAPIResource):`, () => {
    w.doc(
      [
        `Deliveries of the API's webhooks and callbacks (${hooks.webhooks.map((op) => eventName(model, op)).join(', ')}), signed the ${scheme === 'standard' ? 'Standard Webhooks' : scheme === 'github' ? 'GitHub' : 'Stripe'} way.`,
        '',
        `The secret is the \`secret\` argument, else the client's \`webhook_secret\` (default: the ${hooks.secretEnv} environment variable).`,
      ].join('\n'),
    );
    w.blank();
    w.block(py`def unwrap(self, ${args}) -> ${eventType}:`, () => {
      w.doc(
        "Verifies the signature (raising `WebhookVerificationError`) and returns the payload as its typed event: the webhook whose name (or pinned `type`) the payload names, else the first whose required fields it has.\n\nArgs:\n    body: The request body exactly as received (bytes, or text).\n    headers: The request headers.\n    secret: Overrides the client's webhook secret.\n    tolerance: Seconds a signed timestamp may differ from now.",
      );
      w.line(verifyCall);
      // A webhook without a payload schema makes the union `object` (mypy simplifies it so): the
      // value is `object` already, and a cast would be redundant.
      w.line(
        unique.some((u) => u.text === 'object')
          ? py`return pick_event(decode_payload(body), _EVENTS)`
          : py`return cast(${eventType}, pick_event(decode_payload(body), _EVENTS))`,
      );
    });
    w.blank();
    w.block(py`def verify(self, ${args}) -> None:`, () => {
      w.doc('Raises `WebhookVerificationError` unless the delivery is signed with the secret.');
      w.line(verifyCall);
    });
  });
  const body = w.toString();
  const used = pyNamesUsed(body);
  const head = new PyWriter();
  head.doc('Webhooks: verify signed deliveries and read them as typed events.');
  head.blank();
  head.line(py`from __future__ import annotations`);
  head.blank();
  fromImport(
    head,
    py`typing`,
    ['Any', 'Dict', 'List', 'Literal', 'Mapping', 'Optional', 'Tuple', 'Union', 'cast'],
    used,
  );
  head.blank();
  fromImport(head, relModule(2, '_models'), ['Converter', 'DictOf', 'ListOf', 'UnionOf'], used);
  fromImport(head, relModule(2, '_resource'), ['SyncAPIResource'], used);
  fromImport(
    head,
    relModule(2, '_webhooks'),
    ['DEFAULT_TOLERANCE', 'decode_payload', 'pick_event', 'verify_webhook'],
    used,
  );
  importNames(head, relModule(2, 'types', MODELS_MODULE), module.imports.get(MODELS_MODULE), used);
  for (const [other, names] of [...module.imports].sort(([a], [b]) => compareCodeUnits(a, b)))
    if (other !== MODELS_MODULE) importNames(head, relModule(2, 'types', other), names, used);
  if (module.exports.length > 0) importNames(head, relModule(2, 'types', module.name), new Set(module.exports), used);
  head.blank(2);
  head.line(py`__all__ = [${str(hooks.className)}]`);
  head.blank(2);
  const files: GeneratedFile[] = [{ path: `resources/${hooks.module}.py`, content: head.toString() + '\n' + body }];
  if (module.declared > 0)
    files.push({
      path: `types/${hooks.typesModule}.py`,
      content: typesModuleText(module, 'Payload types of the webhooks.'),
    });
  return { files, typesModule: module };
}

/** A webhook's name, or a callback's (its key in the operation's `callbacks`; `op.path` is its runtime expression). */
export function eventName(model: ApiModel, op: Operation): string {
  return (model.callbacks.includes(op) ? op.methodName : op.path).replace(/\s+/gu, ' ');
}
