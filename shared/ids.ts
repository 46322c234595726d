import { randomBytes } from 'node:crypto';

export const ID_PREFIXES = [
  'org',
  'usr',
  'mem',
  'key',
  'proj',
  'run',
  'inp',
  'pub',
  'share',
  'dom',
  'art',
  'wrk',
  'req',
  'ses',
  'sil',
] as const;
export type IdPrefix = (typeof ID_PREFIXES)[number];

const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz'; // Crockford base32, lower case

let lastTime = 0;
let sequence = 0;

/**
 * A prefixed, sortable id: `run_` + 10 chars of millisecond time + 2 chars of in-millisecond
 * sequence + 14 random chars. Ids made later in one process sort later.
 */
export function newId(prefix: IdPrefix): string {
  const now = Date.now();
  if (now === lastTime) sequence += 1;
  else {
    lastTime = now;
    sequence = 0;
  }
  let time = '';
  let t = now;
  for (let i = 0; i < 10; i += 1) {
    time = ALPHABET[t % 32] + time;
    t = Math.floor(t / 32);
  }
  const seq = ALPHABET[Math.floor(sequence / 32) % 32]! + ALPHABET[sequence % 32]!;
  const random = randomBytes(14);
  let tail = '';
  for (const byte of random) tail += ALPHABET[byte % 32];
  return `${prefix}_${time}${seq}${tail}`;
}

export function nowIso(): string {
  return new Date().toISOString();
}
