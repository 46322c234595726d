import { createHash } from 'node:crypto';
import type { Transaction } from 'sequelize';
import { UniqueConstraintError } from 'sequelize';
import { IdempotencyKey } from '../../../db/models/index.ts';
import { AppError } from '../../../shared/errors.ts';

const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/** Validates an `Idempotency-Key` header value (printable ASCII, at most 255 characters). */
export function parseIdempotencyKey(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || value === '') return undefined;
  if (!KEY_PATTERN.test(value))
    throw new AppError(
      'invalid_request',
      'Idempotency-Key must be 1 to 255 printable ASCII characters without spaces.',
    );
  return value;
}

export function requestHash(input: unknown): string {
  return createHash('sha256').update(JSON.stringify(input)).digest('hex');
}

/** The stored first response for this key, or undefined; 400 when the key was used for another request. */
export async function findReplay<T>(orgId: string, key: string, hash: string): Promise<T | undefined> {
  const row = await IdempotencyKey.findOne({ where: { orgId, key } });
  if (!row) return undefined;
  if (row.requestHash !== hash) throw new AppError('idempotency_key_reused');
  return row.response as T;
}

/** Records the response in the same transaction as the work it describes. */
export async function rememberResponse(
  orgId: string,
  key: string,
  hash: string,
  response: unknown,
  transaction: Transaction,
): Promise<void> {
  await IdempotencyKey.create({ orgId, key, requestHash: hash, response }, { transaction });
}

export function isDuplicateKey(error: unknown): boolean {
  return error instanceof UniqueConstraintError;
}
