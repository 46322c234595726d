// Words spelt other than by plain case conversion, as Stainless-generated SDKs spell them: known
// initialisms are upper case in PascalCase names and in every camelCase word but the first
// (`get_kyc_link` -> `getKYCLink`, `remove_ai_tags` -> `removeAITags`, `dns_records` ->
// `DNSRecords`, path parameter `chatId` -> `chatID`), plurals keep a lower-case `s` (`IDs`).
// Partner runs use them so a migrating customer's calls keep compiling; `custom_casings` of the
// stainless.yml add or override words.
//
// Stainless does not publish its list. This one is read off shipped Stainless TypeScript and
// Python SDKs, counting only names Stainless derives itself (method names from config keys,
// path-parameter names, `<Resource><Method>Response` / `Params` types); docs/pipeline.md "Method names in
// partner modes" gives the evidence per word. Words seen in plain case in such names (`json` in
// `JsonCreateResponse`, `sql` in `validateSql`, `edns` in `TopEdnsResponse`) are not in it.

import { splitWords } from './case.ts';

/** A word's spellings: `pascal` inside a name (and first in PascalCase), `camel` first in camelCase. */
export interface WordCasing {
  pascal: string;
  camel: string;
  /** When another word follows it (else `pascal`): a plural initialism keeps only its capital (`getIdsForUser`). */
  inner?: string;
}

/** Lower-case word -> spellings. A plain record, so a model carrying it stays JSON. */
export type WordCasings = Readonly<Record<string, WordCasing>>;

const capitalize = (word: string): string => word.charAt(0).toUpperCase() + word.slice(1);

/** The initialisms of Stainless-generated SDKs (see the file comment for where each comes from). */
export const STAINLESS_INITIALISMS: readonly string[] = [
  'ach',
  'acl',
  'ai',
  'api',
  'asn',
  'bgp',
  'ca',
  'dkim',
  'dmarc',
  'dns',
  'dnssec',
  'doh',
  'html',
  'http',
  'https',
  'id',
  'ip',
  'kyc',
  'mtls',
  'os',
  'saml',
  'spf',
  'sso',
  'ssl',
  'tcp',
  'tls',
  'ttl',
  'uri',
  'url',
  'uuid',
  'waf',
];

/**
 * The built-in initialisms (and their plurals: `ids` -> `IDs`), then `custom` (lower-case word ->
 * spellings) over them. `innerPlurals` (the TypeScript and Python names of partner runs): a plural
 * initialism followed by another word is spelt as a plain word, as a shipped Stainless SDK keeps
 * `...IdsFor...` (issue #29: 2 held-out methods) while it ends a name as `getByIDs`
 * (cloudflare-typescript). The Go names keep `IDs` everywhere (Go's own convention).
 */
export function stainlessWordCasings(custom: WordCasings = {}, innerPlurals = false): WordCasings {
  // Keys are ASCII words (`custom_casings` keys are checked by the config reader); reads go through `Object.hasOwn`.
  const out: Record<string, WordCasing> = {};
  for (const word of STAINLESS_INITIALISMS) {
    out[word] = { pascal: word.toUpperCase(), camel: word };
    out[`${word}s`] = {
      pascal: `${word.toUpperCase()}s`,
      camel: `${word}s`,
      ...(innerPlurals ? { inner: capitalize(`${word}s`) } : {}),
    };
  }
  for (const [word, casing] of Object.entries(custom)) out[word.toLowerCase()] = casing;
  return out;
}

/** `raw` in camelCase or PascalCase with the words of `casings` spelt their way. */
export function casedName(raw: string, nameCase: 'camel' | 'pascal', casings: WordCasings): string {
  const spelt = (word: string, first: boolean, last: boolean): string => {
    const casing = Object.hasOwn(casings, word) ? casings[word] : undefined;
    if (first && nameCase === 'camel') return casing?.camel ?? word;
    if (!last && casing?.inner !== undefined) return casing.inner;
    return casing?.pascal ?? capitalize(word);
  };
  const words = splitWords(raw);
  return words.map((word, i) => spelt(word, i === 0, i === words.length - 1)).join('');
}
