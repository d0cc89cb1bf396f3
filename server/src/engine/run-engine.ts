import { randomBytes } from 'node:crypto';
import { cp } from 'node:fs/promises';
import {
  asKnownStep,
  buildFlow,
  forkEdits,
  type Breakpoint,
  readPlan,
  readStepConfig,
  todoStateAt,
  type EventEnvelope,
  type ExecutionProvider,
  type ResumeBody,
  type RunSummary,
  type StartRunBody,
  type StepConfig,
  type WorkspaceSettings,
} from '@planvas/shared';
import { Conflict, InvalidInput, NotFound, Unprocessable } from '../errors/domain-errors';
import { DecisionLogWriter } from '../runs/decision-log-writer';
import type { EventToStore } from '../runs/event-log';
import { runMessages } from '../runs/messages';
import type { RunStore } from '../runs/run-store';
import type { WorkspaceRepository } from '../workspace/workspace-repository';
import { readJsonFile } from '../workspace/json-file';
import { isMissing } from '../workspace/safe-path';
import { DEFAULT_ENGINE_OPTIONS, type EngineOptions } from './engine-options';
import { executeRun, type RunOutcome } from './executor';
import { RunDebugger, type Resumed } from './debugging/run-debugger';
import { ReplayRecording } from './replay/replay-recording';
import { InputGate, type ParsedAnswer } from './human-input';
import { ObjectiveChannel } from './objective-channel';
import { sleep } from './pace';
import { defaultProviderFactory, type ProviderFactory } from './providers/create-provider';
import type { RunContext, RunSeed, SubAgentCallHandler } from './run-context';
import { RunCancelled } from './step-failure';
import { stepsCompletedAtSnapshot } from './todo-task/carried-over';

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
}

interface ActiveRun {
  ctx: RunContext;
  abort: AbortController;
  done: Promise<RunOutcome>;
}

