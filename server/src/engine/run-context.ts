import type { Flow, Plan, StepConfig, TodoList, WorkspaceSettings } from '@planvas/shared';
import type { EventToStore } from '../runs/event-log';
import type { DecisionLogWriter } from '../runs/decision-log-writer';
import type { RunPaths } from '../runs/run-store';
import type { EngineOptions } from './engine-options';
import type { InputGate } from './human-input';
import type { ObjectiveChannel } from './objective-channel';
import type { Provider } from './providers/provider';
import type { RunDebugger } from './debugging/run-debugger';
import type { ForkEdits } from '@planvas/shared';
import type { ReplayRecording } from './replay/replay-recording';

/** Todo state a branched run starts its todo_task step from ("continue from here"). */
export interface RunSeed {
  stepId: string;
  list: TodoList;
  /** The parent's iteration whose snapshot this is; the branch continues at iteration + 1. */
  iteration: number;
  from: { runId: string; iteration: number };
  /** Steps the parent had completed by that snapshot: the branch starts them as completed (carried over), not pending. */
  carriedOver: readonly string[];
  /** What the user changed in the snapshot before the fork started (the seeded snapshot records it). */
  edits?: ForkEdits;
}

/** A call from a learn_code script: `POST ${MCP_API_URL}/tools/custom/call_sub_agent`. */
export type SubAgentCallHandler = (body: { route_id: string; todo_id: string; instructions: string }) => Promise<Record<string, unknown>>;

/** Everything a step runner needs about its run. */
export interface RunContext {
  runId: string;
  workflowId: string;
  plan: Plan;
  flow: Flow;
  stepConfig: StepConfig | undefined;
  /** The workspace's preset and default LLM as they were when the run started (the chain's last levels). */
  llmSettings: WorkspaceSettings;
  paths: RunPaths;
  provider: Provider;
  options: EngineOptions;
  signal: AbortSignal;
  /**
   * Queues events for the durable log; order is kept, durability is awaited in flushEvents()
   * (before waiting on a human and when the run ends), so a fast run is not paced by fsync.
   */
  emit(events: EventToStore | ReadonlyArray<EventToStore>): void;
  flushEvents(): Promise<void>;
  now(): string;
  /** The scripted provider's pause between actions (no-op at paceMs 0). */
  pace(): Promise<void>;
  input: InputGate;
  /** A replay's recording of an earlier run: pinned delegations reuse its results (replay/replay-recording.ts). */
  replay?: ReplayRecording;
  /** Breakpoints, budget and step mode (debugging/run-debugger.ts). */
  debugger: RunDebugger;
  objectives: ObjectiveChannel;
  decisionLog: DecisionLogWriter;
  seed?: RunSeed;
  /**
   * Opens the callback endpoint for a learn_code script: answers the MCP_API_URL to give it, or
   * undefined when the server is not listening on a port. close() must be called when it exits.
   */
  openLearnCodeEndpoint(handler: SubAgentCallHandler): { url: string; close: () => void } | undefined;
}
