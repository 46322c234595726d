import { randomBytes } from 'node:crypto';
import type { Request, Response } from 'express';
import { AppError } from '../../../shared/errors.ts';
import type { Deps } from '../deps.ts';

/**
 * The web app's session cookie. Over https it is `__Host-rs_session` (Secure, Path=/, no Domain:
 * a sibling subdomain cannot set or shadow it); over plain http (local development) `rs_session`.
 * Always HttpOnly and SameSite=Strict. The value is 32 random bytes; only its SHA-256 is stored.
 */
const SECURE_NAME = '__Host-rs_session';
const PLAIN_NAME = 'rs_session';

export const sessionCookie = {
  /** True when this request reached us over https (directly, or through a trusted proxy), or the public URL is https. */
  secure(deps: Deps, req: Request): boolean {
    return req.secure || (deps.config.publicBaseUrl?.startsWith('https:') ?? false);
  },

  newValue(): string {
    return randomBytes(32).toString('base64url');
  },

  /** The session cookie's value, if the request carries one (either name). */
  read(req: Request): string | undefined {
    const header = req.headers.cookie;
    if (!header) return undefined;
    for (const part of header.split(';')) {
      const eq = part.indexOf('=');
      if (eq < 0) continue;
      const name = part.slice(0, eq).trim();
      if (name !== SECURE_NAME && name !== PLAIN_NAME) continue;
      const value = part.slice(eq + 1).trim();
      if (/^[A-Za-z0-9_-]{43}$/.test(value)) return value;
    }
    return undefined;
  },

  set(deps: Deps, req: Request, res: Response, value: string, maxAgeMs: number): void {
    const secure = this.secure(deps, req);
    const attributes = [
      `${secure ? SECURE_NAME : PLAIN_NAME}=${value}`,
      'Path=/',
      'HttpOnly',
      'SameSite=Strict',
      `Max-Age=${Math.floor(maxAgeMs / 1000)}`,
    ];
    if (secure) attributes.push('Secure');
    res.append('Set-Cookie', attributes.join('; '));
  },

  clear(deps: Deps, req: Request, res: Response): void {
    const secure = this.secure(deps, req);
    res.append(
      'Set-Cookie',
      `${secure ? SECURE_NAME : PLAIN_NAME}=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0${secure ? '; Secure' : ''}`,
    );
  },

  /**
   * CSRF guard for requests that a cookie authorizes or that set one: the browser's `Origin` must
   * be the service's own (PUBLIC_BASE_URL, else the Host it was reached at), and the body must be
   * JSON, a shape no HTML form can send and that a cross-origin fetch can only send after a CORS
   * preflight, which we never grant. A form post, or a fetch from another site, ends here.
   */
  assertSameOrigin(deps: Deps, req: Request): void {
    const own = deps.config.publicBaseUrl
      ? new URL(deps.config.publicBaseUrl).origin
      : `${req.protocol}://${req.get('host') ?? ''}`;
    const origin = req.headers.origin;
    if (origin !== own) {
      throw new AppError(
        'forbidden',
        `This request came from ${origin ? `another origin (${origin})` : 'an unknown origin'}; the web app's session only works from ${own}.`,
      );
    }
    const type = req.headers['content-type'] ?? '';
    if (!/^application\/json\b/i.test(type))
      throw new AppError('forbidden', 'A signed-in browser request must send its body as application/json.');
  },
};
