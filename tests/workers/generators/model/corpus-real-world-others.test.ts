// The largest real descriptions (split over three files so vitest runs them in parallel): parse -> validate -> model without a crash, at the expected
// size, with exact locations, within a time budget.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CORPUS, HAS_CORPUS, analyzeCorpusFile, rootDescriptions, soundEach } from '../corpus-helpers.ts';

describe.skipIf(!HAS_CORPUS)('corpus: real-world descriptions (the rest)', () => {
  const entries = rootDescriptions().filter(
    (e) =>
      e.file.startsWith('real-world/') &&
      ![
        'real-world/openai/openapi.yaml',
        'real-world/asana/asana_oas.yaml',
        'real-world/plaid/2020-09-14.yml',
        'real-world/twilio/twilio_api_v2010.yaml',
      ].includes(e.file),
  );
  soundEach(entries, 8);

  it('models minified Jira JSON with locations on line 1', { timeout: 60_000 }, async () => {
    const file = 'real-world/jira/jira-software.v3.json';
    const text = readFileSync(path.join(CORPUS, file), 'utf8');
    const result = await analyzeCorpusFile(file);
    expect(result.format).toBe('json');
    expect(result.counts.operations).toBe(74);
    for (const op of result.model?.operations.slice(0, 20) ?? []) {
      expect(op.source.line).toBe(1);
      expect(text.slice(op.source.column - 1).startsWith(`"${op.method}"`)).toBe(true);
    }
  });

  it('reports the known defect of the official Spotify file and none in the fixed one', {
    timeout: 60_000,
  }, async () => {
    const official = await analyzeCorpusFile('real-world/spotify/official-spotify-open-api.yml');
    const fixed = await analyzeCorpusFile('real-world/spotify/fixed-spotify-open-api.yml');
    expect(official.counts.errors).toBeGreaterThan(0);
    expect(fixed.counts.errors).toBe(0);
  });

  it("reports the DigitalOcean multi-file tree's external refs without reading them", { timeout: 60_000 }, async () => {
    const result = await analyzeCorpusFile('real-world/digitalocean/specification/DigitalOcean-public.v2.yaml');
    const external = result.diagnostics.filter((d) => d.ruleId === 'ref/external');
    expect(external.length).toBeGreaterThan(400);
    expect(external[0]?.line).toBeGreaterThan(0);
  });
});
