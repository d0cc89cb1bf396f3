import {
  asKnownStep,
  buildFlow,
  forkEdits,
  readPlan,
  readStepConfig,
  todoStateAt,
  type EventEnvelope,
  type ExecutionProvider,
  type RunSummary,
  type StartRunBody,
  type StepConfig,
} from '@planvas/shared';
import { Conflict, InvalidInput, Unprocessable } from '../errors/domain-errors';
import { runMessages } from '../runs/messages';
import type { RunPaths, RunStore } from '../runs/run-store';
import { readJsonFile } from '../workspace/json-file';
import type { WorkspaceRepository } from '../workspace/workspace-repository';
import { defaultProviderFactory, type ProviderFactory } from './providers/create-provider';
import { ReplayRecording } from './replay/replay-recording';
import type { RunContext, RunSeed } from './run-context';
import { stepsCompletedAtSnapshot } from './todo-task/carried-over';

/**
 * What a run start checks and reads before the run exists (the plan, its step config, the seed of
 * a branch, the recording of a replay), and the seed a taken-over run goes on from. A refusal here
 * is an answer to the request; nothing has been written.
 */

export interface PrepareDeps {
  runs: RunStore;
  workspace: WorkspaceRepository;
  providers?: ProviderFactory;
}

/** A run a worker took over from one that stopped: it goes on from its last todo snapshot. */
export interface TakeOver {
  worker: string;
  from: string;
}

/** Everything start() checks and reads before a run exists. */
export interface PreparedRun {
  workflowId: string;
  providerName: ExecutionProvider;
  provider: Exclude<ReturnType<ProviderFactory>, { unavailable: string }>;
  plan: RunContext['plan'];
  flow: RunContext['flow'];
  stepConfig: StepConfig | undefined;
  seed: RunSeed | undefined;
  parentPaths: RunPaths | undefined;
  replay: ReplayRecording | undefined;
}

export async function prepareRun(deps: PrepareDeps, workflowId: string, body: StartRunBody): Promise<PreparedRun> {
  const providerName: ExecutionProvider = body.provider ?? 'scripted';
  const provider = (deps.providers ?? defaultProviderFactory)(providerName);
  if ('unavailable' in provider) throw new InvalidInput('provider_unavailable', provider.unavailable, [{ path: '$.provider', message: provider.unavailable }]);

  const files = await deps.workspace.locate(workflowId);
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
    const parent = await requireLoaded(deps.runs, body.from.runId);
    if (parent.workflowId !== files.id)
      throw new InvalidInput('branch_other_workflow', runMessages.branchOtherWorkflow(parent.id), [{ path: '$.from.runId', message: 'another workflow' }]);
    seed = withEdits(await seedFrom(deps.runs, parent, body.from.iteration, body.from.stepId), body.from);
    const step = flow.nodes.get(seed.stepId)?.step;
    if (!step || asKnownStep(step)?.type !== 'todo_task') throw new Conflict('branch_step_gone', runMessages.branchStepGone(seed.stepId));
    parentPaths = await deps.runs.paths(parent.id);
  }

  let replay: ReplayRecording | undefined;
  if (body.replay) {
    const recorded = await requireLoaded(deps.runs, body.replay.runId);
    if (recorded.workflowId !== files.id)
      throw new InvalidInput('replay_other_workflow', runMessages.replayOtherWorkflow(recorded.id), [{ path: '$.replay.runId', message: 'another workflow' }]);
    const recordedPaths = await deps.runs.paths(recorded.id);
    replay = ReplayRecording.fromEvents(await deps.runs.events(recorded.id), body.replay, recordedPaths.executionDir);
  }

  return { workflowId: files.id, providerName, provider, plan: planRead.plan, flow, stepConfig, seed, parentPaths, replay };
}

/** A run's row, read from the store first when this process has not heard of it (team mode). */
async function requireLoaded(runs: RunStore, runId: string): Promise<RunSummary> {
  if (!runs.get(runId)) await runs.load(runId);
  return runs.require(runId);
}

/** The todo list and objective of `parent` at `iteration`, for a branched run. */
async function seedFrom(runs: RunStore, parent: RunSummary, iteration: number, stepId: string | undefined, known?: EventEnvelope[]): Promise<RunSeed> {
  const events: EventEnvelope[] = known ?? (await runs.events(parent.id));
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

/** The seed of a taken-over run: its own latest todo snapshot (Conflict when there is none). */
export async function resumeSeed(runs: RunStore, summary: RunSummary, takeOver: TakeOver): Promise<RunSeed> {
  const events = await runs.events(summary.id);
  const last = events.findLast((e) => e.type === 'todo_snapshot');
  if (!last) throw new Conflict('cannot_resume', runMessages.cannotResume(takeOver.from));
  return seedFrom(runs, summary, Number(last.data['iteration'] ?? 0), String(last.data['step_id']), events);
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
