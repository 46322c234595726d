// Reads `configText`: a Stainless `stainless.yml` in partner modes (or when it plainly is one),
// the flagship format otherwise.

import { parseDocument } from '../model/parse/parse-document.ts';
import type { ParseLimits } from '../model/parse/limits.ts';
import type { Diagnostic } from '../model/types.ts';
import { isRecord } from '../model/json-guards.ts';
import { readFlagshipConfig } from './flagship-config.ts';
import { readStainlessConfig } from './stainless-config.ts';
import type { GeneratorConfig } from '../model/generator-config.ts';

export type ConfigKind = 'none' | 'flagship' | 'stainless';

export interface ReadConfigResult {
  kind: ConfigKind;
  config?: GeneratorConfig;
  diagnostics: Diagnostic[];
  needsSetup: string[];
}

export function readConfig(text: string, mode: string, limits: ParseLimits): ReadConfigResult {
  const partner = mode === 'partner' || mode.startsWith('partner_');
  const parsed = parseDocument(text, limits);
  const diagnostics = parsed.diagnostics.map((d) => ({
    ...d,
    ruleId: d.ruleId.replace(/^parse\//, 'config/parse-'),
    document: 'config' as const,
  }));
  const doc = parsed.document;
  if (doc === undefined) {
    return {
      kind: partner ? 'stainless' : 'flagship',
      diagnostics,
      needsSetup: partner ? ['The partner config could not be parsed.'] : [],
    };
  }
  const looksStainless =
    isRecord(doc.value) &&
    ('targets' in doc.value || isRecord(doc.value.organization) || 'client_settings' in doc.value);
  if (partner || looksStainless) {
    const result = readStainlessConfig(doc);
    if (!partner) {
      diagnostics.push({
        ruleId: 'config/stainless-detected',
        severity: 'info',
        message: 'The config is a Stainless stainless.yml; it was read as one.',
        pointer: '',
        line: 1,
        column: 1,
        document: 'config',
      });
    }
    return {
      kind: 'stainless',
      ...(result.config ? { config: result.config } : {}),
      diagnostics: [...diagnostics, ...result.diagnostics],
      needsSetup: result.needsSetup,
    };
  }
  const result = readFlagshipConfig(doc);
  return {
    kind: 'flagship',
    ...(result.config ? { config: result.config } : {}),
    diagnostics: [...diagnostics, ...result.diagnostics],
    needsSetup: result.needsSetup,
  };
}
