// The API model of a description for diffing: the model builder's own phases (parse, version,
// refs, operations, model) without schema validation and lint rules, which a diff does not need.

import type { ApiModel } from '../../model/types.ts';
import { parseDocument } from '../../model/parse/parse-document.ts';
import { detectVersion } from '../../model/validate/detect-version.ts';
import { RefIndex } from '../../model/refs/ref-index.ts';
import { listOperations } from '../../model/doc-index.ts';
import { deriveStarterConfig } from '../../config/derive-starter-config.ts';
import { buildModel } from '../../model/build-model.ts';
import { isRecord } from '../../model/json-guards.ts';

export interface LoadedModel {
  model?: ApiModel;
  /** The parsed document the model was built from (the diff reads a few keywords the model omits). */
  document?: unknown;
  problem?: { message: string; line: number; column: number };
}

export function loadModelForDiff(text: string, maxBytes = 25 * 1024 * 1024): LoadedModel {
  const parsed = parseDocument(text, { maxBytes });
  const doc = parsed.document;
  if (doc === undefined) {
    const d = parsed.diagnostics.find((x) => x.severity === 'error') ?? parsed.diagnostics[0];
    return {
      problem: {
        message: d?.message ?? 'The description could not be read.',
        line: d?.line ?? 0,
        column: d?.column ?? 0,
      },
    };
  }
  const version = detectVersion(doc.value, doc.locate);
  if (version.kind === 'unsupported') {
    return {
      problem: {
        message: version.diagnostic.message,
        line: version.diagnostic.line,
        column: version.diagnostic.column,
      },
    };
  }
  if (!isRecord(doc.value)) return { problem: { message: 'The description is not an object.', line: 1, column: 1 } };
  try {
    const refs = new RefIndex(doc.value);
    const operations = listOperations(doc.value, refs);
    const config = deriveStarterConfig(doc.value, operations, doc.locate);
    const built = buildModel({
      doc: doc.value,
      version: version.version,
      openapiVersion: version.raw,
      locate: doc.locate,
      refs,
      operations,
      config,
      strictResources: false,
      // The diff compares operations, schemas and security, never package names.
      packageNamesUnread: true,
    });
    return { model: built.model, document: doc.value };
  } catch (error) {
    return {
      problem: {
        message: `The description could not be modelled (${error instanceof Error ? error.message : String(error)}).`,
        line: 0,
        column: 0,
      },
    };
  }
}
