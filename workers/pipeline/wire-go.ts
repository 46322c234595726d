// The Go SDK's suite in wire_tests: its package ships `*_test.go` files that read
// `TEST_API_BASE_URL` and run each method in a subtest named `op<N>_required`
// (workers/generators/core/wire-cases.ts), so `go test -v ./...` maps back to the operations. On a
// worker without `go` the Go SDK is reported as not run.

import { emitGoSdk } from '../generators/go/index.ts';
import type { ApiModel } from '../generators/model/types.ts';
import { findExecutable } from './check-with-tool.ts';
import { goEnv } from './go-tools.ts';
import type { GeneratedFile } from './step.ts';
import { parseGoTest, type WireSuite } from './wire-run.ts';

/** The Go SDK generator (a test may give another). */
export const GO_SDK_EMITTER: ((model: ApiModel) => GeneratedFile[]) | undefined = emitGoSdk;

/** The Go SDK's suite, or why it cannot run; undefined when there is no Go SDK at all. */
export function goWireSuite(
  model: ApiModel,
  emit: ((model: ApiModel) => GeneratedFile[]) | undefined = GO_SDK_EMITTER,
): { suite: WireSuite } | { reason: string } | undefined {
  if (emit === undefined) return undefined;
  const go = findExecutable('go');
  if (go === undefined) return { reason: 'go is not installed on this worker' };
  return {
    suite: {
      sdk: 'go',
      files: emit(model),
      command: go,
      args: ['test', '-v', '-count=1', './...'],
      // No module download (a generated Go SDK depends on the standard library only), and the
      // build cache the go_sdk step warmed (go-tools.ts).
      env: goEnv() as Record<string, string>,
      timeoutMs: 300_000,
      parse: parseGoTest,
    },
  };
}
