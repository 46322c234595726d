// Splits an `oldSdkText` made of several files concatenated with `// File: path` (TypeScript) or
// `# File: path` (Python) header lines back into files. Text without headers is one file.

import type { SdkSourceFile } from '../types.ts';

const HEADER = /^[ \t]*(?:\/\/|#)[ \t]*File:[ \t]*(\S.*?)[ \t]*$/;

export function splitConcatenatedFiles(text: string, defaultPath: string): SdkSourceFile[] {
  const files: SdkSourceFile[] = [];
  let current: { path: string; lines: string[] } | undefined;
  let preamble: string[] = [];
  const lines = text.split(/\r?\n/);
  for (const line of lines) {
    const match = HEADER.exec(line);
    if (match !== null && match[1] !== undefined) {
      if (current !== undefined) files.push({ path: current.path, content: current.lines.join('\n') });
      current = { path: normalisePath(match[1]), lines: [] };
      continue;
    }
    if (current === undefined) preamble.push(line);
    else current.lines.push(line);
  }
  if (current !== undefined) files.push({ path: current.path, content: current.lines.join('\n') });
  const preambleText = preamble.join('\n');
  if (files.length === 0) return [{ path: defaultPath, content: text }];
  if (preambleText.trim() !== '') files.unshift({ path: defaultPath, content: preambleText });
  preamble = [];
  return files;
}

function normalisePath(raw: string): string {
  return raw.replace(/\\/g, '/').replace(/^\.\//, '').replace(/^\/+/, '');
}
