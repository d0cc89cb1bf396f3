import { describe, expect, it } from 'vitest';
import type { PlanvasEvent } from '@planvas/shared';
import { planToFlow } from '../flow/plan-to-flow';
import { loadFixturePlan } from '../test/fixtures';
import { envelope } from '../test/log-events';
import { EMPTY_TRAIL, edgeTaken, runTrailOf } from './run-trail';

const flow = planToFlow(loadFixturePlan('Workflow/ResearchReport').plan);

/** Events as the engine writes them for a walk of the demo, each with the next seq. */
function events(): { add: (type: string, data: Record<string, unknown>) => void; list: PlanvasEvent[] } {
  const list: PlanvasEvent[] = [];
  return { list, add: (type, data) => list.push(envelope(list.length + 1, type, data)) };
}
const status = (step_id: string, value: string, extra: Record<string, unknown> = {}) => ({ step_id, status: value, ...extra });
const delegation = (route: string, value: string) => status(`research-todo-${route}`, value, { parent_step_id: 'research-todo', route_id: route });

/** A run up to choose-depth: the todo_task used the literature route twice and data-extraction once. */
function runToChooseDepth() {
  const log = events();
  log.add('run_status', { status: 'running' });
  for (const id of ['gather-sources', 'research-todo', 'draft-outline', 'choose-depth']) log.add('step_status', status(id, 'pending'));
  log.add('step_status', status('gather-sources', 'running'));
  log.add('step_status', status('gather-sources', 'executing'));
  log.add('step_status', status('gather-sources', 'completed'));
  log.add('step_status', status('research-todo', 'running'));
  log.add('step_status', status('research-todo', 'orchestrating'));
  for (const route of ['literature', 'literature', 'data-extraction']) {
    log.add('step_status', delegation(route, 'executing'));
    log.add('step_status', status('research-todo', 'executing', { route_id: route }));
    log.add('step_status', delegation(route, 'completed'));
    log.add('step_status', status('research-todo', 'orchestrating'));
  }
  log.add('step_status', status('research-todo', 'completed'));
  log.add('step_status', status('draft-outline', 'running'));
  log.add('step_status', status('draft-outline', 'completed'));
  log.add('step_status', status('choose-depth', 'running'));
  log.add('step_status', status('choose-depth', 'evaluating'));
  return log;
}

const takenIds = (trail: ReturnType<typeof runTrailOf>) => flow.edges.filter((e) => edgeTaken(e, trail)).map((e) => e.id);

describe('runTrailOf', () => {
  it('counts each start of a node, the sub-agent a todo used once per delegation', () => {
    const trail = runTrailOf(runToChooseDepth().list);
    expect(trail.runs).toEqual({
      'gather-sources': 1,
      'research-todo': 1,
      'research-todo-sub-agent-literature': 2,
      'research-todo-sub-agent-data-extraction': 1,
      'draft-outline': 1,
      'choose-depth': 1,
    });
  });

  it('lights the edges the flow went along, the delegations used and their returns, and nothing else', () => {
    expect(takenIds(runTrailOf(runToChooseDepth().list)).sort()).toEqual(
      [
        '__start__->gather-sources',
        'gather-sources:next->research-todo',
        'research-todo:next->draft-outline',
        'draft-outline:next->choose-depth',
        'research-todo:literature->research-todo-sub-agent-literature',
        'research-todo-sub-agent-literature:return->research-todo',
        'research-todo:data-extraction->research-todo-sub-agent-data-extraction',
        'research-todo-sub-agent-data-extraction:return->research-todo',
      ].sort(),
    );
  });

  it('takes the branch a step chose (its handle), loops back, and ends on the edge into End', () => {
    const log = runToChooseDepth();
    log.add('branch_taken', { step_id: 'choose-depth', step_type: 'routing', handle: 'deep-dive', choice: 'deep-dive', next_step_id: 'deep-analysis' });
    log.add('step_status', status('choose-depth', 'completed'));
    log.add('step_status', status('deep-analysis', 'running'));
    log.add('step_status', status('deep-analysis', 'completed'));
    log.add('step_status', status('choose-depth', 'running'));
    log.add('branch_taken', { step_id: 'choose-depth', step_type: 'routing', handle: 'standard', choice: 'standard', next_step_id: 'draft-report' });
    log.add('step_status', status('choose-depth', 'completed'));
    log.add('step_status', status('draft-report', 'running'));
    log.add('step_status', status('draft-report', 'completed'));
    log.add('step_status', status('publish-report', 'running'));
    log.add('step_status', status('publish-report', 'completed'));
    log.add('run_status', { status: 'completed' });
    const trail = runTrailOf(log.list);
    const taken = takenIds(trail);
    expect(taken).toEqual(
      expect.arrayContaining([
        'choose-depth:deep-dive->deep-analysis',
        'deep-analysis:next->choose-depth',
        'choose-depth:standard->draft-report',
        'publish-report:next->__end__',
      ]),
    );
    expect(taken).not.toContain('choose-depth:quick-summary->editor-review');
    expect(trail.runs['choose-depth']).toBe(2);
  });

  it('folds only what was added to the same run, and hands back the same trail while nothing it holds changed', () => {
    const log = runToChooseDepth();
    const first = runTrailOf(log.list);
    expect(runTrailOf(log.list)).toBe(first);
    // A todo event says nothing about the path: same trail.
    const more = [...log.list, envelope(log.list.length + 1, 'todo_task_item_created', { step_id: 'research-todo', todo_id: 't9', title: 'T9' })];
    expect(runTrailOf(more)).toBe(first);
    const restarted = [...more, envelope(more.length + 1, 'step_status', delegation('literature', 'executing'))];
    expect(runTrailOf(restarted).runs['research-todo-sub-agent-literature']).toBe(3);
    // Another run's events start over.
    expect(runTrailOf(log.list.slice(0, 8)).runs).toEqual({ 'gather-sources': 1 });
    expect(runTrailOf([])).toBe(EMPTY_TRAIL);
  });
});
