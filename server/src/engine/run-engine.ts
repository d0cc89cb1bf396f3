import { randomBytes } from 'node:crypto';
import { cp } from 'node:fs/promises';
import {
  isFinalRunStatus,
  type Breakpoint,
  type EventEnvelope,
  type ResumeBody,
  type RunSummary,
  type StartRunBody,
  type WorkspaceSettings,
} from '@planvas/shared';
import { Conflict, NotFound } from '../errors/domain-errors';
import { DecisionLogWriter } from '../runs/decision-log-writer';
import type { EventToStore } from '../runs/event-log';
import { runMessages } from '../runs/messages';
import type { RunStore } from '../runs/run-store';
import type { WorkspaceRepository } from '../workspace/workspace-repository';
import { isMissing } from '../workspace/safe-path';
import { DEFAULT_ENGINE_OPTIONS, type EngineOptions } from './engine-options';
import { executeRun, type RunOutcome } from './executor';
import { RunDebugger, type Resumed } from './debugging/run-debugger';
import { InputGate, type ParsedAnswer } from './human-input';
import { ObjectiveChannel } from './objective-channel';
import { sleep } from './pace';
import type { ProviderFactory } from './providers/create-provider';
import type { RunContext, SubAgentCallHandler } from './run-context';
import { RunCancelled } from './step-failure';
import { prepareRun, resumeSeed, type PreparedRun, type TakeOver } from './run-preparation';

export type { TakeOver } from './run-preparation';

export interface RunEngineOptions {
  runs: RunStore;
  workspace: WorkspaceRepository;
  providers?: ProviderFactory;
  /** Overrides of the engine defaults (tests shorten timeouts here). */
  defaults?: Partial<EngineOptions>;
  /**
   * Rewrites absolute server paths in the words of the run's events (run_error.message, reasons):
   * an internal error's message (`ENOENT …, open '/srv/…'`) is stored and streamed to every viewer.
   */
  redactPaths?: (text: string) => string;
  /** Where the server listens, for learn_code callbacks; undefined when it does not. */
  address?: () => { host: string; port: number } | undefined;
  /** The workspace settings (preset and default LLM, pricing), read when a run starts. */
  settings?: () => WorkspaceSettings;
  /** The workflow's saved breakpoints, read when a run starts. */
  breakpoints?: (workflowId: string) => ReadonlyArray<Breakpoint>;
  /** Team mode: runs are queued for a worker (engine/cluster) instead of being driven by start(). */
  queue?: { enqueue(runId: string, request: StartRunBody): Promise<void> };
  /** Team mode: where cancels, answers, resumes and objective edits go for a run another process drives. */
  remote?: RemoteRunControl;
}

/** What a process that does not drive a run asks of the one that does (engine/cluster/run-commands.ts). */
export type RunCommand =
  | { kind: 'cancel'; reason: string }
  | { kind: 'answer'; answer: string | number | boolean }
  | { kind: 'resume'; body: ResumeBody }
  | { kind: 'objective'; objective: string; stepId?: string };

export interface RemoteRunControl {
  send(runId: string, command: RunCommand): Promise<unknown>;
}

interface ActiveRun {
  ctx: RunContext;
  abort: AbortController;
  done: Promise<RunOutcome>;
}

/** The event with its `message` and `reason` texts (the words the engine writes from errors) redacted. */
function withoutServerPaths(event: EventToStore, redact: (text: string) => string): EventToStore {
  const data = event.data as Record<string, unknown>;
  let changed: Record<string, unknown> | undefined;
  for (const key of ['message', 'reason'] as const) {
    const value = data[key];
    if (typeof value !== 'string') continue;
    const clean = redact(value);
    if (clean !== value) (changed ??= { ...data })[key] = clean;
  }
  return changed ? ({ ...event, data: changed } as EventToStore) : event;
}

/**
 * Starts and drives runs in this process: loads the workflow, builds the run context, runs the
 * executor in the background, and is the handle for cancel, human answers, objective edits and
 * learn_code callbacks of the runs it drives.
 */
