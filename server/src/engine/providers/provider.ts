import type { LlmConfig, Route, SequenceItem, StepConfigEntry, SubAgentStep, TodoItem, OrchestratingStep, ValidationSchema } from '@planvas/shared';
import type { TodoToolbox } from '../todo-task/todo-toolbox';

/**
 * One model call as the provider measured it. The engine adds where the call was made (step,
 * iteration, todo, route) and records it as an `llm_usage` event (docs/api.md "Usage and cost").
 */
export interface ModelCall {
  model: string;
  input_tokens: number;
  output_tokens: number;
  cache_read_tokens?: number;
  reasoning_tokens?: number;
  latency_ms: number;
  /** Counts no model produced (the scripted provider derives them from text sizes). */
  simulated: boolean;
  /** The endpoint's reply had no `usage`: the tokens are unknown, not zero. */
  usage_missing?: boolean;
}

/** Where a provider reports each model call it makes; absent when nobody records usage (provider unit tests). */
export type UsageSink = (call: ModelCall) => void;

/** One orchestrator turn of a todo_task step (docs/formats.md "Execution flow"). */
export interface OrchestratorTurn {
  step: OrchestratingStep;
  routes: Route[];
  genericEnabled: boolean;
  iteration: number;
  maxTurns: number;
  objective: string | undefined;
  /** The only way to change the todo list. */
  todos: TodoToolbox;
  /** The run's working folder (the orchestrator may work directly). */
  workDir: string;
  /** The step's context_output files and effective validation_schema. */
  outputs: string[];
  validation: ValidationSchema | undefined;
  llm: LlmConfig | undefined;
  config: StepConfigEntry | undefined;
  signal: AbortSignal;
  usage?: UsageSink;
}

export interface OrchestratorDecision {
  /** The TodoTaskResponse as the provider produced it; the executor validates it. */
  response: unknown;
  model?: string;
}

/** Work for a sub-agent: a predefined route's step, the generic agent, or a regular step itself. */
export interface AgentTask {
  kind: 'predefined' | 'generic' | 'step';
  /** The todo_task (or orchestration) step that delegates; the step itself for `step`. */
  parentStepId: string;
  step: SubAgentStep;
  route?: Route;
  todo?: TodoItem;
  instructions: string;
  successCriteria: string;
  /** Files the agent is expected to write into workDir. */
  outputs: string[];
  validation: ValidationSchema | undefined;
  workDir: string;
  llm: LlmConfig | undefined;
  signal: AbortSignal;
  usage?: UsageSink;
  /**
   * Set when the agent runs one item of a message_sequence (or an agent step without routes):
   * the step alone does not say which item, which foreach iteration, or which scripts it stands
   * in for. The step's own fields (system_prompt, crew ids) are read from `step`.
   */
  sequenceItem?: SequenceItemRun;
}

/** One run of a sequence item, as sequence-step.ts runs it. */
export interface SequenceItemRun {
  /** The item as written in the plan. */
  item: SequenceItem;
  /** Its type as run: an untyped item is `user_message`; older names (`message`, `code`) are kept. */
  type: string;
  /** 0-based position among the step's items, and how many there are. */
  index: number;
  count: number;
  /** foreach only: this run (1-based) and how many runs the engine makes. */
  iteration?: number;
  iterations?: number;
}

export interface AgentResult {
  /** What was achieved; becomes the todo's `result`. */
  summary: string;
  files: string[];
}

/**
 * A branch choice: routing routes, a branch step's routes, conditional / decision true-false, an
 * orchestration route.
 */
export interface ChoiceRequest {
  stepId: string;
  kind: 'routing' | 'branch' | 'conditional' | 'decision' | 'orchestration';
  question: string;
  options: Array<{ id: string; label: string; condition?: string }>;
  defaultId?: string;
  /** branch only: the step picks by value, but no value could be used, so the provider is asked. */
  valueMiss?: BranchValueMiss;
  llm: LlmConfig | undefined;
  signal: AbortSignal;
  usage?: UsageSink;
}

/** Why a value-driven branch (value_path / value_cases) could not pick its route by value. */
export interface BranchValueMiss {
  valuePath?: string;
  sourceFile?: string;
  cases: Record<string, string>;
  /** Plain words: the file is missing, no value at the path, no case for the value, ... */
  reason: string;
  /** The value that was read, when one was but no case took it. */
  value?: string;
}

export interface ChoiceResult {
  id: string;
  reasoning: string;
}

export interface Provider {
  readonly name: 'scripted' | 'openai';
  orchestrate(turn: OrchestratorTurn): Promise<OrchestratorDecision>;
  runAgent(task: AgentTask): Promise<AgentResult>;
  choose(request: ChoiceRequest): Promise<ChoiceResult>;
}

/** A provider's answer that cannot be used (bad JSON, wrong schema, unknown todo): the step fails with this. */
export class ProviderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProviderError';
  }
}
