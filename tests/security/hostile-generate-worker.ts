// Worker thread of hostile-pipeline.ts: runs one hostile case at a time through the pipeline's pure
// pieces exactly as the worker's steps call them (analyzeSpec in flagship mode with default limits;
// then each generator with default options; the docs with the case's docs source, rebuilt without
// it when it is refused, as workers/pipeline/steps/docs.ts does). A thread so that a case that
// loops or recurses forever can be stopped (terminate) and reported, not hang the suite.

import { parentPort } from 'node:worker_threads';
import { HOSTILE_CASES } from '../fixtures/hostile/cases.ts';
import { analyzeSpec } from '../../workers/generators/analyze.ts';
import { emitTypeScriptSdk } from '../../workers/generators/typescript/index.ts';
import { emitPythonSdk } from '../../workers/generators/python/index.ts';
import { emitGoSdk } from '../../workers/generators/go/index.ts';
import { emitCli } from '../../workers/generators/cli/index.ts';
import { emitMcpServer } from '../../workers/generators/mcp/index.ts';
import { DocsSourceError, emitDocsSite } from '../../workers/generators/docs/index.ts';
import type { ApiModel } from '../../workers/generators/model/types.ts';
import type { CaseRequest, CaseResult, GeneratedFile, GeneratorName } from './hostile-pipeline.ts';

const GENERATORS: Record<
  GeneratorName,
  (model: ApiModel, docsSourceText: string | undefined, result: CaseResult) => GeneratedFile[]
> = {
  typescript: (model) => emitTypeScriptSdk(model),
  python: (model) => emitPythonSdk(model),
  go: (model) => emitGoSdk(model),
  cli: (model) => emitCli(model),
  mcp: (model) => emitMcpServer(model),
  docs: (model, docsSourceText, result) => {
    if (docsSourceText === undefined) return emitDocsSite(model, {});
    try {
      return emitDocsSite(model, { docsSourceText });
    } catch (error) {
      if (!(error instanceof DocsSourceError)) throw error;
      result.docsSourceProblems = error.problems;
      return emitDocsSite(model, {});
    }
  },
};

const port = parentPort;
if (port === null) throw new Error('hostile-generate-worker.ts runs as a worker thread');

port.on('message', (request: CaseRequest) => {
  void (async () => {
    const hostile = HOSTILE_CASES[request.index];
    if (hostile === undefined) throw new Error(`no case ${request.index}`);
    const result: CaseResult = {
      index: request.index,
      name: hostile.name,
      diagnostics: [],
      hasModel: false,
      ms: {},
      files: {},
      crashes: {},
    };
    let started = performance.now();
    try {
      port.postMessage({ index: request.index, phase: 'analyze' });
      const analysis = await analyzeSpec({ openapiText: hostile.openapiText, mode: 'flagship' });
      result.ms.analyze = performance.now() - started;
      result.diagnostics = analysis.diagnostics.map((d) => ({
        ruleId: d.ruleId,
        severity: d.severity,
        pointer: d.pointer,
        message: d.message,
      }));
      result.hasModel = analysis.model !== undefined;
      if (analysis.starterConfigYaml !== undefined) result.starterConfigYaml = analysis.starterConfigYaml;
      if (analysis.model !== undefined) {
        for (const name of request.generators) {
          started = performance.now();
          port.postMessage({ index: request.index, phase: name });
          try {
            result.files[name] = GENERATORS[name](analysis.model, hostile.docsSourceText, result);
          } catch (error) {
            result.crashes[name] =
              error instanceof Error
                ? `${error.name}: ${error.message}\n${(error.stack ?? '').split('\n').slice(1, 6).join('\n')}`
                : String(error);
          }
          result.ms[name] = performance.now() - started;
        }
      }
    } catch (error) {
      result.crashes.analyze =
        error instanceof Error
          ? `${error.name}: ${error.message}\n${(error.stack ?? '').split('\n').slice(1, 6).join('\n')}`
          : String(error);
      result.ms.analyze = performance.now() - started;
    }
    port.postMessage(result);
  })();
});
