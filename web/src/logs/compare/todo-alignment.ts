import { isEvent, type PlanvasEvent } from '@planvas/shared';

/** What one run did with a todo: who got it, when, what it answered, what its model calls used. */
export type TodoWork = {
  todoId: string;
  title: string;
  route: string;
  iteration: number;
  result?: string;
  tokens: number;
  latencyMs: number;
  /** Its tokens include counts no model produced (the scripted provider). */
  simulated: boolean;
};

/** A line of the aligned compare: the same todo (by title) in both runs, or in one only. */
export type AlignedTodo = {
  key: string;
  title: string;
  left?: TodoWork;
  right?: TodoWork;
  /** Both did it, each with another route. */
  routeDiverged: boolean;
  resultChanged: boolean;
  /** right − left, when both did it. */
  tokenDelta?: number;
  latencyDelta?: number;
};

/**
 * The delegations of step `stepId` in a run's events, one per todo delegated, in order, with the
 * usage of the calls made for it. `afterIteration` keeps only what happened after a branch point.
 */
export function todoWorkOf(events: ReadonlyArray<PlanvasEvent>, stepId: string | null, afterIteration = 0): TodoWork[] {
  const work = new Map<string, TodoWork>();
  for (const event of events) {
    if (isEvent(event, 'todo_task_route_selected')) {
      const d = event.data;
      if ((stepId !== null && d.step_id !== stepId) || d.next_action !== 'delegate' || !d.todo_id_to_execute || d.iteration <= afterIteration) continue;
      work.set(d.todo_id_to_execute, {
        todoId: d.todo_id_to_execute,
        title: d.todo_title ?? d.todo_id_to_execute,
        route: d.use_generic_agent ? 'generic' : (d.selected_route_id ?? ''),
        iteration: d.iteration,
        tokens: 0,
        latencyMs: 0,
        simulated: false,
      });
    } else if (isEvent(event, 'todo_task_item_completed')) {
      const done = work.get(event.data.todo_id);
      if (done && typeof event.data.result === 'string') done.result = event.data.result;
    } else if (isEvent(event, 'llm_usage') && event.data.todo_id) {
      const done = work.get(event.data.todo_id);
      if (!done) continue;
      done.tokens += event.data.input_tokens + event.data.output_tokens;
      done.latencyMs += event.data.latency_ms;
      if (event.data.simulated) done.simulated = true;
    }
  }
  return [...work.values()];
}

const keyOf = (title: string) => title.trim().toLowerCase();

/**
 * Two runs lined up by todo rather than by iteration: a todo of one run matches the todo of the
 * other with the same title (the n-th of that title with the n-th), wherever its iteration.
 * Lines follow the left run's order, then the todos only the right run has.
 */
export function alignByTodo(left: ReadonlyArray<TodoWork>, right: ReadonlyArray<TodoWork>): AlignedTodo[] {
  const rightByKey = new Map<string, TodoWork[]>();
  for (const work of right) rightByKey.set(keyOf(work.title), [...(rightByKey.get(keyOf(work.title)) ?? []), work]);
  const seen = new Map<string, number>();
  const lines: AlignedTodo[] = [];
  const line = (key: string, title: string, l: TodoWork | undefined, r: TodoWork | undefined): AlignedTodo => ({
    key,
    title,
    ...(l ? { left: l } : {}),
    ...(r ? { right: r } : {}),
    routeDiverged: !!l && !!r && l.route !== r.route,
    resultChanged: !!l && !!r && (l.result ?? '') !== (r.result ?? ''),
    ...(l && r ? { tokenDelta: r.tokens - l.tokens, latencyDelta: r.latencyMs - l.latencyMs } : {}),
  });
  for (const work of left) {
    const key = keyOf(work.title);
    const n = seen.get(key) ?? 0;
    seen.set(key, n + 1);
    lines.push(line(`${key}#${n}`, work.title, work, rightByKey.get(key)?.[n]));
  }
  for (const [key, works] of rightByKey) {
    works.slice(seen.get(key) ?? 0).forEach((work, i) => lines.push(line(`${key}#${(seen.get(key) ?? 0) + i}`, work.title, undefined, work)));
  }
  return lines;
}
