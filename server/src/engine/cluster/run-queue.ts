import type { StartRunBody } from '@planvas/shared';
import type { Database } from '../../database/database';

/** Wake-ups of workers: a run was queued (or a lease was given back). */
export const QUEUE_CHANNEL = 'planvas_run_queue';

export interface ClaimedRun {
  runId: string;
  request: StartRunBody;
  attempts: number;
  /** The worker that held the run before, when its lease ran out (a take-over). */
  previousOwner: string | null;
}

/**
 * The run queue in PostgreSQL (team mode). A worker claims runs with `FOR UPDATE SKIP LOCKED`
 * (two workers never claim one run) and holds each by a lease it renews; a run whose lease ran
 * out (its worker died) is claimed again by another. The run's final event removes it
 * (runs/pg-run-store.ts, in the same transaction).
 */
export class RunQueue {
  constructor(private readonly db: Database) {}

  async enqueue(runId: string, request: StartRunBody): Promise<void> {
    await this.db.transaction(async (client) => {
      await client.query('INSERT INTO run_queue (run_id, request) VALUES ($1, $2)', [runId, JSON.stringify(request)]);
      await this.db.notify(QUEUE_CHANNEL, runId, client);
    });
  }

  /** Claims up to `limit` runs that no live lease holds, oldest first, for `leaseMs`. */
  async claim(owner: string, limit: number, leaseMs: number): Promise<ClaimedRun[]> {
    if (limit <= 0) return [];
    const { rows } = await this.db.query<{ run_id: string; request: StartRunBody; attempts: number; previous: string | null }>(
      `WITH next AS (
         SELECT run_id, lease_owner AS previous FROM run_queue
         WHERE lease_until IS NULL OR lease_until < now()
         ORDER BY enqueued_at LIMIT $2 FOR UPDATE SKIP LOCKED)
       UPDATE run_queue q SET lease_owner = $1, lease_until = now() + $3 * interval '1 millisecond', attempts = q.attempts + 1
       FROM next WHERE q.run_id = next.run_id
       RETURNING q.run_id, q.request, q.attempts, next.previous`,
      [owner, limit, leaseMs],
    );
    return rows.map((row) => ({ runId: row.run_id, request: row.request, attempts: row.attempts, previousOwner: row.previous }));
  }

  /** Renews `owner`'s leases of `runIds`; answers those it still holds (the others were taken over). */
  async renew(owner: string, runIds: ReadonlyArray<string>, leaseMs: number): Promise<Set<string>> {
    if (runIds.length === 0) return new Set();
    const { rows } = await this.db.query<{ run_id: string }>(
      `UPDATE run_queue SET lease_until = now() + $3 * interval '1 millisecond' WHERE lease_owner = $1 AND run_id = ANY($2) RETURNING run_id`,
      [owner, runIds, leaseMs],
    );
    return new Set(rows.map((row) => row.run_id));
  }

  /** Removes a run `owner` drove from the queue (its end was not recorded: a failure before its first event). */
  async release(owner: string, runId: string): Promise<void> {
    await this.db.query('DELETE FROM run_queue WHERE run_id = $1 AND lease_owner = $2', [runId, owner]);
  }

  /** Removes a run no worker has claimed yet; answers whether it was there (a cancel of a queued run). */
  async withdrawUnclaimed(runId: string): Promise<boolean> {
    const { rowCount } = await this.db.query('DELETE FROM run_queue WHERE run_id = $1 AND lease_owner IS NULL', [runId]);
    return rowCount === 1;
  }
}
