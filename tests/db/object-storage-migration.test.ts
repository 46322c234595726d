// The migration that moved artifact bytes and run inputs out of their rows into the artifact store
// (db/migrations/2026-11-26T00-00-object-storage.ts): taken down and up again on a database with
// a started run and an artifact whose bytes were in the row, nothing is lost and every moved
// object passes its sha256 check.

import { createHash, randomBytes } from 'node:crypto';
import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Artifact, Run, RunInput } from '../../db/models/index.ts';
import { down, up } from '../../db/migrations/2026-11-26T00-00-object-storage.ts';
import { newId } from '../../shared/ids.ts';
import { PETSTORE, rest } from '../setup/http.ts';
import { startTestService, type TestService } from '../setup/service.ts';
import { newWorkspace } from '../setup/workspace.ts';

let service: TestService;

beforeAll(async () => {
  service = await startTestService({ ROLE: 'api' });
});
afterAll(async () => service?.stop());

describe('object storage migration', () => {
  it('moves bytes kept in the rows into stored_objects, verified, and back down', async () => {
    const { sequelize } = service.deps.db;
    const sql = (text: string) => sequelize.query(text);
    const ws = await newWorkspace(service);
    const runId = (
      await rest(service.url, ws.token).post('/reports/start', {
        openapiText: PETSTORE,
        configText: 'resources: {}\n',
      })
    ).body.run.id as string;
    const inputId = (await Run.findByPk(runId))!.inputId!;

    await down({ context: sql });
    const [legacy] = await sequelize.query<{ openapi_text: string; config_text: string }>(
      'SELECT openapi_text, config_text FROM run_inputs WHERE id = $1',
      { bind: [inputId], type: QueryTypes.SELECT },
    );
    expect(legacy).toEqual({ openapi_text: PETSTORE, config_text: 'resources: {}\n' });
    const content = randomBytes(5000);
    const artifactId = newId('art');
    await sequelize.query(
      `INSERT INTO artifacts (id, org_id, run_id, kind, name, media_type, size_bytes, sha256, file_count, content, expires_at)
       VALUES ($1, $2, $3, 'docs', 'docs.tar.gz', 'application/gzip', $4, $5, 1, $6, now() + interval '1 hour')`,
      {
        bind: [
          artifactId,
          ws.organization.id,
          runId,
          content.length,
          createHash('sha256').update(content).digest('hex'),
          content,
        ],
      },
    );

    await up({ context: sql });
    const artifact = await Artifact.findByPk(artifactId);
    expect(artifact!.objectKey).toBe(`artifacts/${artifactId}`);
    expect(await artifact!.readContent()).toEqual(content);
    const input = await RunInput.findByPk(inputId);
    expect(await input!.readTexts()).toEqual({
      openapiText: PETSTORE,
      configText: 'resources: {}\n',
      oldSdkText: null,
      docsSourceText: null,
    });
  });
});