/** The seed as the user edited it in the "continue from here" dialog (todos, objective), with what changed. */
function withEdits(seed: RunSeed, from: NonNullable<StartRunBody['from']>): RunSeed {
  if (from.todos === undefined && from.objective === undefined) return seed;
  const list = {
    ...seed.list,
    ...(from.todos !== undefined ? { todos: from.todos } : {}),
    ...(from.objective !== undefined ? { objective: from.objective } : {}),
  };
  const edits = forkEdits(seed.list, list);
  return { ...seed, list, ...(edits ? { edits } : {}) };
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

  async start(workflowId: string, body: StartRunBody): Promise<RunSummary> {
    const providerName: ExecutionProvider = body.provider ?? 'scripted';
    const provider = (this.options.providers ?? defaultProviderFactory)(providerName);
    if ('unavailable' in provider)
      throw new InvalidInput('provider_unavailable', provider.unavailable, [{ path: '$.provider', message: provider.unavailable }]);

    const files = await this.options.workspace.locate(workflowId);
    const planFile = await readJsonFile(files.planPath);
    const planRead = planFile?.source ? readPlan(planFile.source.value) : undefined;
    if (!planRead?.ok) {
      const details = planRead && !planRead.ok ? planRead.details : planFile?.unreadable ? [planFile.unreadable] : [];
      throw new Unprocessable('plan_unrunnable', runMessages.planUnreadable(files.id), details);
    }
    let stepConfig: StepConfig | undefined;
    const configFile = await readJsonFile(files.stepConfigPath);
    if (configFile) {
      const read = configFile.source ? readStepConfig(configFile.source.value) : undefined;
      if (!read?.ok)
        throw new Unprocessable(
          'step_config_unrunnable',
          runMessages.stepConfigUnreadable(files.id),
          read && !read.ok ? read.details : configFile.unreadable ? [configFile.unreadable] : [],
        );
      stepConfig = read.config;
    }
    const flow = buildFlow(planRead.plan);
    if (flow.entry === undefined) throw new Unprocessable('plan_empty', runMessages.noEntry);

    let seed: RunSeed | undefined;
    let parentPaths: Awaited<ReturnType<RunStore['paths']>> | undefined;
    if (body.from) {
      const parent = this.options.runs.require(body.from.runId);
      if (parent.workflowId !== files.id)
        throw new InvalidInput('branch_other_workflow', runMessages.branchOtherWorkflow(parent.id), [{ path: '$.from.runId', message: 'another workflow' }]);
      seed = withEdits(await this.seedFrom(parent, body.from.iteration, body.from.stepId), body.from);
      const step = flow.nodes.get(seed.stepId)?.step;
      if (!step || asKnownStep(step)?.type !== 'todo_task') throw new Conflict('branch_step_gone', runMessages.branchStepGone(seed.stepId));
      parentPaths = await this.options.runs.paths(parent.id);
    }

    let replay: ReplayRecording | undefined;
    if (body.replay) {
      const recorded = this.options.runs.require(body.replay.runId);
      if (recorded.workflowId !== files.id)
        throw new InvalidInput('replay_other_workflow', runMessages.replayOtherWorkflow(recorded.id), [
          { path: '$.replay.runId', message: 'another workflow' },
        ]);
      const recordedPaths = await this.options.runs.paths(recorded.id);
      replay = ReplayRecording.fromEvents(await this.options.runs.events(recorded.id), body.replay, recordedPaths.executionDir);
    }

    const summary = await this.options.runs.create({
      workflowId: files.id,
      provider: providerName,
      ...(seed ? { parent: { runId: seed.from.runId, iteration: seed.from.iteration, stepId: seed.stepId } } : {}),
    });
    const paths = await this.options.runs.paths(summary.id);
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
    const runId = summary.id;
    const ctx: RunContext = {
      runId,
      workflowId: files.id,
      plan: planRead.plan,
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
        [...(this.options.breakpoints?.(files.id) ?? []), ...(body.breakpoints ?? [])],
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
        workflow_id: files.id,
        provider: providerName,
        ...(seed ? { parent: { run_id: seed.from.runId, iteration: seed.from.iteration, step_id: seed.stepId } } : {}),
      },
    });
    const done = executeRun(ctx, seed?.stepId).finally(async () => {
      await ctx.decisionLog.close().catch(() => undefined);
      this.active.delete(runId);
    });
    this.active.set(runId, { ctx, abort, done });
    return this.options.runs.get(runId) ?? summary;
  }

  /** The todo list and objective of `parent` at `iteration`, for a branched run. */
  private async seedFrom(parent: RunSummary, iteration: number, stepId: string | undefined): Promise<RunSeed> {
    const events: EventEnvelope[] = await this.options.runs.events(parent.id);
    const stepIds = [...new Set(events.filter((e) => e.type === 'todo_snapshot').map((e) => String(e.data['step_id'])))];
    const chosen = stepId ?? (stepIds.length === 1 ? stepIds[0] : undefined);
    if (chosen === undefined) {
      if (stepIds.length > 1)
        throw new InvalidInput('branch_step_ambiguous', runMessages.branchAmbiguousStep(parent.id, stepIds), [{ path: '$.from.stepId', message: 'required' }]);
      throw new Conflict('branch_no_snapshot', runMessages.branchNoSnapshot(parent.id, iteration), [{ path: '$.from.iteration', message: 'no snapshot' }]);
    }
    const snapshot = todoStateAt(events, { stepId: chosen, iteration });
    if (!snapshot)
      throw new Conflict('branch_no_snapshot', runMessages.branchNoSnapshot(parent.id, iteration), [{ path: '$.from.iteration', message: 'no snapshot' }]);
    return {
      stepId: chosen,
      list: { step_id: chosen, ...(snapshot.objective != null ? { objective: snapshot.objective } : {}), todos: snapshot.todos },
      iteration,
      from: { runId: parent.id, iteration },
      carriedOver: stepsCompletedAtSnapshot(events, chosen, iteration),
    };
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

  cancel(runId: string, reason = 'cancelled by the user'): void {
    const summary = this.options.runs.require(runId);
    const run = this.active.get(runId);
    if (!run) {
      if (summary.provider === 'external' || summary.provider === 'import') throw new Conflict('not_engine_run', runMessages.notEngineRun(runId));
      return; // already ended: cancelling is a no-op
    }
    run.abort.abort(new RunCancelled(reason));
  }

  answer(runId: string, raw: string | number | boolean): ParsedAnswer {
    return this.driven(runId, () => new Conflict('not_waiting', runMessages.notWaiting(runId))).ctx.input.answer(runId, raw);
  }

  /** The run this engine drives now; `idle()` is the error for one of ours that has ended. */
  private driven(runId: string, idle: () => Error): ActiveRun {
    const summary = this.options.runs.require(runId);
    const run = this.active.get(runId);
    if (run) return run;
    throw summary.provider === 'external' || summary.provider === 'import' ? new Conflict('not_engine_run', runMessages.notEngineRun(runId)) : idle();
  }

  /**
   * Resumes a paused run (POST /api/runs/:runId/resume); Conflict when it is not paused here.
   * Answers once the run has recorded that it goes on.
   */
  async resume(runId: string, body: ResumeBody): Promise<Resumed> {
    const run = this.driven(runId, () => new Conflict('not_paused', runMessages.notPaused(runId)));
    const { resumed, recorded } = run.ctx.debugger.resume(runId, body);
    await recorded;
    return resumed;
  }

  /** Records an objective edit as an event; a run this engine drives also applies it from its next turn. */
  async setObjective(runId: string, objective: string, stepId?: string): Promise<EventEnvelope> {
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

  /** Cancels every run (server shutdown) and waits for them to record it. */
  async close(): Promise<void> {
    const runs = [...this.active.values()];
    for (const run of runs) run.abort.abort(new RunCancelled('the planvas server is shutting down'));
    await Promise.allSettled(runs.map((r) => r.done));
  }
}
