// What a generated client is configured with, decided the same way for every SDK: the
// environment-variable prefix, the idempotency header, and the credentials grouped by the security
// scheme they satisfy.

import type { ApiModel, ClientAuthOption } from '../model/types.ts';
import { screamingSnakeCase } from '../names/case.ts';
import { compareCodeUnits } from './files.ts';

/** `SCREAMING_SNAKE` prefix of the client's environment variables: the option, the model's, the client class's, else `API`; never starting with a digit. */
export function envPrefixOf(model: ApiModel, option: string | undefined, clientClass: string): string {
  const prefix = screamingSnakeCase(option ?? model.client.envPrefix) || screamingSnakeCase(clientClass) || 'API';
  return /^[0-9]/.test(prefix) ? `_${prefix}` : prefix;
}

/** The idempotency header (`Idempotency-Key` unless the option names another, or `null` for none). */
export function idempotencyHeaderOf(option: string | null | undefined): string | null {
  return option === undefined ? 'Idempotency-Key' : option;
}

/** The client's credential options grouped by security scheme key (in code-unit order), each with its identifier in the SDK. */
export function authOptionsByScheme(
  model: ApiModel,
  authIdents: readonly string[],
): [string, { option: ClientAuthOption; ident: string }[]][] {
  const byScheme = new Map<string, { option: ClientAuthOption; ident: string }[]>();
  model.authOptions.forEach((option, i) => {
    const list = byScheme.get(option.scheme) ?? [];
    list.push({ option, ident: authIdents[i] as string });
    byScheme.set(option.scheme, list);
  });
  return [...byScheme].sort((a, b) => compareCodeUnits(a[0], b[0]));
}
