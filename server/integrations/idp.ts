import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import { AppError } from '../../shared/errors.ts';
import type { Config } from '../../shared/config.ts';

export type IdpConfig = NonNullable<Config['idp']>;
export type IdpOrgRole = 'org:admin' | 'org:member';

/** What a verified session token says about its holder. */
export interface SessionClaims {
  userId: string;
  sessionId: string | undefined;
  email: string;
  name: string | undefined;
  orgId: string;
  orgRole: IdpOrgRole;
  orgSlug: string | undefined;
}

const keySets = new WeakMap<IdpConfig, ReturnType<typeof createRemoteJWKSet>>();

/**
 * The provider's signing keys (JWKS), fetched on first use and cached: refetched when older than
 * IDP_JWKS_CACHE_SECONDS, or when a token names a key id not in the set (rotation), at most once
 * per IDP_JWKS_COOLDOWN_SECONDS.
 */
function keySet(idp: IdpConfig): ReturnType<typeof createRemoteJWKSet> {
  let set = keySets.get(idp);
  if (!set) {
    set = createRemoteJWKSet(new URL(idp.jwksUrl), {
      cacheMaxAge: idp.jwksCacheSeconds * 1000,
      cooldownDuration: idp.jwksCooldownSeconds * 1000,
      timeoutDuration: idp.apiTimeoutMs,
    });
    keySets.set(idp, set);
  }
  return set;
}

/** A compact JWS: three base64url parts. API keys (`rsk_…`) never look like this. */
export function looksLikeJwt(token: string): boolean {
  return /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/.test(token);
}

function unauthorized(message: string, cause?: unknown): AppError {
  return new AppError('unauthorized', message, { cause });
}

/** Organization claims in either of Clerk's session-token versions (v1: org_id/org_role; v2: o.id/o.rol). */
function orgClaims(payload: JWTPayload): { orgId?: string; orgRole?: string; orgSlug?: string } {
  const o = payload.o as { id?: unknown; rol?: unknown; slg?: unknown } | undefined;
  if (o && typeof o === 'object') {
    return {
      orgId: typeof o.id === 'string' ? o.id : undefined,
      orgRole: typeof o.rol === 'string' ? (o.rol.startsWith('org:') ? o.rol : `org:${o.rol}`) : undefined,
      orgSlug: typeof o.slg === 'string' ? o.slg : undefined,
    };
  }
  return {
    orgId: typeof payload.org_id === 'string' ? payload.org_id : undefined,
    orgRole: typeof payload.org_role === 'string' ? payload.org_role : undefined,
    orgSlug: typeof payload.org_slug === 'string' ? payload.org_slug : undefined,
  };
}

/**
 * Verifies a session token: RS256 signature by a key of the provider's JWKS, `exp`/`nbf` (with
 * IDP_CLOCK_SKEW_SECONDS), the issuer, and `azp` among IDP_AUTHORIZED_PARTIES; then requires an
 * active organization (id and role org:admin/org:member) and an email claim. Any failure is 401.
 */
