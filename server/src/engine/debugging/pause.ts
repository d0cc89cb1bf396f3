import type { RunContext } from '../run-context';
import type { Pause, PausePoint, Resumed } from './run-debugger';

/**
 * Pauses the run at `point` when a breakpoint, the budget or step mode asks for it: records
 * `run_status paused` with what stopped it and the pending decision, waits for POST
 * /api/runs/:runId/resume, then records `running` again. Undefined when the run does not stop here.
 */
export async function pauseAt(ctx: RunContext, point: PausePoint): Promise<Resumed | undefined> {
  const pause = ctx.debugger.hit(point);
  if (!pause) return undefined;
  ctx.emit({
    type: 'run_status',
    data: {
      status: 'paused',
      reason: reasonOf(pause),
      breakpoint: pause.breakpoint,
      step_id: point.stepId,
      iteration: point.iteration,
      ...(point.on === 'before_delegate' ? { pending: point.pending } : {}),
      ...(pause.todoTitles ? { todo_titles: pause.todoTitles } : {}),
      ...(pause.used ? { used: pause.used } : {}),
    },
  });
  // As for a question: viewers see the pause before anyone can resume it, and a cancel during the
  // flush rejects the wait without leaving the rejection unhandled.
  const [, resumed] = await Promise.all([ctx.flushEvents(), ctx.debugger.wait(pause, ctx.signal)]);
  try {
    ctx.emit({
      type: 'run_status',
      data: { status: 'running', reason: resumed.mode === 'step' ? 'resumed for one orchestrator turn (step mode)' : 'resumed' },
    });
    await ctx.flushEvents();
  } finally {
    ctx.debugger.wentOn();
  }
  return resumed;
}

function reasonOf({ breakpoint, point, used }: Pause): string {
  const where = `step "${point.stepId}", iteration ${point.iteration}`;
  switch (breakpoint.on) {
    case 'step':
      return `step mode: before the orchestrator's turn (${where})`;
    case 'budget':
      return `the run's budget is used up (${used?.tokens ?? 0} tokens${used?.costUsd !== undefined ? `, $${used.costUsd.toFixed(4)}` : ''}) at ${where}`;
    case 'before_turn':
      return `breakpoint before the orchestrator's turn (${where})`;
    case 'before_delegate':
      return `breakpoint before delegating${point.on === 'before_delegate' ? ` to ${point.routeId}` : ''} (${where})`;
    case 'todo_created':
      return `breakpoint: a todo was created (${where})`;
    case 'validation_failed':
      return `breakpoint: validation failed (${where})${point.on === 'validation_failed' ? `: ${point.reason}` : ''}`;
  }
}