export class RunEngine {
  private readonly active = new Map<string, ActiveRun>();
  private readonly learnCode = new Map<string, { runId: string; handler: SubAgentCallHandler }>();

  constructor(private readonly options: RunEngineOptions) {}

  /**
   * Starts a run of `workflowId`: checks and reads what it needs, creates it, and drives it here —
   * or, in team mode, queues it for a worker (the answer is then the new run's row, no events yet).
   */
  async start(workflowId: string, body: StartRunBody): Promise<RunSummary> {
    const prepared = await prepareRun(this.options, workflowId, body);
    const summary = await this.options.runs.create({
      workflowId: prepared.workflowId,
      provider: prepared.providerName,
      ...(prepared.seed ? { parent: { runId: prepared.seed.from.runId, iteration: prepared.seed.from.iteration, stepId: prepared.seed.stepId } } : {}),
    });
    if (this.options.queue) {
      await this.options.queue.enqueue(summary.id, body);
      return this.options.runs.get(summary.id) ?? summary;
    }
    await this.launch(summary.id, prepared, body);
    return this.options.runs.get(summary.id) ?? summary;
  }

  /**
   * Drives a queued run here (a worker took it): the workflow is read again now. A take-over goes
   * on from the run's own last todo snapshot; one that has none cannot, and is failed with why.
   * Answers when the run has ended here (or a start-up refusal was recorded as its end).
   */
  async drive(runId: string, body: StartRunBody, takeOver?: TakeOver): Promise<RunOutcome> {
    const summary = this.options.runs.require(runId);
    let prepared: PreparedRun;
    try {
      prepared = await prepareRun(this.options, summary.workflowId, body);
      if (takeOver) prepared = { ...prepared, seed: await resumeSeed(this.options.runs, summary, takeOver), parentPaths: undefined };
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      await this.options.runs.append(runId, [{ type: 'run_status', data: { status: 'failed', reason: this.redact(reason) } }]);
      return { status: 'failed', reason };
    }
    return (await this.launch(runId, prepared, body, takeOver)).done;
  }

  private redact(text: string): string {
    return this.options.redactPaths ? this.options.redactPaths(text) : text;
  }

