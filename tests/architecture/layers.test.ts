// The layers of the service point one way, and no import goes round in a circle: the rules are in
// .dependency-cruiser.cjs (docs/architecture.md). A new import that points up a layer (the worker
// reading server/, shared/ reading db/, the API reaching into workers/ past workers/for-api.ts, ...)
// or closes a cycle fails here, naming the rule and the import.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cruise, type ICruiseResult, type IViolation } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';

const ROOT = join(import.meta.dirname, '..', '..');
/** The service's own code; tests and benchmarks may import any layer. */
const LAYERS = ['bin', 'shared', 'db', 'server', 'workers'];

function describeViolation(v: IViolation): string {
  const path = v.cycle?.length ? [v.from, ...v.cycle.map((step) => step.name)].join(' → ') : `${v.from} → ${v.to}`;
  return `${v.rule.name}: ${path}`;
}

describe('layers', () => {
  it('every import points down a layer and none closes a cycle', async () => {
    const cwd = process.cwd();
    process.chdir(ROOT);
    let result: ICruiseResult;
    try {
      const options = await extractDepcruiseOptions(join(ROOT, '.dependency-cruiser.cjs'));
      const tsConfig = extractTSConfig(join(ROOT, 'tsconfig.json'));
      const output = await cruise(LAYERS, { ...options, validate: true }, {}, { tsConfig });
      result = output.output as ICruiseResult;
    } finally {
      process.chdir(cwd);
    }

    // A resolver that found nothing would pass every rule: the cruise must see the whole tree and
    // resolve every import of ours.
    expect(result.modules.length).toBeGreaterThan(300);
    const unresolved = result.modules.flatMap((m) =>
      m.dependencies
        .filter((d) => d.couldNotResolve && d.module.startsWith('.'))
        .map((d) => `${m.source} → ${d.module}`),
    );
    expect(unresolved).toEqual([]);

    const violations = result.summary.violations.map(describeViolation);
    expect(violations, `imports against the layers (.dependency-cruiser.cjs):\n${violations.join('\n')}`).toEqual([]);
  });
});
