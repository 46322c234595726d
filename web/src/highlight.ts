// Syntax highlighting with shiki, loaded only when a page shows code: the core, the JavaScript
// regex engine (no WebAssembly, so the CSP needs no 'wasm-unsafe-eval'), two themes, and each
// language grammar on first use. Tokens become React elements (never HTML strings), so text from a
// description or generated code can only ever be text.
import type { HighlighterCore, ThemedToken } from 'shiki/core';

export type Token = { content: string; style: Record<string, string> | undefined };

const LANGS = {
  typescript: () => import('@shikijs/langs/typescript'),
  javascript: () => import('@shikijs/langs/javascript'),
  python: () => import('@shikijs/langs/python'),
  json: () => import('@shikijs/langs/json'),
  yaml: () => import('@shikijs/langs/yaml'),
  markdown: () => import('@shikijs/langs/markdown'),
  toml: () => import('@shikijs/langs/toml'),
  shellscript: () => import('@shikijs/langs/shellscript'),
  html: () => import('@shikijs/langs/html'),
  css: () => import('@shikijs/langs/css'),
} as const;
export type Lang = keyof typeof LANGS;

let highlighter: Promise<HighlighterCore> | undefined;
const loaded = new Map<Lang, Promise<void>>();

function core(): Promise<HighlighterCore> {
  highlighter ??= (async () => {
    const [{ createHighlighterCore }, { createJavaScriptRegexEngine }] = await Promise.all([import('shiki/core'), import('shiki/engine/javascript')]);
    return await createHighlighterCore({
      themes: [import('@shikijs/themes/github-light'), import('@shikijs/themes/github-dark')],
      langs: [],
      engine: createJavaScriptRegexEngine({ forgiving: true }),
    });
  })();
  return highlighter;
}

/** The language of a file, from its name; undefined: show as plain text. */
export function langOf(path: string): Lang | undefined {
  const ext = path.toLowerCase().split('.').pop() ?? '';
  const byExt: Record<string, Lang> = {
    ts: 'typescript', mts: 'typescript', cts: 'typescript', tsx: 'typescript',
    js: 'javascript', mjs: 'javascript', cjs: 'javascript',
    py: 'python', pyi: 'python', json: 'json', yaml: 'yaml', yml: 'yaml',
    md: 'markdown', toml: 'toml', sh: 'shellscript', html: 'html', css: 'css',
  };
  return byExt[ext];
}

/** Above this, a file is shown plain: highlighting megabytes would freeze the tab. */
const MAX_HIGHLIGHT_CHARS = 300_000;

export async function highlight(code: string, lang: Lang | undefined): Promise<Token[][] | undefined> {
  if (!lang || code.length > MAX_HIGHLIGHT_CHARS) return undefined;
  const h = await core();
  if (!loaded.has(lang)) loaded.set(lang, LANGS[lang]().then((mod) => h.loadLanguage(mod.default)));
  await loaded.get(lang);
  const result = h.codeToTokens(code, { lang, themes: { light: 'github-light', dark: 'github-dark' }, defaultColor: 'light' });
  return result.tokens.map((line: ThemedToken[]) => line.map((t) => ({ content: t.content, style: t.htmlStyle as Record<string, string> | undefined })));
}
