import { describe, expect, it } from 'vitest';
import { RunEventsBuilder, smallRun, T0 } from '../test/timeline-events';
import { BarUsageIndex } from './bar-usage';
import { deriveTimeline } from './timeline-bars';

const at = (seconds: number) => T0 + seconds * 1000;

describe('deriveTimeline', () => {
  const timeline = deriveTimeline(smallRun(), { titles: { gather: 'Gather sources' } });
  const bars = (kind: string) => timeline.bars.filter((b) => b.kind === kind);

  it('puts the run pauses first, then each step with its iterations, delegations per route and waits', () => {
    expect(timeline.lanes.map((l) => l.label)).toEqual([
      'Run pauses',
      'Gather sources',
      'research',
      'Iterations',
      '→ literature',
      '→ generic agent',
      'review',
      'Waiting for an answer',
    ]);
    expect(timeline.lanes.map((l) => l.depth)).toEqual([0, 0, 0, 1, 1, 1, 0, 1]);
  });

  it('spans steps from running to their end, with the end status', () => {
    expect(bars('step').map((b) => [b.stepId, b.status, b.stepType])).toEqual([
      ['gather', 'completed', 'regular'],
      ['research', 'completed', 'todo_task'],
      ['review', 'completed', 'human_input'],
    ]);
    const gather = bars('step')[0]!;
    expect([gather.start, gather.end]).toEqual([at(1), at(3)]);
  });

  it('spans an iteration from its orchestrating status to the next one, the last to the evaluation', () => {
    const [first, second] = bars('iteration');
    expect(first).toMatchObject({ iteration: 1, start: at(5), end: at(10), detail: 'delegate · Read papers' });
    expect(second).toMatchObject({ iteration: 2, start: at(10), status: 'completed' });
    expect(second!.end).toBe(at(18));
  });

  it('spans delegations from executing to their end, failed ones marked failed', () => {
    expect(bars('delegation').map((b) => [b.agentStepId, b.routeId, b.todoId, b.status, (b.end - b.start) / 1000])).toEqual([
      ['reader', 'literature', 't1', 'completed', 3],
      ['research-generic', 'generic', 't2', 'failed', 2],
    ]);
  });

  it('spans a question from asked to answered and a pause from paused to running', () => {
    expect(bars('wait').map((b) => (b.end - b.start) / 1000)).toEqual([10]);
    expect(bars('pause').map((b) => [(b.end - b.start) / 1000, b.label])).toEqual([[3, 'Paused at research']]);
  });

  it('keeps a live run’s open bars growing to now, and ends them with the run', () => {
    const events = new RunEventsBuilder().add('run_status', { status: 'running' }, 0).step('a', 'running').build();
    const live = deriveTimeline(events, { now: at(60) });
    expect(live.bars[0]).toMatchObject({ open: true, status: 'running', end: at(60) });
    const ended = deriveTimeline([
      ...events,
      ...new RunEventsBuilder()
        .add('run_status', { status: 'cancelled' }, 5)
        .build()
        .map((e) => ({ ...e, seq: 3 })),
    ]);
    expect(ended.bars[0]).toMatchObject({ open: false, status: 'cancelled' });
  });

  it('marks turns by decisions when an imported log has no statuses', () => {
    const decision = (iteration: number) => ({
      step_id: 'imp',
      step_index: 0,
      step_path: 'step-1',
      iteration,
      next_action: 'delegate',
      todo_title: `todo ${iteration}`,
    });
    const events = new RunEventsBuilder().add('todo_task_route_selected', decision(1), 0).add('todo_task_route_selected', decision(2), 2).build();
    const imported = deriveTimeline(events);
    expect(imported.bars.map((b) => [b.kind, b.iteration, (b.end - b.start) / 1000])).toEqual([
      ['iteration', 1, 2],
      ['iteration', 2, 0],
    ]);
  });

  it('is empty without events', () => {
    expect(deriveTimeline([])).toEqual({ lanes: [], bars: [], start: 0, end: 0 });
  });
});

describe('BarUsageIndex', () => {
  const events = smallRun();
  const timeline = deriveTimeline(events);
  const find = (kind: string, iteration?: number) => timeline.bars.find((b) => b.kind === kind && (iteration === undefined || b.iteration === iteration))!;

  it('sums the calls of a step (its delegations included), an iteration and a delegation', () => {
    const index = new BarUsageIndex(events);
    expect(index.of(find('step'))).toMatchObject({ calls: 1, inputTokens: 100, outputTokens: 20, simulatedCalls: 1 });
    expect(index.of(timeline.bars.find((b) => b.kind === 'step' && b.stepId === 'research')!)).toMatchObject({ calls: 4, inputTokens: 1440 });
    expect(index.of(find('iteration', 1))).toMatchObject({ calls: 2, inputTokens: 800, outputTokens: 150 });
    expect(index.of(find('delegation', 2))).toMatchObject({ calls: 1, inputTokens: 40, outputTokens: 10 });
    expect(index.of(find('wait'))).toBeNull();
    expect(index.of(find('iteration', 1))!.costUsd).toBeUndefined();
  });

  it('takes costs from the usage API’s groups', () => {
    const totals = { calls: 1, inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, reasoningTokens: 0, latencyMs: 0, unpricedCalls: 0, simulatedCalls: 0 };
    const index = new BarUsageIndex(events, {
      total: totals,
      steps: [{ stepId: 'research', ...totals, costUsd: 0.5 }],
      iterations: [{ stepId: 'research', iteration: 1, ...totals, costUsd: 0.25 }],
      todos: [{ stepId: 'research', todoId: 't2', ...totals, costUsd: 0.01 }],
      routes: [],
      models: [],
    });
    expect(index.of(timeline.bars.find((b) => b.kind === 'step' && b.stepId === 'research')!)!.costUsd).toBe(0.5);
    expect(index.of(find('iteration', 1))!.costUsd).toBe(0.25);
    expect(index.of(find('delegation', 2))!.costUsd).toBe(0.01);
  });
});
