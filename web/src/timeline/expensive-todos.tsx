import type { RunUsage } from '@planvas/shared';
import { formatTokens, formatUsd } from './usage-format';

type TodoUsage = RunUsage['todos'][number];

/** The `count` todos that cost most; by tokens (in + out) when nothing is priced. */
export function mostExpensiveTodos(todos: ReadonlyArray<TodoUsage>, count = 5): { todos: TodoUsage[]; by: 'cost' | 'tokens' } {
  const priced = todos.some((t) => t.costUsd !== undefined);
  const score = (t: TodoUsage) => (priced ? (t.costUsd ?? 0) : t.inputTokens + t.outputTokens);
  return { todos: [...todos].sort((a, b) => score(b) - score(a)).slice(0, count), by: priced ? 'cost' : 'tokens' };
}

/** Side list of the timeline: where the run's money (or tokens) went, todo by todo. */
export function ExpensiveTodos({ usage, titles }: { usage: RunUsage | null; titles: ReadonlyMap<string, string> }) {
  const { todos, by } = mostExpensiveTodos(usage?.todos ?? []);
  return (
    <section className="pv-expensive-todos" aria-labelledby="pv-expensive-todos-title" data-testid="expensive-todos">
      <h3 id="pv-expensive-todos-title">Most expensive todos</h3>
      {todos.length === 0 ? (
        <p className="pv-muted">{usage ? 'No model calls for todos yet.' : 'Loading…'}</p>
      ) : (
        <ol>
          {todos.map((t) => {
            const simulated = t.simulatedCalls > 0;
            return (
              <li key={`${t.stepId}:${t.todoId}`}>
                <span className="pv-expensive-todos__todo" title={t.todoId}>
                  {titles.get(t.todoId) ?? t.todoId}
                </span>
                <span className="pv-expensive-todos__figure">
                  {by === 'cost' && t.costUsd !== undefined
                    ? formatUsd(t.costUsd, simulated)
                    : `${formatTokens(t.inputTokens + t.outputTokens, simulated)} tokens`}
                </span>
              </li>
            );
          })}
        </ol>
      )}
      <p className="pv-muted pv-expensive-todos__by">{by === 'cost' ? 'By cost.' : 'By tokens (no prices set).'}</p>
    </section>
  );
}
