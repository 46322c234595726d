import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { crc32 } from 'node:zlib';

const PREFIX = 'rsk_';
const BODY_LENGTH = 43; // base64url of 32 random bytes
const CHECKSUM_LENGTH = 7; // crc32 in base36, zero-padded
const TOKEN_PATTERN = new RegExp(`^${PREFIX}[A-Za-z0-9_-]{${BODY_LENGTH}}[0-9a-z]{${CHECKSUM_LENGTH}}$`);

function checksum(body: string): string {
  return crc32(body).toString(36).padStart(CHECKSUM_LENGTH, '0');
}

export interface MintedToken {
  token: string;
  tokenPrefix: string;
  tokenHash: string;
}

/**
 * A workspace API key token: `rsk_` + 32 random bytes (base64url) + a CRC32 checksum, so that
 * secret scanners recognise it and typos are rejected without a database lookup.
 */
export function mintToken(): MintedToken {
  const body = randomBytes(32).toString('base64url');
  const token = `${PREFIX}${body}${checksum(body)}`;
  return { token, tokenPrefix: token.slice(0, PREFIX.length + 8), tokenHash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** True when the token has our shape and its checksum matches. */
export function isWellFormedToken(token: string): boolean {
  if (!TOKEN_PATTERN.test(token)) return false;
  const body = token.slice(PREFIX.length, PREFIX.length + BODY_LENGTH);
  return token.slice(PREFIX.length + BODY_LENGTH) === checksum(body);
}

/** Constant-time comparison of two hex digests. */
export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}
