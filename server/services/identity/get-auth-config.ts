import type { Deps } from '../deps.ts';

/**
 * Where to sign in. Under `idp` these are the identity provider's hosted pages. Under local-dev
 * there is no hosted sign-in: the URL is the service's own page explaining the bootstrap key and
 * `npm run admin -- workspace create`.
 */
export function getAuthConfig(deps: Deps, requestBaseUrl: string) {
  const idp = deps.config.idp;
  if (idp) return { provider: 'idp' as const, signInUrl: idp.signInUrl, signUpUrl: idp.signUpUrl };
  const base = deps.config.publicBaseUrl ?? requestBaseUrl;
  const url = `${base.replace(/\/$/, '')}/auth/local-dev`;
  return { provider: deps.config.auth.provider, signInUrl: url, signUpUrl: url };
}
