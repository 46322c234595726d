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

/**
 * The environment variables the client's credential option `i` is read from (the CLI and the MCP
 * server read them; their tests set them): the option's own, and `<PREFIX>_API_KEY` for the first.
 */
export function credentialEnv(model: ApiModel, envPrefix: string, i: number): string[] {
  const option = model.authOptions[i];
  const own = option?.envVar !== undefined ? [option.envVar] : [];
  return [...new Set([...own, ...(i === 0 ? [`${envPrefix}_API_KEY`] : [])])];
}

/** The first environment variable of each credential option: what a package's own tests set. */
export function credentialTestEnv(model: ApiModel, envPrefix: string): string[] {
  return model.authOptions
    .map((_, i) => credentialEnv(model, envPrefix, i)[0])
    .filter((name): name is string => name !== undefined);
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

/** An OAuth2 security scheme whose `clientCredentials` flow the client can run itself. */
export interface ClientCredentialsFlow {
  /** The security scheme key. */
  scheme: string;
  tokenUrl: string;
  scopes: string[];
  /** Environment variables the client id and secret are read from by default. */
  clientIdEnv: string;
  clientSecretEnv: string;
}

/**
 * The first OAuth2 scheme (in key order) with a `clientCredentials` flow that names a `tokenUrl`,
 * when the client has a credential option for it (the access token given directly). Its client id
 * and secret are read from `<PREFIX>_CLIENT_ID` and `<PREFIX>_CLIENT_SECRET`.
 */
export function clientCredentialsFlowOf(model: ApiModel, envPrefix: string): ClientCredentialsFlow | undefined {
  for (const scheme of model.authSchemes) {
    if (scheme.type !== 'oauth2' || !model.authOptions.some((o) => o.scheme === scheme.key)) continue;
    const flow = scheme.flows.find(
      (f) => f.flow === 'clientCredentials' && f.tokenUrl !== undefined && f.tokenUrl !== '',
    );
    if (flow?.tokenUrl === undefined) continue;
    return {
      scheme: scheme.key,
      tokenUrl: flow.tokenUrl,
      scopes: flow.scopes.map((s) => s.name),
      clientIdEnv: `${envPrefix}_CLIENT_ID`,
      clientSecretEnv: `${envPrefix}_CLIENT_SECRET`,
    };
  }
  return undefined;
}
