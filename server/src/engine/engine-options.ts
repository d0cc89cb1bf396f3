/** Knobs of one run. Defaults make the demo watchable; tests and benchmarks use `paceMs: 0`. */
export interface EngineOptions {
  /**
   * Pause before each action of the scripted provider (an orchestrator turn, a sub-agent, a
   * step). The demo workflow takes about 20 actions, so the default makes it run ~15 s.
   */
  paceMs: number;
  /** Hard cap on steps executed in one run: a plan that loops forever stops with a clear error. */
  maxSteps: number;
  /** Turns of a todo_task step when its config sets no `execution_max_turns`. */
  defaultMaxTurns: number;
  subAgentTimeoutMs: number;
  orchestratorTimeoutMs: number;
  learnCodeTimeoutMs: number;
  /** learn_code `fast_path_only`: no orchestrator fallback; a failing script fails the step. */
  fastPathOnly: boolean;
}

export const DEFAULT_PACE_MS = 700;

export const DEFAULT_ENGINE_OPTIONS: EngineOptions = {
  paceMs: DEFAULT_PACE_MS,
  maxSteps: 500,
  defaultMaxTurns: 50,
  subAgentTimeoutMs: 10 * 60_000,
  orchestratorTimeoutMs: 5 * 60_000,
  learnCodeTimeoutMs: 10 * 60_000,
  fastPathOnly: false,
};
