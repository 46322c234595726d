import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';
import { serveLocal } from './local-server.ts';

/**
 * A local identity provider shaped like Clerk: it publishes its signing keys at
 * `/.well-known/jwks.json`, issues RS256 session tokens (keys made here, in the test), and
 * serves the Backend API's `POST /v1/organizations/{orgId}/invitations` (Bearer secret key)
 * with Clerk's error format `{errors: [{message, long_message, code}], clerk_trace_id}`.
 */
export interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  publicJwk: JWK;
}

export type InvitationMode = 'normal' | 'reject' | 'server_error' | 'no_id';

export interface FakeIdp {
  url: string;
  issuer: string;
  secretKey: string;
  /** Keys the JWKS currently publishes; change it to rotate. */
  published: SigningKey[];
  jwksFetches: number;
  invitationMode: InvitationMode;
  invitations: Array<{ orgId: string; authorization: string | undefined; body: Record<string, any> }>;
  newKey(kid?: string): Promise<SigningKey>;
  sign(claims: Record<string, unknown>, options?: SignOptions): Promise<string>;
  close(): Promise<void>;
}

export interface SignOptions {
  key?: SigningKey;
  /** Overrides the header's kid. */
  kid?: string;
  issuer?: string;
  /** Seconds from now; negative for the past. */
  expiresIn?: number;
  notBefore?: number;
  issuedAt?: number;
}

export async function startFakeIdp(secretKey: string): Promise<FakeIdp> {
  const newKey = async (kid = `ins_${randomBytes(6).toString('hex')}`): Promise<SigningKey> => {
    const { privateKey, publicKey } = await generateKeyPair('RS256');
    const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
    return { kid, privateKey, publicJwk };
  };
  const state: FakeIdp = {
    url: '',
    issuer: '',
    secretKey,
    published: [],
    jwksFetches: 0,
    invitationMode: 'normal',
    invitations: [],
    newKey,
    async sign(claims, options = {}) {
      const key = options.key ?? state.published[0]!;
      const now = Math.floor(Date.now() / 1000);
      return await new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid: options.kid ?? key.kid, typ: 'JWT' })
        .setIssuer(options.issuer ?? state.issuer)
        .setIssuedAt(now + (options.issuedAt ?? -5))
        .setNotBefore(now + (options.notBefore ?? -5))
        .setExpirationTime(now + (options.expiresIn ?? 60))
        .sign(key.privateKey);
    },
    close: async () => {},
  };
  state.published.push(await newKey());

  const send = (res: ServerResponse, status: number, body: unknown) => {
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    res.writeHead(status, { 'content-type': typeof body === 'string' ? 'text/html' : 'application/json' });
    res.end(text);
  };
  const handle = (req: IncomingMessage, res: ServerResponse, raw: string) => {
    const url = new URL(req.url ?? '/', state.url);
    if (req.method === 'GET' && url.pathname === '/.well-known/jwks.json') {
      state.jwksFetches += 1;
      return send(res, 200, { keys: state.published.map((k) => k.publicJwk) });
    }
    const match = /^\/v1\/organizations\/([^/]+)\/invitations$/.exec(url.pathname);
    if (req.method === 'POST' && match) {
      let body: Record<string, any> = {};
      try {
        body = JSON.parse(raw) as Record<string, any>;
      } catch {
        // recorded as empty
      }
      state.invitations.push({ orgId: decodeURIComponent(match[1]!), authorization: req.headers.authorization, body });
      if (req.headers.authorization !== `Bearer ${secretKey}`) {
        return send(res, 401, {
          errors: [
            {
              message: 'Invalid authentication',
              long_message: 'The secret key is invalid.',
              code: 'authentication_invalid',
            },
          ],
          clerk_trace_id: 'trace_1',
        });
      }
      switch (state.invitationMode) {
        case 'reject':
          return send(res, 422, {
            errors: [
              {
                message: 'duplicate',
                long_message: `${body.email_address} already has a pending invitation (key ${secretKey})`,
                code: 'duplicate_record',
                meta: {},
              },
            ],
            clerk_trace_id: `trace_${randomBytes(4).toString('hex')}`,
          });
        case 'server_error':
          return send(res, 500, `<html>upstream broke; secret=${secretKey}</html>`);
        case 'no_id':
          return send(res, 200, { object: 'organization_invitation', email_address: body.email_address });
        default: {
          const now = Date.now();
          return send(res, 200, {
            object: 'organization_invitation',
            id: `orginv_${randomBytes(10).toString('hex')}`,
            email_address: body.email_address,
            role: body.role,
            organization_id: decodeURIComponent(match[1]!),
            status: 'pending',
            public_metadata: {},
            private_metadata: {},
            created_at: now,
            updated_at: now,
          });
        }
      }
    }
    send(res, 404, { errors: [{ message: 'not found', code: 'resource_not_found' }] });
  };
  const local = await serveLocal((req, res, body) => handle(req, res, body.toString('utf8')));
  state.url = local.url;
  state.issuer = state.url;
  state.close = local.close;
  return state;
}
