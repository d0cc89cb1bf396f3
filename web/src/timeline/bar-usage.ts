import { isEvent, type LlmUsage, type PlanvasEvent, type RunUsage } from '@planvas/shared';
import type { TimelineBar } from './timeline-bars';

/** The model calls that fall in one bar: what its tooltip shows. */
export interface BarUsage {
  calls: number;
  inputTokens: number;
  outputTokens: number;
  cacheReadTokens: number;
  /** Calls whose counts no model produced (the scripted provider derives them from text sizes). */
  simulatedCalls: number;
  /** From the usage API's group of the bar (step, iteration, todo); absent when nothing in it is priced. */
  costUsd?: number;
}

type Totals = Omit<BarUsage, 'costUsd'>;

const empty = (): Totals => ({ calls: 0, inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, simulatedCalls: 0 });
const key2 = (a: string, b: number | null | undefined) => `${a}\u0000${b ?? ''}`;
const key4 = (a: string, b: number | null | undefined, c: string | null | undefined, d: string | null | undefined) =>
  `${a}\u0000${b ?? ''}\u0000${c ?? ''}\u0000${d ?? ''}`;

function add(totals: Totals, d: LlmUsage): void {
  totals.calls++;
  totals.inputTokens += d.input_tokens;
  totals.outputTokens += d.output_tokens;
  totals.cacheReadTokens += d.cache_read_tokens ?? 0;
  if (d.simulated) totals.simulatedCalls++;
}

/** Agents that call a model for the step itself, never for a delegation. */
const OWN_CALLS = new Set(['orchestrator', 'choice', 'step_agent']);

/**
 * The `llm_usage` events of a run indexed the way bars are keyed, so the usage of any bar is a map
 * read (a 10,000-bar run is hovered without scanning its events). A delegation's call counts under
 * the delegating step (as in the usage API), so a step's bar includes its delegations.
 */
export class BarUsageIndex {
  private readonly steps = new Map<string, Totals>();
  private readonly iterations = new Map<string, Totals>();
  private readonly delegations = new Map<string, Totals>();
  private readonly costs = { steps: new Map<string, number>(), iterations: new Map<string, number>(), todos: new Map<string, number>() };

  constructor(events: ReadonlyArray<PlanvasEvent>, usage?: RunUsage | null) {
    for (const event of events) {
      if (!isEvent(event, 'llm_usage')) continue;
      const d = event.data;
      add(this.bucket(this.steps, d.step_id), d);
      if (d.iteration != null) add(this.bucket(this.iterations, key2(d.step_id, d.iteration)), d);
      if (!OWN_CALLS.has(d.agent) && (d.route_id != null || d.todo_id != null))
        add(this.bucket(this.delegations, key4(d.step_id, d.iteration, d.route_id, d.todo_id)), d);
    }
    for (const s of usage?.steps ?? []) if (s.costUsd !== undefined) this.costs.steps.set(s.stepId, s.costUsd);
    for (const s of usage?.iterations ?? []) if (s.costUsd !== undefined) this.costs.iterations.set(key2(s.stepId, s.iteration), s.costUsd);
    for (const s of usage?.todos ?? []) if (s.costUsd !== undefined) this.costs.todos.set(`${s.stepId}\u0000${s.todoId}`, s.costUsd);
  }

  private bucket(map: Map<string, Totals>, k: string): Totals {
    let totals = map.get(k);
    if (!totals) map.set(k, (totals = empty()));
    return totals;
  }

  of(bar: TimelineBar): BarUsage | null {
    let totals: Totals | undefined;
    let cost: number | undefined;
    if (bar.kind === 'step') {
      totals = this.steps.get(bar.stepId);
      cost = this.costs.steps.get(bar.stepId);
    } else if (bar.kind === 'iteration') {
      totals = this.iterations.get(key2(bar.stepId, bar.iteration));
      cost = this.costs.iterations.get(key2(bar.stepId, bar.iteration));
    } else if (bar.kind === 'delegation') {
      totals = this.delegations.get(key4(bar.stepId, bar.iteration, bar.routeId, bar.todoId));
      // The API sums by todo: a todo delegated once costs what its delegation cost.
      if (bar.todoId !== undefined) cost = this.costs.todos.get(`${bar.stepId}\u0000${bar.todoId}`);
    }
    if (!totals) return null;
    return cost !== undefined ? { ...totals, costUsd: cost } : { ...totals };
  }
}