  /** Builds the run's context and drives it in the background; answers the outcome's promise. */
  private async launch(runId: string, prepared: PreparedRun, body: StartRunBody, takeOver?: TakeOver): Promise<{ done: Promise<RunOutcome> }> {
    const { workflowId, providerName, provider, plan, flow, stepConfig, seed, parentPaths, replay } = prepared;
    const paths = await this.options.runs.paths(runId);
    if (parentPaths) {
      // The branch continues with the files the parent had produced (context outputs of earlier steps).
      await cp(parentPaths.executionDir, paths.executionDir, { recursive: true, force: true }).catch((error: unknown) => {
        if (!isMissing(error)) throw error;
      });
    }

    const abort = new AbortController();
    const llmSettings = this.options.settings?.() ?? {};
    const engineOptions: EngineOptions = {
      ...DEFAULT_ENGINE_OPTIONS,
      ...this.options.defaults,
      // Real providers take their own time; only the scripted one is paced by default.
      paceMs: body.paceMs ?? (providerName === 'scripted' ? (this.options.defaults?.paceMs ?? DEFAULT_ENGINE_OPTIONS.paceMs) : 0),
      fastPathOnly: body.fastPathOnly ?? false,
    };
    const outstanding = new Set<Promise<unknown>>();
    let emitFailure: unknown;
    const ctx: RunContext = {
      runId,
      workflowId,
      plan,
      flow,
      stepConfig,
      llmSettings,
      paths,
      provider,
      options: engineOptions,
      signal: abort.signal,
      emit: (events) => {
        const given: EventToStore[] = Array.isArray(events) ? [...(events as EventToStore[])] : [events as EventToStore];
        const list = this.options.redactPaths ? given.map((event) => withoutServerPaths(event, this.options.redactPaths!)) : given;
        const appended = this.options.runs.append(runId, list);
        outstanding.add(appended);
        appended.then(
          () => outstanding.delete(appended),
          (error: unknown) => {
            outstanding.delete(appended);
            emitFailure ??= error;
            // Without a durable log the run cannot go on truthfully.
            abort.abort(new RunCancelled(`the event log cannot be written: ${(error as Error).message}`));
          },
        );
      },
      flushEvents: async () => {
        while (outstanding.size > 0) await Promise.allSettled([...outstanding]);
        if (emitFailure) throw emitFailure;
        await this.options.runs.sync(runId);
      },
      now: () => new Date().toISOString(),
      pace: () => sleep(engineOptions.paceMs, abort.signal),
      input: new InputGate(),
      debugger: new RunDebugger(
        [...(this.options.breakpoints?.(workflowId) ?? []), ...(body.breakpoints ?? [])],
        body.budget,
        llmSettings.pricing ?? [],
        providerName,
      ),
      objectives: new ObjectiveChannel(),
      decisionLog: new DecisionLogWriter(paths.workflowDir, paths.runDir, paths.root),
      ...(seed ? { seed } : {}),
      ...(replay ? { replay } : {}),
      openLearnCodeEndpoint: (handler) => this.openLearnCodeEndpoint(runId, handler),
    };
    ctx.emit({
      type: 'run_status',
      data: {
        status: 'running',
        workflow_id: workflowId,
        provider: providerName,
        ...(takeOver && seed
          ? { reason: runMessages.resumedOn(takeOver.worker, takeOver.from, seed.iteration) }
          : seed
            ? { parent: { run_id: seed.from.runId, iteration: seed.from.iteration, step_id: seed.stepId } }
            : {}),
      },
    });
    const done = executeRun(ctx, seed?.stepId).finally(async () => {
      await ctx.decisionLog.close().catch(() => undefined);
      this.active.delete(runId);
    });
    this.active.set(runId, { ctx, abort, done });
    return { done };
  }

  private openLearnCodeEndpoint(runId: string, handler: SubAgentCallHandler): { url: string; close: () => void } | undefined {
    const address = this.options.address?.();
    if (!address) return undefined;
    // A capability URL: the script may call sub-agents of this run only, while it runs, and
    // never sees the server's access token.
    const secret = randomBytes(16).toString('hex');
    this.learnCode.set(secret, { runId, handler });
    return { url: `http://${address.host}:${address.port}/learn-code/${secret}`, close: () => this.learnCode.delete(secret) };
  }

  /** `POST /learn-code/:secret/tools/custom/call_sub_agent` */
  callBySecret(secret: string, body: { route_id: string; todo_id: string; instructions: string }): Promise<Record<string, unknown>> {
    const endpoint = this.learnCode.get(secret);
    if (!endpoint) throw new NotFound('no_learn_code_session', runMessages.noActiveLearnCode);
    return endpoint.handler(body);
  }

  /** `POST /api/runs/:runId/tools/custom/call_sub_agent` */
  callSubAgent(runId: string, body: { route_id: string; todo_id: string; instructions: string }): Promise<Record<string, unknown>> {
    this.options.runs.require(runId);
    const endpoint = [...this.learnCode.values()].find((e) => e.runId === runId);
    if (!endpoint) throw new Conflict('no_learn_code_session', runMessages.noActiveLearnCode);
    return endpoint.handler(body);
  }

  isActive(runId: string): boolean {
    return this.active.has(runId);
  }

  /** Waits for a run this engine drives to finish (tests, shutdown). */
  async settled(runId: string): Promise<RunOutcome | undefined> {
    return this.active.get(runId)?.done;
  }

  /** Cancels a run this engine drives, or asks the process driving it (team mode); a no-op for one that has ended. */
  async cancel(runId: string, reason = 'cancelled by the user'): Promise<void> {
    const summary = this.options.runs.require(runId);
    const run = this.active.get(runId);
    if (run) {
      run.abort.abort(new RunCancelled(reason));
      return;
    }
    if (summary.provider === 'external' || summary.provider === 'import') throw new Conflict('not_engine_run', runMessages.notEngineRun(runId));
    if (this.options.remote && !isFinalRunStatus(summary.status)) await this.options.remote.send(runId, { kind: 'cancel', reason });
  }

