import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURE_ROOT } from '../test-support/fixtures';
import { decisionLogLineToEvent, formatDecisionLogLine, parseDecisionLog, routeSelectedToDecisionLogLine } from './decision-log';
import { groupEventsByIteration } from './iteration-grouping';
import { TodoTaskRouteSelected } from './payloads';

const fixtureLog = readFileSync(join(FIXTURE_ROOT, 'Workflow/ResearchReport/logs/research-todo/todo-task-execution.json'), 'utf8');

describe('decision log', () => {
  it('reads the fixture log and groups it 1..7 with one line each (missing iteration = 1, numeric sort)', () => {
    const parsed = parseDecisionLog(fixtureLog);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.details));
    expect(parsed.lines).toHaveLength(7);
    const events = parsed.lines.map(decisionLogLineToEvent);
    for (const e of events) expect(TodoTaskRouteSelected.safeParse(e.data).success).toBe(true);
    const { groups } = groupEventsByIteration(events);
    expect(groups.map((g) => g.iteration)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(groups.every((g) => g.decisions.length === 1)).toBe(true);
    expect(groups[0]!.decisions[0]!.data).toMatchObject({
      iteration: 1,
      iteration_inferred: true,
      step_index: 1,
      selected_route_id: 'literature',
      preferred_tier: 2,
    });
    expect(groups[4]!.decisions[0]!.data).toMatchObject({ use_generic_agent: true, selected_sub_agent_path: 'step-2-generic-todo_52d7a9b1' });
    expect(events[0]!.timestamp).toBe('2025-06-12T09:14:03+02:00');
  });

  it('writes lines byte-identical to the Go writer (sorted keys, \\u0026)', () => {
    const parsed = parseDecisionLog(fixtureLog);
    if (!parsed.ok) throw new Error('parse');
    const rewritten = parsed.lines.map(formatDecisionLogLine).join('\n');
    expect(rewritten).toBe(fixtureLog);
  });

  it('keeps keys a log line brings, __proto__ included, without touching any prototype', () => {
    const text = '{"__proto__":{"x":1},"step_id":"s","todo_task_response":{"constructor":{"prototype":{"y":2}},"next_action":"continue"}}';
    const parsed = parseDecisionLog(text);
    if (!parsed.ok) throw new Error('parse');
    expect(formatDecisionLogLine(parsed.lines[0]!)).toBe(text);
    const empty: Record<string, unknown> = {};
    expect([empty['x'], empty['y']]).toEqual([undefined, undefined]);
  });

  it('round-trips an event through the real line shape with Go zero values', () => {
    const parsed = parseDecisionLog(fixtureLog);
    if (!parsed.ok) throw new Error('parse');
    const line = parsed.lines[2]!;
    const back = routeSelectedToDecisionLogLine(decisionLogLineToEvent(line).data, line.timestamp!);
    expect(formatDecisionLogLine(back)).toBe(formatDecisionLogLine(line));
    const minimal = routeSelectedToDecisionLogLine({ step_index: 0, step_path: 'step-1', step_id: 's', iteration: 1, next_action: 'continue' }, 't');
    expect(minimal.todo_task_response).toMatchObject({ selected_route_id: '', use_generic_agent: false, preferred_tier: 0 });
    expect(formatDecisionLogLine({ ...minimal, step_title: 'a<b>&c' })).toContain('"step_title":"a\\u003cb\\u003e\\u0026c"');
  });

  it('reports bad lines with their line index and field path', () => {
    const result = parseDecisionLog(
      '{"step_id":"s","todo_task_response":{"next_action":"delegate"}}\nnot json\n{"step_id":"s","todo_task_response":{"next_action":"jump"}}\n',
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.details.map((d) => d.path)).toEqual(['$[1]', '$[2].todo_task_response.next_action']);
    expect(parseDecisionLog('\n\n')).toMatchObject({ ok: false });
  });

  it("refuses a line that would make an invalid route-selected event, at the field's place in the line", () => {
    const good = '{"step_id":"s","todo_task_response":{"next_action":"continue"}}';
    const result = parseDecisionLog(`${good}\n{"step_id":"s","todo_task_response":{"next_action":"continue","selection_reasoning":5,"todo_summary":{}}}\n`);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.details.map((d) => d.path)).toEqual(['$[1].todo_task_response.selection_reasoning', '$[1].todo_task_response.todo_summary.total']);
    expect(parseDecisionLog(`\n${good}\n\n${good}`)).toMatchObject({ ok: true, lineIndexes: [1, 3] });
  });
});
