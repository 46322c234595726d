// `assets/theme.css`: the docs snapshot's colours. Only values that passed the hex check in
// `docs-source.ts` get here (checked again), so nothing else can reach CSS.

import type { DocsTheme } from './docs-source.ts';

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/;

function hex(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (!HEX.test(value)) throw new Error(`not a hex colour: ${JSON.stringify(value)}`);
  return value;
}

export function themeCss(theme: DocsTheme): string {
  const primary = hex(theme.primary);
  const background = hex(theme.background);
  const text = hex(theme.text);
  const out = ['/* Theme colours from the docs source (validated hex values). */'];
  if (primary !== undefined) out.push(`:root { --primary: ${primary}; }`);
  // Background and text colours describe the light theme; the dark theme keeps its own.
  const light = [background !== undefined ? `--bg: ${background};` : '', text !== undefined ? `--text: ${text};` : '']
    .filter((s) => s !== '')
    .join(' ');
  if (light !== '') {
    out.push(`html[data-theme="light"] { ${light} }`);
    out.push(`@media (prefers-color-scheme: light) { html:not([data-theme="dark"]) { ${light} } }`);
  }
  return `${out.join('\n')}\n`;
}
