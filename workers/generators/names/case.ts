// Word splitting and case conversion shared by every target language. Input is any raw name from a
// spec or config (`user-id`, `HTTPServer`, `2fa_code`, `Ünïcode name`); output is ASCII words.

/**
 * Splits a raw name into lower-case ASCII words: on separators, camel humps (`fooBar`, `HTTPServer`),
 * and letter/digit boundaries are kept together (`v2`, `2fa`). Accents are stripped (NFKD);
 * characters with no ASCII form become `u` + hex code point so distinct names stay distinct.
 */
export function splitWords(raw: string): string[] {
  let words = wordCache.get(raw);
  if (words === undefined) {
    words = computeWords(raw);
    if (wordCache.size > 50_000) wordCache.clear();
    wordCache.set(raw, words);
  }
  return [...words];
}

const wordCache = new Map<string, string[]>();

function computeWords(raw: string): string[] {
  const ascii = toAsciiish(raw);
  const words: string[] = [];
  for (const chunk of ascii.split(/[^A-Za-z0-9]+/)) {
    if (chunk === '') continue;
    if (/^u[0-9a-f]{2,6}$/.test(chunk)) {
      words.push(chunk); // an encoded non-ASCII character (or a plain word that looks like one)
      continue;
    }
    // Camel humps: fooBar -> foo Bar; HTTPServer -> HTTP Server; keep digits attached to the left.
    const parts = chunk.match(/[A-Z]+(?![a-z])|[A-Z]?[a-z]+|[0-9]+[a-z]*|[A-Z]+/g) ?? [chunk];
    for (const part of parts) words.push(part.toLowerCase());
  }
  return mergeDigits(words);
}

function mergeDigits(words: string[]): string[] {
  // `v2` splits as ['v', '2']; join a bare number to the previous word (v2, ipv6, oauth2).
  const out: string[] = [];
  for (const word of words) {
    const previous = out[out.length - 1];
    if (/^[0-9]+$/.test(word) && previous !== undefined && !/^[0-9]/.test(previous))
      out[out.length - 1] = previous + word;
    else out.push(word);
  }
  return out;
}

function toAsciiish(raw: string): string {
  const stripped = raw.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  let out = '';
  for (const ch of stripped) {
    const code = ch.codePointAt(0) ?? 0;
    if (code < 0x80) out += ch;
    else if (/\p{L}|\p{N}/u.test(ch)) out += ` u${code.toString(16)} `;
    else out += ' ';
  }
  return out;
}

const capitalize = (word: string): string => word.charAt(0).toUpperCase() + word.slice(1);

export const camelCase = (raw: string): string => applyCase(raw, 'camel');
export const pascalCase = (raw: string): string => applyCase(raw, 'pascal');
export const snakeCase = (raw: string): string => applyCase(raw, 'snake');
export const kebabCase = (raw: string): string => applyCase(raw, 'kebab');
export const screamingSnakeCase = (raw: string): string => applyCase(raw, 'screaming');

export type NameCase = 'camel' | 'pascal' | 'snake' | 'kebab' | 'screaming';

/**
 * `raw` in `nameCase`. Memoised per case: generators convert the same names (properties, schemas,
 * parameters) many times over, once per rule, emitter and language.
 */
export function applyCase(raw: string, nameCase: NameCase): string {
  const cache = caseCaches[nameCase];
  let converted = cache.get(raw);
  if (converted === undefined) {
    converted = convertCase(raw, nameCase);
    if (cache.size > 50_000) cache.clear();
    cache.set(raw, converted);
  }
  return converted;
}

const caseCaches: Record<NameCase, Map<string, string>> = {
  camel: new Map(),
  pascal: new Map(),
  snake: new Map(),
  kebab: new Map(),
  screaming: new Map(),
};

function convertCase(raw: string, nameCase: NameCase): string {
  const words = splitWords(raw);
  switch (nameCase) {
    case 'camel':
      return words.map((w, i) => (i === 0 ? w : capitalize(w))).join('');
    case 'pascal':
      return words.map(capitalize).join('');
    case 'snake':
      return words.join('_');
    case 'kebab':
      return words.join('-');
    case 'screaming':
      return words.join('_').toUpperCase();
  }
}
