import type { MigrationContext } from '../migrate.ts';

/**
 * Object storage (docs/deployment.md: Artifact storage). Artifact bytes and retained inputs become objects
 * named by their rows (`object_key`, with sha256 and size), kept in the configured store; the
 * PostgreSQL store is the table `stored_objects`, whose column is stored uncompressed (EXTERNAL)
 * so a 1 MiB range is read without reading the rest. Existing bytes move into it under the same
 * keys the service writes (`artifacts/<id>`, `inputs/<id>`); the inputs' four texts become one
 * JSON object.
 */
export async function up({ context: sql }: MigrationContext): Promise<void> {
  await sql(`
    CREATE TABLE stored_objects (
      key text PRIMARY KEY,
      content bytea NOT NULL,
      created_at timestamptz(3) NOT NULL DEFAULT now()
    );
    ALTER TABLE stored_objects ALTER COLUMN content SET STORAGE EXTERNAL;

    ALTER TABLE artifacts ADD COLUMN object_key text UNIQUE;
    INSERT INTO stored_objects (key, content, created_at)
      SELECT 'artifacts/' || id, content, created_at FROM artifacts WHERE content IS NOT NULL;
    UPDATE artifacts SET object_key = 'artifacts/' || id WHERE content IS NOT NULL;
    ALTER TABLE artifacts DROP COLUMN content;

    ALTER TABLE run_inputs ADD COLUMN object_key text UNIQUE, ADD COLUMN sha256 text, ADD COLUMN size_bytes integer;
    INSERT INTO stored_objects (key, content, created_at)
      SELECT 'inputs/' || id,
             convert_to(json_build_object('openapiText', openapi_text, 'configText', config_text,
               'oldSdkText', old_sdk_text, 'docsSourceText', docs_source_text)::text, 'UTF8'),
             created_at
        FROM run_inputs;
    UPDATE run_inputs r
       SET object_key = o.key, sha256 = encode(sha256(o.content), 'hex'), size_bytes = octet_length(o.content)
      FROM stored_objects o WHERE o.key = 'inputs/' || r.id;
    ALTER TABLE run_inputs
      ALTER COLUMN object_key SET NOT NULL,
      ALTER COLUMN sha256 SET NOT NULL,
      ALTER COLUMN size_bytes SET NOT NULL,
      DROP COLUMN openapi_text,
      DROP COLUMN config_text,
      DROP COLUMN old_sdk_text,
      DROP COLUMN docs_source_text;
  `);
}

/** Back to bytes in the rows (only what is in `stored_objects`: objects in a bucket are not fetched). */
export async function down({ context: sql }: MigrationContext): Promise<void> {
  await sql(`
    ALTER TABLE run_inputs ADD COLUMN openapi_text text, ADD COLUMN config_text text,
      ADD COLUMN old_sdk_text text, ADD COLUMN docs_source_text text;
    UPDATE run_inputs r
       SET openapi_text = j->>'openapiText', config_text = j->>'configText',
           old_sdk_text = j->>'oldSdkText', docs_source_text = j->>'docsSourceText'
      FROM (SELECT key, convert_from(content, 'UTF8')::json AS j FROM stored_objects) o
     WHERE o.key = r.object_key;
    DELETE FROM run_inputs WHERE openapi_text IS NULL;
    ALTER TABLE run_inputs ALTER COLUMN openapi_text SET NOT NULL,
      DROP COLUMN object_key, DROP COLUMN sha256, DROP COLUMN size_bytes;

    ALTER TABLE artifacts ADD COLUMN content bytea;
    UPDATE artifacts a SET content = o.content FROM stored_objects o WHERE o.key = a.object_key;
    ALTER TABLE artifacts DROP COLUMN object_key;
    DROP TABLE stored_objects;
  `);
}
