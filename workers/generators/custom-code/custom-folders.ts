// Which files of an SDK are the customer's own (custom folders), per target language. The folders
// follow Stainless's convention, which the SDKs customers migrate from already use; a config key
// (`custom_code.paths`) adds more. A file under one is carried into every new SDK byte for byte.

export type SdkLanguage = 'typescript' | 'python' | 'go';

/**
 * The custom folders of each language, as path patterns: `*` is one path segment, a trailing `/`
 * means everything under it. One table, so a new language (Go's `lib/**`) is one line.
 */
export const CUSTOM_FOLDERS: Record<SdkLanguage, readonly string[]> = {
  typescript: ['src/lib/'],
  python: ['src/*/lib/'],
  go: ['lib/'],
};

/**
 * Whether `path` is custom code: under the language's custom folders or under one of `extra`
 * (config paths: a folder ending in `/`, `dir/**`, or one file; `*` is one segment).
 */
export function isCustomPath(language: SdkLanguage, path: string, extra: readonly string[] = []): boolean {
  return [...CUSTOM_FOLDERS[language], ...extra.map(normaliseConfigPath)].some((pattern) => matches(pattern, path));
}

function normaliseConfigPath(pattern: string): string {
  const trimmed = pattern
    .trim()
    .replace(/^(\.\/)+/, '')
    .replace(/^\/+/, '');
  return trimmed.endsWith('/**') ? trimmed.slice(0, -2) : trimmed;
}

function matches(pattern: string, path: string): boolean {
  const folder = pattern.endsWith('/');
  const want = (folder ? pattern.slice(0, -1) : pattern).split('/');
  const have = path.split('/');
  if (folder ? have.length <= want.length : have.length !== want.length) return false;
  return want.every((segment, i) => segment === '*' || segment === have[i]);
}
