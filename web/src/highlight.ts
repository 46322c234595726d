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
  go: () => import('@shikijs/langs/go'),
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
    const [{ createHighlighterCore }, { createJavaScriptRegexEngine }] = await Promise.all([
      import('shiki/core'),
      import('shiki/engine/javascript'),
    ]);
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
    ts: 'typescript',
    mts: 'typescript',
    cts: 'typescript',
    tsx: 'typescript',
    js: 'javascript',
    mjs: 'javascript',
    cjs: 'javascript',
    py: 'python',
    pyi: 'python',
    go: 'go',
    json: 'json',
    yaml: 'yaml',
    yml: 'yaml',
    md: 'markdown',
    toml: 'toml',
    sh: 'shellscript',
    html: 'html',
    css: 'css',
  };
  return byExt[ext];
}

/** Above this, a file is shown plain: highlighting megabytes would freeze the tab. */
const MAX_HIGHLIGHT_CHARS = 300_000;

export async function highlight(code: string, lang: Lang | undefined): Promise<Token[][] | undefined> {
  if (!lang || code.length > MAX_HIGHLIGHT_CHARS) return undefined;
  const h = await core();
  if (!loaded.has(lang))
    loaded.set(
      lang,
      LANGS[lang]().then((mod) => h.loadLanguage(mod.default)),
    );
  await loaded.get(lang);
  const result = h.codeToTokens(code, {
    lang,
    themes: { light: 'github-light', dark: 'github-dark' },
    defaultColor: 'light',
  });
  return result.tokens.map((line: ThemedToken[]) =>
    line.map((t) => ({ content: t.content, style: readableStyle(t.htmlStyle as Record<string, string> | undefined) })),
  );
}

// The backgrounds code is shown on (styles.css: --code-bg and --mark, the marked line), per theme.
// Some GitHub-theme token colours fall just short of WCAG AA (4.5:1) on them, e.g. #d73a49 on
// #fbfbfc is 4.42:1; such a colour is moved toward black (light) or white (dark) until it passes.
const BACKGROUNDS = { light: ['#fbfbfc', '#fff6c7'], dark: ['#10141b', '#3b3515'] } as const;
const AA = 4.5;
const cache = new Map<string, string>();

function channels(hex: string): [number, number, number] | undefined {
  const m = /^#([0-9a-f]{6})([0-9a-f]{2})?$/i.exec(hex.trim());
  if (!m) return undefined;
  const n = Number.parseInt(m[1]!, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function luminance([r, g, b]: [number, number, number]): number {
  const lin = (c: number) => {
    const v = c / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

function contrast(a: [number, number, number], b: [number, number, number]): number {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p) as [number, number];
  return (x + 0.05) / (y + 0.05);
}

/** `color`, or the nearest colour toward black/white that reads at AA on every background of `theme`. */
export function readable(color: string, theme: 'light' | 'dark'): string {
  const key = `${theme}${color}`;
  const known = cache.get(key);
  if (known) return known;
  let rgb = channels(color);
  if (!rgb) return color;
  const backgrounds = BACKGROUNDS[theme].map((b) => channels(b)!);
  const target = theme === 'light' ? 0 : 255;
  for (let step = 0; step < 20 && backgrounds.some((b) => contrast(rgb!, b) < AA); step += 1) {
    rgb = rgb.map((c) => Math.round(c + (target - c) * 0.1)) as [number, number, number];
  }
  const out = `#${rgb.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
  const result = out.toLowerCase() === color.toLowerCase().slice(0, 7) ? color : out;
  cache.set(key, result);
  return result;
}

function readableStyle(style: Record<string, string> | undefined): Record<string, string> | undefined {
  if (!style) return style;
  const out = { ...style };
  if (out.color) out.color = readable(out.color, 'light');
  if (out['--shiki-dark']) out['--shiki-dark'] = readable(out['--shiki-dark'], 'dark');
  return out;
}
