import type { Database } from '../../database/database';
import type { PgRunStore } from '../../runs/pg-run-store';
import { runMessages } from '../../runs/messages';
import type { RunCommand, RunEngine } from '../run-engine';
import { COMMAND_CHANNEL, COMMAND_DONE_CHANNEL, serialiseOutcome } from './run-commands';
import { QUEUE_CHANNEL, type ClaimedRun, type RunQueue } from './run-queue';

export interface RunWorkerOptions {
  db: Database;
  runs: PgRunStore;
  engine: RunEngine;
  queue: RunQueue;
  /** This worker's name in leases and take-over messages (host, pid and a random part). */
  id: string;
  /** Runs driven at once (default DEFAULT_CONCURRENCY). */
  concurrency?: number;
  /** How long a lease lasts without renewal; a dead worker's runs are taken over after it (default 10 s). */
  leaseMs?: number;
  log?: (message: string, error?: unknown) => void;
}

/** Runs a team-mode process drives at once unless told (`--concurrency`). */
export const DEFAULT_CONCURRENCY = 4;

/** Take-overs of one run before it is failed instead (a run that kills every worker that takes it). */
const MAX_ATTEMPTS = 3;

/**
 * Drives queued runs in this process (team mode): claims up to `concurrency` runs when woken by
 * a queue notification or every half lease, renews its leases every third of a lease, and
 * carries out the commands sent for the runs it drives. Appends of a run are fenced by its lease
 * (PgRunStore.fence): a worker that lost a lease (paused too long) cannot write a single event
 * more, so two workers never drive one run.
 */
export class RunWorker {
  private readonly driving = new Map<string, Promise<unknown>>();
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly stops: Array<() => unknown> = [];
  private claiming = false;
  private claimAgain = false;
  private stopped = false;
  private readonly concurrency: number;
  private readonly leaseMs: number;

  constructor(private readonly options: RunWorkerOptions) {
    this.concurrency = options.concurrency ?? DEFAULT_CONCURRENCY;
    this.leaseMs = options.leaseMs ?? 10_000;
  }

  get id(): string {
    return this.options.id;
  }

  async start(): Promise<void> {
    const { db } = this.options;
    this.stops.push(await db.listen(QUEUE_CHANNEL, () => this.claim()));
    this.stops.push(await db.listen(COMMAND_CHANNEL, (payload) => this.heardCommand(payload)));
    this.stops.push(
      db.onReconnect(() => {
        this.claim();
        void this.openCommands();
      }),
    );
    this.timers.push(setInterval(() => this.claim(), Math.max(50, this.leaseMs / 2)));
    this.timers.push(setInterval(() => void this.renew(), Math.max(50, this.leaseMs / 3)));
    this.claim();
  }

  /** Claims what this worker has room for; one claim at a time, again if woken meanwhile. */
  private claim(): void {
    if (this.stopped) return;
    if (this.claiming) {
      this.claimAgain = true;
      return;
    }
    this.claiming = true;
    void (async () => {
      try {
        do {
          this.claimAgain = false;
          const room = this.concurrency - this.driving.size;
          const claimed = await this.options.queue.claim(this.options.id, room, this.leaseMs);
          for (const run of claimed) this.drive(run);
        } while (this.claimAgain && !this.stopped);
      } catch (error) {
        this.options.log?.('could not claim queued runs', error);
      } finally {
        this.claiming = false;
      }
    })();
  }

  private drive(claimed: ClaimedRun): void {
    const { runs, engine, queue } = this.options;
    const unfence = runs.fence(claimed.runId, this.options.id);
    const work = (async () => {
      await runs.load(claimed.runId);
      const takeOver = claimed.previousOwner !== null ? { worker: this.options.id, from: claimed.previousOwner } : undefined;
      if (takeOver && claimed.attempts > MAX_ATTEMPTS) {
        await runs.append(claimed.runId, [{ type: 'run_status', data: { status: 'failed', reason: runMessages.workerStopped(claimed.previousOwner!) } }]);
        return;
      }
      const outcome = engine.drive(claimed.runId, claimed.request, takeOver);
      void this.openCommands();
      await outcome;
    })()
      .catch((error: unknown) => this.options.log?.(`run ${claimed.runId} failed in the worker`, error))
      .finally(async () => {
        unfence();
        await queue.release(this.options.id, claimed.runId).catch(() => undefined);
        this.driving.delete(claimed.runId);
        this.claim();
      });
    this.driving.set(claimed.runId, work);
  }

  /** Renews the leases of the runs driven here; a run whose lease was taken is stopped (its appends are fenced anyway). */
  private async renew(): Promise<void> {
    const ids = [...this.driving.keys()];
    if (ids.length === 0 || this.stopped) return;
    try {
      const held = await this.options.queue.renew(this.options.id, ids, this.leaseMs);
      for (const id of ids) {
        // Ended meanwhile (its final event removed it from the queue): nothing to stop.
        if (!held.has(id) && this.driving.has(id) && this.options.engine.isActive(id)) await this.options.engine.abandon(id);
      }
    } catch (error) {
      this.options.log?.('could not renew leases', error);
    }
  }

  private heardCommand(payload: string): void {
    const [id, runId] = payload.split(' ');
    if (id && runId && this.options.engine.isActive(runId)) void this.carryOut(id);
  }

  /** Commands waiting for runs driven here (a wake-up lost, or sent just before the run was taken). */
  private async openCommands(): Promise<void> {
    const ids = [...this.driving.keys()];
    if (ids.length === 0) return;
    const { rows } = await this.options.db.query<{ id: string }>('SELECT id FROM run_commands WHERE run_id = ANY($1) AND done_at IS NULL ORDER BY id', [ids]);
    for (const row of rows) await this.carryOut(row.id);
  }

  /** Takes the command (once: the row is claimed by setting its outcome), carries it out, answers. */
  private async carryOut(id: string): Promise<void> {
    const { db, engine } = this.options;
    const taken = await db.query<{ run_id: string; body: RunCommand }>(
      `UPDATE run_commands SET outcome = '{"taken":true}' WHERE id = $1 AND outcome IS NULL AND done_at IS NULL RETURNING run_id, body`,
      [id],
    );
    const row = taken.rows[0];
    if (!row) return;
    let result: { value: unknown } | { error: unknown };
    try {
      result = { value: await engine.carryOut(row.run_id, row.body) };
    } catch (error) {
      result = { error };
    }
    await db.transaction(async (client) => {
      await client.query('UPDATE run_commands SET outcome = $2, done_at = now() WHERE id = $1', [id, JSON.stringify(serialiseOutcome(result))]);
      await db.notify(COMMAND_DONE_CHANNEL, id, client);
    });
  }

  /** Stops claiming; the runs driven here are cancelled by the engine's close (graceful shutdown). */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers.splice(0)) clearInterval(timer);
    for (const stop of this.stops.splice(0)) await stop();
  }
}
