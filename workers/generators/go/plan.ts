// Every name of the generated Go module is decided here, once: exported names share one
// package-wide scope (types, enum constants, services, the client's helpers); a service's
// methods and sub-services share its scope; files get a scope of their own.

import type { ApiModel, Operation, Resource } from '../model/types.ts';
import { splitWords } from '../names/case.ts';
import { goIdent } from '../names/go.ts';
import { NameScope } from '../names/scope.ts';
import type { WordCasings } from '../names/word-casings.ts';
import type { ResolvedGoSdkOptions } from './types.ts';

/** Exported names of the root package that generated types never take. */
export const RESERVED_EXPORTS = [
  'Client',
  'NewClient',
  'DefaultClientOptions',
  'Error',
  'String',
  'Int',
  'Float',
  'Bool',
  'Null',
  'Opt',
  'File',
  'WebhookService',
  'NewWebhookService',
  'WebhookVerificationError',
  'OAuthError',
];

export interface GoMethodPlan {
  name: string;
  rawName: string;
  op: Operation;
  deprecated?: string | boolean;
  /** `<Service prefix><Method>Params`, claimed on first use. */
  paramsHint: string;
  responseHint: string;
  /** `<Name>AutoPaging`, for a paginated operation. */
  autoPaging?: string;
}

export interface ServicePlan {
  resource: Resource;
  /** `InstanceVolume`: the singular resource path, the prefix of its type names. */
  prefix: string;
  typeName: string;
  constructorName: string;
  /** Field on the parent (the client or a service). */
  field: string;
  file: string;
  testFile: string;
  methods: GoMethodPlan[];
  children: ServicePlan[];
}

export interface GoPlan {
  options: ResolvedGoSdkOptions;
  scope: NameScope;
  casings: WordCasings | undefined;
  services: ServicePlan[];
  clientFields: NameScope;
}

/** Stainless Go spells these methods its own way (`client.Pets.New`, `client.Pets.Get`). */
const METHOD_WORDS: Record<string, string> = { create: 'New', retrieve: 'Get' };

/** A resource name's last word made singular (`instances` -> `instance`, `policies` -> `policy`). */
export function singularName(raw: string): string {
  const words = splitWords(raw);
  const last = words.pop();
  if (last === undefined) return raw;
  let singular = last;
  if (/[^aeiou]ies$/.test(last)) singular = `${last.slice(0, -3)}y`;
  else if (/(ss|x|ch|sh)es$/.test(last)) singular = last.slice(0, -2);
  else if (/[^su]s$/.test(last) && last.length > 3) singular = last.slice(0, -1);
  return [...words, singular].join(' ');
}

export function planModule(model: ApiModel, options: ResolvedGoSdkOptions): GoPlan {
  const scope = new NameScope(RESERVED_EXPORTS);
  const casings = model.client.wordCasings;
  const files = new NameScope(['client', 'models', 'aliases', 'webhooks', 'doc', 'README']);
  const clientFields = new NameScope(['Options']);
  const operations = new Map(model.operations.map((op) => [op.key, op]));
  const planService = (resource: Resource, parentPrefix: string, parentFields: NameScope): ServicePlan => {
    const prefix = parentPrefix + goIdent(singularName(resource.name), { casings });
    const key = resource.path.join('\u0000');
    const typeName = scope.claim(`service:${key}`, `${prefix}Service`);
    const constructorName = scope.claim(`service constructor:${key}`, `New${typeName}`);
    const field = parentFields.claim(`resource:${resource.name}`, goIdent(resource.name, { casings }));
    const stem = prefix.toLowerCase().slice(0, 60) || 'resource';
    const file = files.claim(`file:${key}`, stem);
    const members = new NameScope(['Options']);
    const children = resource.subresources.map((child) => planService(child, prefix, members));
    const methods: GoMethodPlan[] = [];
    for (const method of resource.methods) {
      const op = operations.get(method.operation);
      if (op === undefined) continue;
      const word = Object.hasOwn(METHOD_WORDS, method.name) ? METHOD_WORDS[method.name] : undefined;
      const base = word ?? goIdent(method.name, { casings });
      const streaming = op.streaming && !op.successResponse?.content.some((c) => c.kind === 'json');
      const name = members.claim(`method:${method.name}`, streaming ? `${base}Streaming` : base);
      const autoPaging =
        op.pagination !== undefined ? members.claim(`auto:${method.name}`, `${name}AutoPaging`) : undefined;
      methods.push({
        name,
        ...(autoPaging !== undefined ? { autoPaging } : {}),
        rawName: method.name,
        op,
        ...(method.deprecated !== undefined ? { deprecated: method.deprecated } : {}),
        paramsHint: `${prefix}${base}Params`,
        responseHint: `${prefix}${base}Response`,
      });
    }
    return {
      resource,
      prefix,
      typeName,
      constructorName,
      field,
      file: `${file}.go`,
      testFile: `${file}_test.go`,
      methods,
      children,
    };
  };
  const services = model.resources.map((resource) => planService(resource, '', clientFields));
  return { options, scope, casings, services, clientFields };
}