export async function verifySessionToken(idp: IdpConfig, token: string): Promise<SessionClaims> {
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(token, keySet(idp), {
      issuer: idp.issuer,
      algorithms: ['RS256'],
      clockTolerance: idp.clockSkewSeconds,
      requiredClaims: ['sub', 'exp', 'iat'],
    }));
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired)
      throw unauthorized('The session token has expired; sign in again.', error);
    if (error instanceof joseErrors.JWTClaimValidationFailed) {
      const claim = error.claim === 'iss' ? 'issuer' : error.claim === 'nbf' ? 'not-before time' : error.claim;
      throw unauthorized(`The session token was rejected: its ${claim} is not acceptable.`, error);
    }
    if (error instanceof joseErrors.JWKSNoMatchingKey)
      throw unauthorized('The session token is signed with a key the identity provider does not publish.', error);
    if (
      error instanceof joseErrors.JWKSTimeout ||
      (error instanceof Error && !(error instanceof joseErrors.JOSEError))
    ) {
      throw unauthorized(
        "The identity provider's signing keys could not be fetched, so the session token cannot be verified; try again.",
        error,
      );
    }
    throw unauthorized('The session token is not a valid token of the identity provider.', error);
  }
  if (typeof payload.azp !== 'string' || !idp.authorizedParties.includes(payload.azp)) {
    throw unauthorized('The session token was issued for another application (azp).');
  }
  const { orgId, orgRole, orgSlug } = orgClaims(payload);
  if (!orgId)
    throw unauthorized(
      'The session token has no active organization; select a workspace in the app and sign in again.',
    );
  if (orgRole !== 'org:admin' && orgRole !== 'org:member')
    throw unauthorized("The session token's organization role is not org:admin or org:member.");
  const email = typeof payload.email === 'string' ? payload.email.trim().toLowerCase() : '';
  if (!/^[^\s@]+@[^\s@]+$/.test(email) || email.length > 254) {
    throw unauthorized(
      "The session token carries no email claim; add `email` to the provider's session token template.",
    );
  }
  return {
    userId: payload.sub!,
    sessionId: typeof payload.sid === 'string' ? payload.sid : undefined,
    email,
    name: typeof payload.name === 'string' ? payload.name.slice(0, 200) : undefined,
    orgId,
    orgRole,
    orgSlug,
  };
}

export type InvitationResult =
  | { ok: true; invitationId: string; role: IdpOrgRole }
  | { ok: false; reason: 'idp_rejected' | 'idp_unreachable' | 'idp_invalid_response'; message: string };

/** Only identifier-like provider error codes reach our answer; never its free text. */
function safeCode(value: unknown): string | undefined {
  return typeof value === 'string' && /^[a-z0-9_]{1,60}$/.test(value) ? value : undefined;
}

/**
 * Sends an organization invitation through the provider's Backend API (Clerk-shaped:
 * `POST {apiBase}/organizations/{orgId}/invitations`, Bearer secret key), bounded by
 * IDP_API_TIMEOUT_MS. Failures come back as a sanitized result, never thrown.
 */
export async function inviteToOrganization(
  idp: IdpConfig,
  input: { orgId: string; email: string; role: IdpOrgRole; inviterUserId?: string | null; redirectUrl?: string },
): Promise<InvitationResult> {
  let response: Response;
  try {
    response = await fetch(`${idp.apiBase}/organizations/${encodeURIComponent(input.orgId)}/invitations`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${idp.secretKey}`,
        'content-type': 'application/json',
        accept: 'application/json',
      },
      body: JSON.stringify({
        email_address: input.email,
        role: input.role,
        ...(input.inviterUserId ? { inviter_user_id: input.inviterUserId } : {}),
        ...(input.redirectUrl ? { redirect_url: input.redirectUrl } : {}),
      }),
      signal: AbortSignal.timeout(idp.apiTimeoutMs),
    });
  } catch {
    return {
      ok: false,
      reason: 'idp_unreachable',
      message: 'The identity provider could not be reached (connection failed or timed out).',
    };
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  if (!response.ok) {
    const first = (body as { errors?: Array<{ code?: unknown }> } | undefined)?.errors?.[0];
    const code = safeCode(first?.code);
    return {
      ok: false,
      reason: 'idp_rejected',
      message: `The identity provider refused the invitation (HTTP ${response.status}${code ? `, ${code}` : ''}).`,
    };
  }
  const invitation = body as { id?: unknown; role?: unknown } | undefined;
  if (typeof invitation?.id !== 'string' || !/^[A-Za-z0-9_-]{1,100}$/.test(invitation.id)) {
    return {
      ok: false,
      reason: 'idp_invalid_response',
      message: 'The identity provider answered without an invitation id.',
    };
  }
  return {
    ok: true,
    invitationId: invitation.id,
    role: invitation.role === 'org:admin' || invitation.role === 'org:member' ? invitation.role : input.role,
  };
}
