// Unpaired UTF-16 surrogates (a JSON "\ud800" escape is valid JSON) have no UTF-8 form, and
// encodeURIComponent throws URIError on them. The parser replaces them in every description
// (model/parse/unpaired-surrogates.ts); these helpers are that replacement, and a guard for text
// that reaches percent-encoding from elsewhere (a config).

const UNPAIRED = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const UNPAIRED_ALL = new RegExp(UNPAIRED.source, 'g');

/** Any surrogate at all: a plain character class, which scans megabytes far faster than UNPAIRED's lookarounds. */
const SURROGATE = /[\uD800-\uDFFF]/;

export function hasUnpairedSurrogate(text: string): boolean {
  return SURROGATE.test(text) && UNPAIRED.test(text);
}

/** Each unpaired surrogate replaced with U+FFFD, as `String.prototype.toWellFormed` does. */
export function wellFormed(text: string): string {
  return hasUnpairedSurrogate(text) ? text.replace(UNPAIRED_ALL, '\uFFFD') : text;
}

/** `encodeURIComponent` that never throws: unpaired surrogates are encoded as U+FFFD. */
export function encodeUriComponentSafe(text: string): string {
  return encodeURIComponent(wellFormed(text));
}
