import type pg from 'pg';

/**
 * The schema, as numbered steps applied once each, in order, in one transaction per step. Never
 * edit a step that has shipped: add the next one. Every process opening the database runs this;
 * the advisory lock makes the others wait until the first has finished.
 */
export const MIGRATIONS: ReadonlyArray<{ version: number; name: string; sql: string }> = [
  {
    version: 1,
    name: 'runs, events, queue, commands, state',
    sql: `
      -- planvas' own state: views, settings, breakpoints, legacy promotions, layouts. A row whose
      -- value is NULL is a removed entry, kept so that other instances catching up by revision hear of it.
      CREATE SEQUENCE planvas_state_rev;
      CREATE TABLE planvas_state (
        section text NOT NULL,
        key text NOT NULL,
        value json,
        rev bigint NOT NULL,
        PRIMARY KEY (section, key)
      );
      CREATE INDEX planvas_state_by_rev ON planvas_state (rev);

      -- The run index: one row per run, kept current from its events in the transaction that appends them.
      CREATE TABLE runs (
        id text PRIMARY KEY,
        workflow_id text NOT NULL,
        status text NOT NULL,
        started_at text NOT NULL,
        last_seq bigint NOT NULL DEFAULT 0,
        summary json NOT NULL
      );
      CREATE INDEX runs_by_workflow ON runs (workflow_id);

      -- The event log: seq per run, assigned under the run row's lock in the inserting transaction.
      CREATE TABLE run_events (
        run_id text NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
        seq bigint NOT NULL,
        type text NOT NULL,
        timestamp text NOT NULL,
        data json NOT NULL,
        PRIMARY KEY (run_id, seq)
      );

      -- Runs waiting for a worker or being driven by one (lease_owner until lease_until).
      CREATE TABLE run_queue (
        run_id text PRIMARY KEY REFERENCES runs (id) ON DELETE CASCADE,
        request json NOT NULL,
        enqueued_at timestamptz NOT NULL DEFAULT now(),
        lease_owner text,
        lease_until timestamptz,
        attempts integer NOT NULL DEFAULT 0
      );
      CREATE INDEX run_queue_by_lease ON run_queue (lease_until NULLS FIRST, enqueued_at);

      -- Cancels, answers, resumes and objective edits for a run another process drives.
      CREATE TABLE run_commands (
        id bigserial PRIMARY KEY,
        run_id text NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
        kind text NOT NULL,
        body json NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        outcome json,
        done_at timestamptz
      );
      CREATE INDEX run_commands_open ON run_commands (run_id) WHERE done_at IS NULL;
    `,
  },
];

const MIGRATION_LOCK = 'planvas_migrations';

export async function applyMigrations(pool: pg.Pool): Promise<number[]> {
  const client = await pool.connect();
  const applied: number[] = [];
  try {
    await client.query('SELECT pg_advisory_lock(hashtextextended($1, 0))', [MIGRATION_LOCK]);
    await client.query(`CREATE TABLE IF NOT EXISTS planvas_schema_migrations (
      version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
    const { rows } = await client.query<{ version: number }>('SELECT version FROM planvas_schema_migrations');
    const done = new Set(rows.map((row) => row.version));
    for (const migration of MIGRATIONS) {
      if (done.has(migration.version)) continue;
      await client.query('BEGIN');
      try {
        await client.query(migration.sql);
        await client.query('INSERT INTO planvas_schema_migrations (version, name) VALUES ($1, $2)', [migration.version, migration.name]);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw new Error(`schema migration ${migration.version} (${migration.name}) failed: ${(error as Error).message}`, { cause: error });
      }
      applied.push(migration.version);
    }
    return applied;
  } finally {
    await client.query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [MIGRATION_LOCK]).catch(() => undefined);
    client.release();
  }
}
