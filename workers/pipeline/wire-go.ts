// The Go SDK's hook into wire_tests, kept apart so the Go generator can plug in with one line: set
// `GO_SDK_EMITTER` to the Go generator's entry (`emitGoSdk`). Its package ships `*_test.go` files
// that read `TEST_API_BASE_URL` and name each test (or subtest) with `op<N>_required` /
// `op<N>_all` (workers/generators/core/wire-cases.ts), so `go test -v ./...` maps back to the
// operations. Until then, and on a worker without `go`, the Go SDK is reported as not run.

import type { ApiModel } from '../generators/model/types.ts';
import { findExecutable } from './check-with-tool.ts';
import type { GeneratedFile } from './step.ts';
import { parseGoTest, type WireSuite } from './wire-run.ts';

/** The Go SDK generator, once it is in this build (undefined: no Go SDK to test). */
export const GO_SDK_EMITTER: ((model: ApiModel) => GeneratedFile[]) | undefined = undefined;

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
      // No module download: a generated Go SDK depends on the standard library only.
      env: { GOFLAGS: '-mod=mod', GOPROXY: 'off', GOTOOLCHAIN: 'local' },
      timeoutMs: 300_000,
      parse: parseGoTest,
    },
  };
}
