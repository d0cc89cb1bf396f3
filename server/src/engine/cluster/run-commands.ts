import { Conflict, DomainError, InvalidInput, NotFound, Unavailable, Unprocessable, UpstreamFailed } from '../../errors/domain-errors';
import type { Database } from '../../database/database';
import { runMessages } from '../../runs/messages';
import type { RunStore } from '../../runs/run-store';
import type { RemoteRunControl, RunCommand } from '../run-engine';
import type { RunQueue } from './run-queue';

/** Wake-ups: `<command id> <run id>` to the worker driving the run; `<command id>` back to the sender. */
export const COMMAND_CHANNEL = 'planvas_run_commands';
export const COMMAND_DONE_CHANNEL = 'planvas_run_commands_done';
/** How long a sender waits for the worker's answer before saying none answers. */
const ANSWER_TIMEOUT_MS = 15_000;
/** How often a waiting sender reads the command's row (a wake-up may be lost with a dropped connection). */
const POLL_MS = 1000;

interface SerialisedError {
  kind: string;
  code: string;
  message: string;
  details: DomainError['details'];
}

const KINDS: ReadonlyArray<[string, new (code: string, message: string, details: DomainError['details']) => DomainError]> = [
  ['InvalidInput', InvalidInput],
  ['NotFound', NotFound],
  ['Conflict', Conflict],
  ['Unprocessable', Unprocessable],
  ['UpstreamFailed', UpstreamFailed],
  ['Unavailable', Unavailable],
];

/**
 * Cancels, answers, resumes and objective edits for runs another process drives (team mode): the
 * API instance that got the request writes a row in `run_commands`, the worker holding the run
 * carries it out and writes the outcome (or the refusal, as the same domain error) back. A cancel
 * of a run no worker has claimed yet takes it out of the queue and records the cancel itself.
 */
export class RunCommands implements RemoteRunControl {
  private readonly waiting = new Map<string, () => void>();
  private stop: (() => Promise<void>) | undefined;

  private constructor(
    private readonly db: Database,
    private readonly runs: RunStore,
    private readonly queue: RunQueue,
  ) {}

  static async open(db: Database, runs: RunStore, queue: RunQueue): Promise<RunCommands> {
    const commands = new RunCommands(db, runs, queue);
    commands.stop = await db.listen(COMMAND_DONE_CHANNEL, (id) => commands.waiting.get(id)?.());
    return commands;
  }

  async send(runId: string, command: RunCommand): Promise<unknown> {
    if (command.kind === 'cancel' && (await this.queue.withdrawUnclaimed(runId))) {
      await this.runs.append(runId, [{ type: 'run_status', data: { status: 'cancelled', reason: command.reason } }]);
      return {};
    }
    const { rows } = await this.db.transaction(async (client) => {
      const inserted = await client.query<{ id: string }>('INSERT INTO run_commands (run_id, kind, body) VALUES ($1, $2, $3) RETURNING id', [
        runId,
        command.kind,
        JSON.stringify(command),
      ]);
      await this.db.notify(COMMAND_CHANNEL, `${inserted.rows[0]!.id} ${runId}`, client);
      return inserted;
    });
    return this.outcomeOf(rows[0]!.id, runId);
  }

  /** Waits for the command's outcome: woken by the worker's notification, or by reading the row every second. */
  private async outcomeOf(id: string, runId: string): Promise<unknown> {
    const deadline = Date.now() + ANSWER_TIMEOUT_MS;
    let poll: NodeJS.Timeout | undefined;
    try {
      for (;;) {
        const woken = new Promise<void>((resolve) => {
          this.waiting.set(id, resolve);
          poll = setTimeout(resolve, POLL_MS);
        });
        const { rows } = await this.db.query<{ outcome: { value?: unknown; error?: SerialisedError } | null }>(
          'SELECT outcome FROM run_commands WHERE id = $1 AND done_at IS NOT NULL',
          [id],
        );
        const outcome = rows[0]?.outcome;
        if (outcome) {
          if (outcome.error) throw errorFrom(outcome.error);
          return outcome.value;
        }
        if (Date.now() > deadline) {
          await this.db.query('UPDATE run_commands SET done_at = now() WHERE id = $1 AND done_at IS NULL', [id]);
          throw new Unavailable('no_worker', runMessages.noWorker(runId));
        }
        await woken;
        clearTimeout(poll);
      }
    } finally {
      clearTimeout(poll);
      this.waiting.delete(id);
    }
  }

  async close(): Promise<void> {
    await this.stop?.();
  }
}

/** The worker's side: what it answers for a command, stored in the command's row. */
export function serialiseOutcome(result: { value: unknown } | { error: unknown }): { value?: unknown; error?: SerialisedError } {
  if ('value' in result) return { value: result.value ?? {} };
  const error = result.error;
  if (error instanceof DomainError) {
    const kind = KINDS.find(([, type]) => error instanceof type)?.[0] ?? 'Conflict';
    return { error: { kind, code: error.code, message: error.message, details: error.details } };
  }
  return { error: { kind: 'Unavailable', code: 'worker_failed', message: error instanceof Error ? error.message : String(error), details: [] } };
}

function errorFrom(error: SerialisedError): DomainError {
  const type = KINDS.find(([kind]) => kind === error.kind)?.[1] ?? Conflict;
  return new type(error.code, error.message, error.details);
}
