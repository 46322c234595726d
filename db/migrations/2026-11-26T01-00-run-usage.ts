import type { MigrationContext } from '../migrate.ts';

/**
 * The plan quota's counter (docs/deployment.md: Limits): `run_usage` holds how many runs each workspace
 * started in each quota period (a calendar month in UTC, `period_start` its first instant). A
 * trigger counts every inserted run, whichever code or version wrote it, so the counter always
 * equals the runs of the period (runs are never deleted). A start or a retry first locks its
 * workspace's counter row with a conditional upsert (`runs < allowed`) in the statement or
 * transaction that inserts the run, so the quota is exact under concurrency
 * (server/services/runs/run-quota.ts). Backfilled from the runs there are, with inserts held off
 * meanwhile (the statements below are one transaction).
 *
 * `report_service_refuse(reason)` raises `reason` (SQLSTATE P0001, hint `report_service_refusal`):
 * a statement that writes several rows aborts with it when a check fails, so none of them stays.
 */
export async function up({ context: sql }: MigrationContext): Promise<void> {
  await sql(`
    LOCK TABLE runs IN SHARE MODE;
    CREATE TABLE run_usage (
      org_id text NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      period_start timestamptz NOT NULL,
      runs integer NOT NULL CHECK (runs >= 0),
      PRIMARY KEY (org_id, period_start)
    );
    CREATE FUNCTION count_run_usage() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO run_usage AS u (org_id, period_start, runs)
        VALUES (NEW.org_id, date_trunc('month', NEW.created_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', 1)
        ON CONFLICT (org_id, period_start) DO UPDATE SET runs = u.runs + 1;
      RETURN NULL;
    END
    $$;
    CREATE TRIGGER runs_count_usage AFTER INSERT ON runs FOR EACH ROW EXECUTE FUNCTION count_run_usage();
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
  await sql(`
    DROP FUNCTION report_service_refuse(text);
    DROP TRIGGER runs_count_usage ON runs;
    DROP FUNCTION count_run_usage();
    DROP TABLE run_usage;
  `);
}
