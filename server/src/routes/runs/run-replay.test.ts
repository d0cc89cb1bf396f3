import { lstat, readFile, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { EventEnvelope } from '@planvas/shared';
import { expectApiError } from '../../test-support/fixture-workspace';
import { useWorkflowApp } from '../../test-support/workflow-app';
import { runEvents, startRun, todoTaskPlan, waitForStatus, workflowRunsUrl, writeWorkflow } from '../../test-support/run-harness';

const WF = 'Test/Replay';
const t = useWorkflowApp({ [WF]: { plan: todoTaskPlan({ routes: 2 }) } });

const data = (events: EventEnvelope[], type: string) => events.filter((e) => e.type === type).map((e) => e.data);
/** The decisions of a run without what differs between runs by nature (ids, times). */
const decisions = (events: EventEnvelope[]) =>
  data(events, 'todo_task_route_selected').map((d) => [d['iteration'], d['next_action'], d['selected_route_id'] ?? null, d['todo_title'] ?? null]);
const subAgentStatuses = (events: EventEnvelope[]) => data(events, 'step_status').filter((s) => s['parent_step_id'] === 'work');
const learningsOf = async () => readdir(join(t.ws.root, WF, 'learnings')).catch(() => [] as string[]);

async function recordedRun(): Promise<string> {
  const runId = await startRun(t.app, WF);
  expect((await waitForStatus(t.app, runId, ['completed', 'failed'])).status).toBe('completed');
  return runId;
}

describe('pin and replay', () => {
  it('pin all of a scripted run: the same decisions, every sub-agent replayed, no sub-agent usage, the files copied, no learning written', async () => {
    const recorded = await recordedRun();
    const recordedEvents = await runEvents(t.app, recorded);
    const learningsBefore = await learningsOf();
    const learningTexts = await Promise.all(learningsBefore.map((d) => readFile(join(t.ws.root, WF, 'learnings', d, 'learnings.md'), 'utf8')));

    const replay = await startRun(t.app, WF, { paceMs: 0, replay: { runId: recorded, pin: 'all' } });
    const run = await waitForStatus(t.app, replay, ['completed', 'failed']);
    expect(run.status, run.error).toBe('completed');
    const events = await runEvents(t.app, replay);

    expect(decisions(events)).toEqual(decisions(recordedEvents));
    const executing = subAgentStatuses(events).filter((s) => s['status'] === 'executing');
    expect(executing).toHaveLength(3);
    expect(executing.every((s) => s['replayed'] === true)).toBe(true);
    const usage = data(events, 'llm_usage');
    expect(usage.filter((u) => u['agent'] !== 'orchestrator')).toEqual([]);
    expect(usage.filter((u) => u['agent'] === 'orchestrator').length).toBe(decisions(events).length);
    // The results are the recorded ones, and the sub-agents' files are there for the steps after.
    expect(data(events, 'todo_task_item_completed').map((c) => c['result'])).toEqual(data(recordedEvents, 'todo_task_item_completed').map((c) => c['result']));
    for (const file of ['part1.md', 'part2.md']) {
      expect(await readFile(join(t.ws.root, WF, 'runs', replay, 'execution', file), 'utf8')).toBe(
        await readFile(join(t.ws.root, WF, 'runs', recorded, 'execution', file), 'utf8'),
      );
    }
    expect(data(events, 'learning_recorded')).toEqual([]);
    expect(await Promise.all(learningsBefore.map((d) => readFile(join(t.ws.root, WF, 'learnings', d, 'learnings.md'), 'utf8')))).toEqual(learningTexts);
  });

  it('pins by route: that route is replayed, the others run live (with usage)', async () => {
    const recorded = await recordedRun();
    const replay = await startRun(t.app, WF, { paceMs: 0, replay: { runId: recorded, pin: [{ routeId: 'r2' }] } });
    await waitForStatus(t.app, replay, ['completed']);
    const events = await runEvents(t.app, replay);
    const executing = subAgentStatuses(events).filter((s) => s['status'] === 'executing');
    expect(executing.map((s) => [s['route_id'], s['replayed'] === true])).toEqual([
      ['r1', false],
      ['r1', false],
      ['r2', true],
    ]);
    expect(
      data(events, 'llm_usage')
        .filter((u) => u['agent'] === 'sub_agent')
        .map((u) => u['route_id']),
    ).toEqual(['r1', 'r1']);
  });

  it('pins by recorded todo id', async () => {
    const recorded = await recordedRun();
    const recordedEvents = await runEvents(t.app, recorded);
    const second = data(recordedEvents, 'todo_task_route_selected').filter((d) => d['next_action'] === 'delegate')[1]!;
    const replay = await startRun(t.app, WF, { paceMs: 0, replay: { runId: recorded, pin: [{ todoId: second['todo_id_to_execute'] as string }] } });
    await waitForStatus(t.app, replay, ['completed']);
    const replayedTitles = subAgentStatuses(await runEvents(t.app, replay))
      .filter((s) => s['status'] === 'executing' && s['replayed'] === true)
      .map((s) => s['todo_id']);
    expect(replayedTitles).toHaveLength(1);
  });

  it('where the run asks for what the recording lacks: live by default, a failure naming the place when strict', async () => {
    const recorded = await recordedRun();
    // The plan has a third route now: its todo was never recorded.
    await writeWorkflow(t.ws.root, WF, todoTaskPlan({ routes: 3 }));
    const lenient = await startRun(t.app, WF, { paceMs: 0, replay: { runId: recorded, pin: 'all' } });
    expect((await waitForStatus(t.app, lenient, ['completed', 'failed'])).status).toBe('completed');
    const live = subAgentStatuses(await runEvents(t.app, lenient)).filter((s) => s['status'] === 'executing' && s['replayed'] !== true);
    expect(live.map((s) => s['route_id'])).toEqual(['r3']);

    const strict = await startRun(t.app, WF, { paceMs: 0, replay: { runId: recorded, pin: 'all', strict: true } });
    const failed = await waitForStatus(t.app, strict, ['completed', 'failed']);
    expect(failed.status).toBe('failed');
    expect(failed.error).toContain('the replay diverged at step "work"');
    expect(failed.error).toContain('"Route 3" to r3');
    expect(data(await runEvents(t.app, strict), 'run_error')[0]).toMatchObject({ kind: 'replay_diverged', step_id: 'work' });
  });

  it('refuses a replay of another workflow or of no run, and a pin that names nothing', async () => {
    await writeWorkflow(t.ws.root, 'Test/Other', todoTaskPlan({ routes: 1 }));
    const other = await startRun(t.app, 'Test/Other');
    await waitForStatus(t.app, other, ['completed']);
    const refused = await t.app.inject({ method: 'POST', url: workflowRunsUrl(WF), payload: { replay: { runId: other, pin: 'all' } } });
    expectApiError(refused, 400);
    expect(refused.json()).toMatchObject({ code: 'replay_other_workflow', details: [{ path: '$.replay.runId' }] });
    expectApiError(await t.app.inject({ method: 'POST', url: workflowRunsUrl(WF), payload: { replay: { runId: 'nope', pin: 'all' } } }), 404);
    const empty = await t.app.inject({ method: 'POST', url: workflowRunsUrl(WF), payload: { replay: { runId: other, pin: [{}] } } });
    expectApiError(empty, 400);
    expect(empty.json().details).toEqual([expect.objectContaining({ path: '$.replay.pin[0]' })]);
  });

  it("copies a recorded output only as a real file inside the recorded run's folder: a link planted there leaks nothing", async () => {
    const recorded = await recordedRun();
    const secret = join(t.ws.base, 'secret.txt');
    await writeFile(secret, 'TOP SECRET');
    const planted = join(t.ws.root, WF, 'runs', recorded, 'execution', 'part1.md');
    await rm(planted);
    await symlink(secret, planted);
    const replay = await startRun(t.app, WF, { paceMs: 0, replay: { runId: recorded, pin: 'all' } });
    expect((await waitForStatus(t.app, replay, ['completed', 'failed'])).status).toBe('completed');
    const copied = join(t.ws.root, WF, 'runs', replay, 'execution', 'part1.md');
    const text = await readFile(copied, 'utf8').catch(() => '');
    expect(text).not.toContain('TOP SECRET');
    expect((await lstat(copied).catch(() => undefined))?.isSymbolicLink() ?? false).toBe(false);
  });
});