  async answer(runId: string, raw: string | number | boolean): Promise<ParsedAnswer> {
    if (this.drivenElsewhere(runId)) return (await this.options.remote!.send(runId, { kind: 'answer', answer: raw })) as ParsedAnswer;
    return this.driven(runId, () => new Conflict('not_waiting', runMessages.notWaiting(runId))).ctx.input.answer(runId, raw);
  }

  /** The run this engine drives now; `idle()` is the error for one of ours that has ended. */
  private driven(runId: string, idle: () => Error): ActiveRun {
    const summary = this.options.runs.require(runId);
    const run = this.active.get(runId);
    if (run) return run;
    throw summary.provider === 'external' || summary.provider === 'import' ? new Conflict('not_engine_run', runMessages.notEngineRun(runId)) : idle();
  }

  /** Team mode: an engine run going on that another process drives (commands go there through the database). */
  private drivenElsewhere(runId: string): boolean {
    const summary = this.options.runs.require(runId);
    return (
      this.options.remote !== undefined &&
      !this.active.has(runId) &&
      summary.provider !== 'external' &&
      summary.provider !== 'import' &&
      !isFinalRunStatus(summary.status)
    );
  }

  /**
   * Resumes a paused run (POST /api/runs/:runId/resume); Conflict when it is not paused here.
   * Answers once the run has recorded that it goes on.
   */
  async resume(runId: string, body: ResumeBody): Promise<Resumed> {
    if (this.drivenElsewhere(runId)) return (await this.options.remote!.send(runId, { kind: 'resume', body })) as Resumed;
    const run = this.driven(runId, () => new Conflict('not_paused', runMessages.notPaused(runId)));
    const { resumed, recorded } = run.ctx.debugger.resume(runId, body);
    await recorded;
    return resumed;
  }

  /** Records an objective edit as an event; a run this engine drives also applies it from its next turn. */
  async setObjective(runId: string, objective: string, stepId?: string): Promise<EventEnvelope> {
    if (this.drivenElsewhere(runId))
      return (await this.options.remote!.send(runId, { kind: 'objective', objective, ...(stepId !== undefined ? { stepId } : {}) })) as EventEnvelope;
    this.options.runs.require(runId);
    const run = this.active.get(runId);
    const target = run ? run.ctx.objectives.set(objective, stepId) : stepId !== undefined ? { stepId } : {};
    const [envelope] = await this.options.runs.append(runId, [
      {
        type: 'objective_updated',
        data: {
          objective,
          ...(target.stepId !== undefined ? { step_id: target.stepId } : {}),
          ...('previous' in target && target.previous !== undefined ? { previous: target.previous } : {}),
          updated_by: 'user',
        },
      },
    ]);
    return envelope!;
  }

  /** Carries out a command another process sent for a run this engine drives (team mode). */
  async carryOut(runId: string, command: RunCommand): Promise<unknown> {
    switch (command.kind) {
      case 'cancel':
        await this.cancel(runId, command.reason);
        await this.settled(runId);
        return {};
      case 'answer':
        return this.answer(runId, command.answer);
      case 'resume':
        return this.resume(runId, command.body);
      case 'objective':
        return this.setObjective(runId, command.objective, command.stepId);
    }
  }

  /** Stops driving a run whose lease another worker took: its events are fenced, so it just ends here. */
  async abandon(runId: string): Promise<void> {
    const run = this.active.get(runId);
    if (!run) return;
    run.abort.abort(new RunCancelled('another worker took this run over'));
    await run.done.catch(() => undefined);
  }

  /** Cancels every run (server shutdown) and waits for them to record it. */
  async close(): Promise<void> {
    const runs = [...this.active.values()];
    for (const run of runs) run.abort.abort(new RunCancelled('the planvas server is shutting down'));
    await Promise.allSettled(runs.map((r) => r.done));
  }
}
