import { isEvent, type PlanvasEvent } from './envelopes';
import type { LlmUsage, ModelPrice } from './usage-schema';

export interface UsageTotals {
  calls: number;
  inputTokens: number;
  outputTokens: number;
  cacheReadTokens: number;
  reasoningTokens: number;
  latencyMs: number;
  /** Sum over the priced calls; absent when none was priced. */
  costUsd?: number;
  /** Calls whose provider and model have no price: the cost leaves them out. */
  unpricedCalls: number;
  /** Calls whose counts no model produced (the scripted provider). */
  simulatedCalls: number;
}

export interface RunUsage {
  total: UsageTotals;
  steps: Array<{ stepId: string } & UsageTotals>;
  iterations: Array<{ stepId: string; iteration: number } & UsageTotals>;
  todos: Array<{ stepId: string; todoId: string } & UsageTotals>;
  routes: Array<{ stepId: string; routeId: string } & UsageTotals>;
  models: Array<{ provider: string; model: string } & UsageTotals>;
}

const emptyTotals = (): UsageTotals => ({
  calls: 0,
  inputTokens: 0,
  outputTokens: 0,
  cacheReadTokens: 0,
  reasoningTokens: 0,
  latencyMs: 0,
  unpricedCalls: 0,
  simulatedCalls: 0,
});

/** What one call costs at `price`, in US dollars; cached prompt tokens at their own price when there is one. */
export function callCostUsd(usage: Pick<LlmUsage, 'input_tokens' | 'output_tokens' | 'cache_read_tokens'>, price: ModelPrice): number {
  const cached = Math.min(usage.cache_read_tokens ?? 0, usage.input_tokens);
  const fresh = usage.input_tokens - cached;
  return (fresh * price.inputPerMTok + cached * (price.cacheReadPerMTok ?? price.inputPerMTok) + usage.output_tokens * price.outputPerMTok) / 1_000_000;
}

/** The price of `provider`/`model`, or undefined; a lookup table so a big run's usage costs one map read per call. */
export function priceTable(pricing: ReadonlyArray<ModelPrice>): (provider: string, model: string) => ModelPrice | undefined {
  const byKey = new Map<string, ModelPrice>();
  for (const price of pricing) byKey.set(`${price.provider}\u0000${price.model}`, price);
  return (provider, model) => byKey.get(`${provider}\u0000${model}`);
}

function add(totals: UsageTotals, usage: LlmUsage, cost: number | undefined): void {
  totals.calls++;
  totals.inputTokens += usage.input_tokens;
  totals.outputTokens += usage.output_tokens;
  totals.cacheReadTokens += usage.cache_read_tokens ?? 0;
  totals.reasoningTokens += usage.reasoning_tokens ?? 0;
  totals.latencyMs += usage.latency_ms;
  if (usage.simulated) totals.simulatedCalls++;
  if (cost === undefined) totals.unpricedCalls++;
  else totals.costUsd = (totals.costUsd ?? 0) + cost;
}

/** Totals by a key, in the order keys first appear. */
class Groups<K extends object> {
  private readonly byKey = new Map<string, K & UsageTotals>();
  constructor(private readonly keyOf: (usage: LlmUsage) => K | undefined) {}
  add(usage: LlmUsage, cost: number | undefined): void {
    const key = this.keyOf(usage);
    if (!key) return;
    const id = JSON.stringify(Object.values(key));
    let group = this.byKey.get(id);
    if (!group) {
      group = { ...key, ...emptyTotals() };
      this.byKey.set(id, group);
    }
    add(group, usage, cost);
  }
  list(): Array<K & UsageTotals> {
    return [...this.byKey.values()];
  }
}

/** A run's usage from its events: every `llm_usage` counted once in the total and in each group it belongs to. */
export class UsageSummary {
  private readonly total = emptyTotals();
  private readonly steps = new Groups((u) => ({ stepId: u.step_id }));
  private readonly iterations = new Groups((u) => (u.iteration != null ? { stepId: u.step_id, iteration: u.iteration } : undefined));
  private readonly todos = new Groups((u) => (u.todo_id != null ? { stepId: u.step_id, todoId: u.todo_id } : undefined));
  private readonly routes = new Groups((u) => (u.route_id != null ? { stepId: u.step_id, routeId: u.route_id } : undefined));
  private readonly models = new Groups((u) => ({ provider: u.provider, model: u.model }));
  private readonly price: ReturnType<typeof priceTable>;

  constructor(pricing: ReadonlyArray<ModelPrice> = []) {
    this.price = priceTable(pricing);
  }

  /** Counts the `llm_usage` events among `events`; others are passed by. */
  addEvents(events: Iterable<PlanvasEvent>): this {
    for (const event of events) if (isEvent(event, 'llm_usage')) this.add(event.data);
    return this;
  }

  add(usage: LlmUsage): void {
    const price = this.price(usage.provider, usage.model);
    const cost = price ? callCostUsd(usage, price) : undefined;
    add(this.total, usage, cost);
    for (const groups of [this.steps, this.iterations, this.todos, this.routes, this.models] as Array<Groups<object>>) groups.add(usage, cost);
  }

  result(): RunUsage {
    return {
      total: { ...this.total },
      steps: this.steps.list(),
      iterations: this.iterations.list(),
      todos: this.todos.list(),
      routes: this.routes.list(),
      models: this.models.list(),
    };
  }
}
