import type { LlmConfig, Route, StepConfigEntry, SubAgentStep, TodoItem, OrchestratingStep, ValidationSchema } from '@planvas/shared';
import type { TodoToolbox } from '../todo-toolbox';

/** One orchestrator turn of a todo_task step (seed 001 "Execution Flow"). */
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
}

export interface AgentResult {
  /** What was achieved; becomes the todo's `result`. */
  summary: string;
  files: string[];
}

/** A branch choice: routing routes, conditional / decision true-false, an orchestration route. */
export interface ChoiceRequest {
  stepId: string;
  kind: 'routing' | 'conditional' | 'decision' | 'orchestration';
  question: string;
  options: Array<{ id: string; label: string; condition?: string }>;
  defaultId?: string;
  llm: LlmConfig | undefined;
  signal: AbortSignal;
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
