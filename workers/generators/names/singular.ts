// The singular of a resource name's last word, as Stainless-generated SDKs name a method's types
// after it (`domains.create` → `DomainCreateParams`, `email_addresses` → `EmailAddress...`,
// `ingresses` → `Ingress...`). English plural endings only; a word that does not look plural stays.

import { splitWords } from './case.ts';

/** Words ending in `s` that are not plurals of anything shorter. */
const NOT_PLURAL: ReadonlySet<string> = new Set([
  'news',
  'status',
  'alias',
  'analysis',
  'canvas',
  'series',
  'species',
  'access',
  'address',
  'process',
  'class',
  'gas',
  'bus',
  'stats',
  'metrics',
  'settings',
  'details',
  'credentials',
  'ingress',
  'egress',
]);

function singularWord(word: string): string {
  if (NOT_PLURAL.has(word) || word.length <= 3) return word;
  if (/ies$/.test(word)) return `${word.slice(0, -3)}y`;
  if (/(ss|x|z|ch|sh|us)es$/.test(word)) return word.slice(0, -2);
  if (/(ss|us|is)$/.test(word)) return word;
  if (/s$/.test(word)) return word.slice(0, -1);
  return word;
}

/** The raw name with its last word made singular (separated words, ready for a case function). */
export function singularName(raw: string): string {
  const words = splitWords(raw);
  const last = words.pop();
  return last === undefined ? raw : [...words, singularWord(last)].join(' ');
}
