import type { MigrationContext } from '../migrate.ts';

/**
 * The plan quota's counter (README: Plans and quota): `run_usage` holds how many runs each
 * workspace started in each quota period (a calendar month in UTC, `period_start` its first
 * instant). Every run a start or a retry creates spends one with a conditional upsert
 * (`runs < allowed`) in the statement or transaction that creates the run, so the quota is exact
 * under concurrency with the row lock held only inside PostgreSQL; the count of `runs` rows for
 * the period equals it (runs are never deleted). Backfilled from the runs there are.
 *
 * `report_service_refuse(reason)` raises `reason` (SQLSTATE P0001, hint `report_service_refusal`):
 * a statement that writes several rows aborts with it when a check fails, so none of them stays.
 */
export async function up({ context: sql }: MigrationContext): Promise<void> {
  await sql(`
    CREATE TABLE run_usage (
      org_id text NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      period_start timestamptz NOT NULL,
      runs integer NOT NULL CHECK (runs >= 0),
      PRIMARY KEY (org_id, period_start)
    );
    INSERT INTO run_usage (org_id, period_start, runs)
      SELECT org_id, date_trunc('month', created_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', count(*)
        FROM runs GROUP BY 1, 2;

    CREATE FUNCTION report_service_refuse(reason text) RETURNS boolean LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION USING ERRCODE = 'P0001', MESSAGE = reason, HINT = 'report_service_refusal';
    END
    $$;
  `);
}

export async function down({ context: sql }: MigrationContext): Promise<void> {
  await sql('DROP FUNCTION report_service_refuse(text); DROP TABLE run_usage;');
}
