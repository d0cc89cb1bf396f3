import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { groupEventsByIteration, parseDecisionLog, type EventEnvelope, type TodoList } from '@planvas/shared';
import { runEvents, runSummary, todoTaskPlan, until, waitForStatus, workflowRunsUrl, writeWorkflow } from '../../test-support/run-harness';
import { useFixtureApp } from '../../test-support/fixture-app';

const DEMO = 'Workflow/ResearchReport';
const fixture = useFixtureApp('each');

async function start(id: string, body: Record<string, unknown> = { paceMs: 0 }): Promise<string> {
  const response = await fixture.app.inject({ method: 'POST', url: workflowRunsUrl(id), payload: body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().runId as string;
}

const ofStep = (events: EventEnvelope[], stepId: string) => events.filter((e) => e.data['step_id'] === stepId && e.type !== 'step_status');

describe('scripted demo run (Workflow/ResearchReport)', () => {
  it('produces the seed events with iterations, item events from diffs, and waits for the human', async () => {
    const runId = await start(DEMO);
    const waiting = await waitForStatus(fixture.app, runId, ['waiting_input', 'failed', 'completed']);
    expect(waiting.status).toBe('waiting_input');
    expect(waiting.waitingInput).toMatchObject({ stepId: 'editor-review', responseType: 'multiple_choice', options: ['approve', 'reject', 'audit'] });
    expect(waiting.todos).toEqual({ completed: 5, total: 5 });

    const events = await runEvents(fixture.app, runId);
    expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i + 1));
    const research = ofStep(events, 'research-todo');
    const decisions = research.filter((e) => e.type === 'todo_task_route_selected');
    expect(decisions.map((d) => [d.data['iteration'], d.data['next_action'], d.data['selected_route_id'] ?? '', d.data['use_generic_agent'] ?? false])).toEqual(
      [
        [1, 'delegate', 'literature', false],
        [2, 'delegate', 'literature', false],
        [3, 'delegate', 'data-extraction', false],
        [4, 'delegate', 'fact-check', false],
        [5, 'delegate', '', true],
        [6, 'complete', '', false],
      ],
    );
    for (const d of decisions) {
      expect(d.data).toMatchObject({
        step_index: 1,
        step_path: 'step-2',
        step_id: 'research-todo',
        step_title: 'Research Sources (Todo Orchestrator)',
        model: 'scripted',
        preferred_tier: 2,
        preferred_tier_label: 'Medium',
      });
      expect(typeof d.data['selection_reasoning']).toBe('string');
      expect(typeof d.data['progress_summary']).toBe('string');
    }
    expect(decisions[0]!.data).toMatchObject({
      selected_sub_agent_path: 'step-2-sub-literature',
      instructions_to_sub_agent: expect.any(String),
      success_criteria_for_sub_agent: expect.any(String),
    });
    expect(decisions[4]!.data['selected_sub_agent_path']).toBe(`step-2-generic-${decisions[4]!.data['todo_id_to_execute']}`);

    // Item events: six created in iteration 1 (one todo per route, two sub-todos, one generic), each
    // delegated leaf updated to in_progress then completed, the parent completed once its children are.
    const items = research.filter((e) => e.type.startsWith('todo_task_item_'));
    const created = items.filter((e) => e.type === 'todo_task_item_created');
    expect(created.map((e) => [e.data['title'], e.data['depth'] ?? 0, e.data['iteration'], e.data['created_by']])).toEqual([
      ['Literature Review', 0, 1, 'orchestrator'],
      ['Literature Review: gather inputs', 1, 1, 'orchestrator'],
      ['Literature Review: write results', 1, 1, 'orchestrator'],
      ['Data Extraction', 0, 1, 'orchestrator'],
      ['Fact Check', 0, 1, 'orchestrator'],
      ['Assemble research_findings.json', 0, 1, 'orchestrator'],
    ]);
    for (const e of created)
      expect(e.data).toMatchObject({
        step_index: 1,
        step_path: 'step-2',
        step_id: 'research-todo',
        priority: expect.any(String),
        description: expect.any(String),
      });
    const updated = items.filter((e) => e.type === 'todo_task_item_updated');
    expect(updated.map((e) => [e.data['iteration'], e.data['old_status'], e.data['new_status']])).toEqual(
      [1, 2, 3, 4, 5].map((i) => [i, 'open', 'in_progress']),
    );
    const completed = items.filter((e) => e.type === 'todo_task_item_completed');
    expect(completed.map((e) => [e.data['iteration'], e.data['title']])).toEqual([
      [1, 'Literature Review: gather inputs'],
      [2, 'Literature Review: write results'],
      [3, 'Literature Review'],
      [3, 'Data Extraction'],
      [4, 'Fact Check'],
      [5, 'Assemble research_findings.json'],
    ]);
    for (const e of completed) expect(e.data).toMatchObject({ completed_by: 'orchestrator', result: expect.any(String) });

    // Grouping by iteration: snapshot 0 in planning, then 1..6 with one decision and one snapshot each.
    const { groups, completions } = groupEventsByIteration(research);
    expect(groups.map((g) => [g.key, g.decisions.length, g.snapshots.length])).toEqual([
      ['planning', 0, 1],
      ['1', 1, 1],
      ['2', 1, 1],
      ['3', 1, 1],
      ['4', 1, 1],
      ['5', 1, 1],
      ['6', 1, 1],
    ]);
    for (const g of groups) for (const item of g.items) expect(item.data['iteration']).toBe(g.iteration);
    expect(completions).toHaveLength(1);
    expect(completions[0]!.data).toMatchObject({
      total_iterations: 6,
      total_todos_count: 6,
      completed_count: 6,
      next_step_id: 'draft-outline',
      completion_reason: expect.any(String),
    });

    const snapshot2 = groups[2]!.snapshots[0]!.data as { todos: Array<{ status: string }>; objective: string };
    expect(snapshot2.todos.filter((t) => t.status === 'completed')).toHaveLength(2);
    expect(snapshot2.objective).toMatch(/^Plan the research/);

    // The run path of fixtures/README.md up to the human step, with step statuses in order.
    const running = events.filter((e) => e.type === 'step_status' && e.data['status'] === 'running').map((e) => e.data['step_id']);
    expect(running).toEqual(['gather-sources', 'research-todo', 'draft-outline', 'choose-depth', 'draft-report', 'editor-review']);
    const researchStatuses = events.filter((e) => e.type === 'step_status' && e.data['step_id'] === 'research-todo').map((e) => e.data['status']);
    expect(researchStatuses.slice(0, 4)).toEqual(['pending', 'running', 'orchestrating', 'executing']);
    expect(researchStatuses.slice(-2)).toEqual(['evaluating', 'completed']);
    const subAgent = events.find((e) => e.type === 'step_status' && e.data['step_id'] === 'literature-reviewer');
    expect(subAgent!.data).toMatchObject({ status: 'executing', parent_step_id: 'research-todo', route_id: 'literature' });
    expect(events.find((e) => e.type === 'branch_taken')!.data).toMatchObject({ step_id: 'choose-depth', handle: 'standard', next_step_id: 'draft-report' });

    // The scripted provider never answers a human: the run still waits.
    await new Promise((r) => setTimeout(r, 150));
    expect((await runSummary(fixture.app, runId)).status).toBe('waiting_input');

    const answer = await fixture.app.inject({ method: 'POST', url: `/api/runs/${runId}/input`, payload: { answer: 0 } });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ answer: 'approve', handle: 'option-0' });
    const done = await waitForStatus(fixture.app, runId, ['completed', 'failed']);
    expect(done.status, done.error).toBe('completed');
    const all = await runEvents(fixture.app, runId);
    const path = all.filter((e) => e.type === 'step_status' && e.data['status'] === 'running').map((e) => e.data['step_id']);
    expect(path).toEqual([
      'gather-sources',
      'research-todo',
      'draft-outline',
      'choose-depth',
      'draft-report',
      'editor-review',
      'quality-gate',
      'format-citations',
      'final-decision',
      'publish-report',
    ]);
    expect(all.at(-1)).toMatchObject({ type: 'run_status', data: { status: 'completed' } });
    expect(all.find((e) => e.type === 'human_input_answered')!.data).toMatchObject({
      step_id: 'editor-review',
      answer: 'approve',
      handle: 'option-0',
      next_step_id: 'quality-gate',
      variable_name: 'editor_decision',
    });
  });

  it('writes todos.json, the decision log in the seed format (appended, still valid) and learnings only for predefined routes', async () => {
    const workflowDir = join(fixture.ws.root, DEMO);
    const before = await readFile(join(workflowDir, 'logs/research-todo/todo-task-execution.json'), 'utf8');
    const learningsBefore = await readFile(join(workflowDir, 'learnings/literature-reviewer/learnings.md'), 'utf8');
    const runId = await start(DEMO);
    await waitForStatus(fixture.app, runId, ['waiting_input', 'failed']);

    const todos = JSON.parse(await readFile(join(workflowDir, 'runs', runId, 'execution/research-todo/todos.json'), 'utf8')) as TodoList;
    expect(todos.step_id).toBe('research-todo');
    expect(todos.todos).toHaveLength(6);
    expect(todos.todos.every((t) => t.status === 'completed' && /^todo_[0-9a-f]{8}$/.test(t.id) && t.created_at && t.updated_at)).toBe(true);
    expect(todos.summary).toEqual({ total: 6, open: 0, in_progress: 0, completed: 6, blocked: 0 });

    const after = await readFile(join(workflowDir, 'logs/research-todo/todo-task-execution.json'), 'utf8');
    expect(after.startsWith(`${before}\n`)).toBe(true);
    expect(after.endsWith('\n')).toBe(false);
    const parsed = parseDecisionLog(after);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.details));
    expect(parsed.lines).toHaveLength(13);
    const added = after.slice(before.length + 1).split('\n');
    for (const line of added) {
      const value = JSON.parse(line) as Record<string, unknown>;
      expect(Object.keys(value)).toEqual([...Object.keys(value)].sort());
      expect(value).toMatchObject({ type: 'routing', step_index: 2, step_path: 'step-2', step_id: 'research-todo', model: 'scripted' });
    }
    const perRun = await readFile(join(workflowDir, 'runs', runId, 'logs/research-todo/todo-task-execution.json'), 'utf8');
    expect(perRun).toBe(added.join('\n'));

    const literature = await readFile(join(workflowDir, 'learnings/literature-reviewer/learnings.md'), 'utf8');
    expect(literature.startsWith(learningsBefore)).toBe(true);
    expect(literature).toContain(`planvas run ${runId}`);
    expect(existsSync(join(workflowDir, 'learnings/data-extractor/learnings.md'))).toBe(true);
    expect(existsSync(join(workflowDir, 'learnings/fact-checker/learnings.md'))).toBe(true);
    // The generic agent and the orchestrator itself never learn.
    expect(existsSync(join(workflowDir, 'learnings/research-todo-generic'))).toBe(false);
    expect(existsSync(join(workflowDir, 'learnings/research-todo'))).toBe(false);
    const learned = (await runEvents(fixture.app, runId)).filter((e) => e.type === 'learning_recorded').map((e) => e.data['route_id']);
    expect(learned).toEqual(['literature', 'data-extraction', 'fact-check']);
  });

  it('refuses answers that do not fit and answers when nothing waits', async () => {
    const runId = await start(DEMO);
    await waitForStatus(fixture.app, runId, ['waiting_input']);
    const wrong = await fixture.app.inject({ method: 'POST', url: `/api/runs/${runId}/input`, payload: { answer: 'maybe' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'invalid_answer', details: [{ path: '$.answer' }] });
    const byText = await fixture.app.inject({ method: 'POST', url: `/api/runs/${runId}/input`, payload: { answer: 'reject' } });
    expect(byText.json()).toMatchObject({ answer: 'reject', handle: 'option-1' });
    // "reject" leads back to draft-report and the human is asked again.
    await until(
      async () => (await runEvents(fixture.app, runId)).filter((e) => e.type === 'human_input_requested').length === 2 || undefined,
      'second question',
    );
    await waitForStatus(fixture.app, runId, ['waiting_input']);
    await fixture.app.inject({ method: 'POST', url: `/api/runs/${runId}/cancel` });
    const late = await fixture.app.inject({ method: 'POST', url: `/api/runs/${runId}/input`, payload: { answer: 0 } });
    expect(late.statusCode).toBe(409);
    const missing = await fixture.app.inject({ method: 'POST', url: '/api/runs/20990101-000000-abcdef/input', payload: { answer: 0 } });
    expect(missing.statusCode).toBe(404);
  });

  it('lists runs newest first per workflow and validates start requests', async () => {
    const first = await start(DEMO);
    await waitForStatus(fixture.app, first, ['waiting_input']);
    const second = await start(DEMO);
    await waitForStatus(fixture.app, second, ['waiting_input']);
    const list = (await fixture.app.inject({ url: `/api/runs?workflow=${encodeURIComponent(DEMO)}` })).json().runs as Array<{ id: string; provider: string }>;
    expect(list.map((r) => r.id)).toEqual([second, first]);
    expect((await fixture.app.inject({ url: '/api/runs?workflow=Nope' })).json().runs).toEqual([]);
    const bad = await fixture.app.inject({ method: 'POST', url: workflowRunsUrl(DEMO), payload: { provider: 'gpt', paceMs: -1, extra: 1 } });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .details.map((d: { path: string }) => d.path)
        .sort(),
    ).toEqual(['$', '$.paceMs', '$.provider'].sort());
    expect((await fixture.app.inject({ method: 'POST', url: workflowRunsUrl('Workflow/Nope'), payload: {} })).statusCode).toBe(404);
    expect((await fixture.app.inject({ url: '/api/runs/../../etc' })).statusCode).toBe(404);
  });
});

describe('faults and limits', () => {
  it('cancels a run: the step fails with the reason, the run stops, todos.json stays readable, the server keeps serving', async () => {
    const runId = await start(DEMO, { paceMs: 40 });
    await until(async () => (await runEvents(fixture.app, runId)).some((e) => e.type === 'todo_task_route_selected') || undefined, 'a decision');
    const cancel = await fixture.app.inject({ method: 'POST', url: `/api/runs/${runId}/cancel` });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json().run).toMatchObject({ status: 'cancelled', error: 'cancelled by the user' });
    const events = await runEvents(fixture.app, runId);
    expect(events.at(-1)).toMatchObject({ type: 'run_status', data: { status: 'cancelled', reason: 'cancelled by the user' } });
    expect(events.find((e) => e.type === 'run_error')!.data).toMatchObject({ kind: 'cancelled', step_id: 'research-todo' });
    expect(events.some((e) => e.type === 'step_status' && e.data['step_id'] === 'research-todo' && e.data['status'] === 'failed')).toBe(true);
    const todos = JSON.parse(await readFile(join(fixture.ws.root, DEMO, 'runs', runId, 'execution/research-todo/todos.json'), 'utf8')) as TodoList;
    expect(todos.todos.length).toBeGreaterThan(0);
    expect((await fixture.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    expect((await fixture.app.inject({ method: 'POST', url: `/api/runs/${runId}/cancel` })).statusCode).toBe(200);
  });

  it('fails the step when execution_max_turns is reached, with that reason', async () => {
    await writeWorkflow(fixture.ws.root, 'Test/MaxTurns', todoTaskPlan({ routes: 3 }), { steps: [{ id: 'work', agent_configs: { execution_max_turns: 2 } }] });
    const runId = await start('Test/MaxTurns');
    const run = await waitForStatus(fixture.app, runId, ['failed', 'completed']);
    expect(run.status).toBe('failed');
    expect(run.error).toMatch(/^execution_max_turns \(2\) reached/);
    const events = await runEvents(fixture.app, runId);
    expect(events.filter((e) => e.type === 'todo_task_route_selected')).toHaveLength(2);
    expect(events.find((e) => e.type === 'run_error')!.data).toMatchObject({ kind: 'max_turns', step_id: 'work' });
  });

  it('passes validation when outputs satisfy it and fails the step with the problems when they do not', async () => {
    await writeWorkflow(
      fixture.ws.root,
      'Test/Passes',
      todoTaskPlan({
        routes: 1,
        validation: {
          files: [
            { file_name: 'result.json', must_exist: true },
            { file_name: 'part1.md', must_exist: true },
          ],
        },
      }),
    );
    const ok = await waitForStatus(fixture.app, await start('Test/Passes'), ['failed', 'completed']);
    expect(ok.status, ok.error).toBe('completed');

    await writeWorkflow(
      fixture.ws.root,
      'Test/Fails',
      todoTaskPlan({
        routes: 1,
        validation: {
          files: [
            { file_name: 'result.json', must_exist: true },
            { file_name: 'never-written.json', must_exist: true },
          ],
        },
      }),
    );
    const runId = await start('Test/Fails');
    const failed = await waitForStatus(fixture.app, runId, ['failed', 'completed']);
    expect(failed.status).toBe('failed');
    expect(failed.error).toBe('validation failed: never-written.json: the file does not exist');
    const events = await runEvents(fixture.app, runId);
    expect(events.find((e) => e.type === 'validation_result')!.data).toEqual({
      step_id: 'work',
      passed: false,
      problems: [{ file: 'never-written.json', message: 'the file does not exist' }],
    });
    expect(events.some((e) => e.type === 'todo_task_step_completed')).toBe(false);
    // No learning from a step that failed validation.
    expect(events.some((e) => e.type === 'learning_recorded')).toBe(false);
  });

  it('respects disable_learning of a sub-agent', async () => {
    await writeWorkflow(fixture.ws.root, 'Test/NoLearn', todoTaskPlan({ routes: 2 }), {
      steps: [{ id: 'agent-2', agent_configs: { disable_learning: true } }],
    });
    const run = await waitForStatus(fixture.app, await start('Test/NoLearn'), ['failed', 'completed']);
    expect(run.status).toBe('completed');
    expect(existsSync(join(fixture.ws.root, 'Test/NoLearn/learnings/agent-1/learnings.md'))).toBe(true);
    expect(existsSync(join(fixture.ws.root, 'Test/NoLearn/learnings/agent-2'))).toBe(false);
  });

  it('stops with a clear error at a step type it cannot execute', async () => {
    const runId = await start('Workflow/UnknownStepType');
    const run = await waitForStatus(fixture.app, runId, ['failed', 'completed']);
    expect(run.status).toBe('failed');
    expect(run.error).toBe('step "scrape-portal" has type "web_scrape", which planvas cannot execute');
    expect((await runEvents(fixture.app, runId)).find((e) => e.type === 'run_error')!.data).toMatchObject({
      kind: 'unsupported_step',
      step_id: 'scrape-portal',
    });
  });
});

describe('objective and branching', () => {
  it('records an objective edit as an event and applies it from the next orchestrator turn', async () => {
    await writeWorkflow(fixture.ws.root, 'Test/Objective', {
      steps: [{ type: 'human_input', id: 'ask', question: 'Go?', response_type: 'text' }, ...(todoTaskPlan({ routes: 1 }).steps as unknown[])],
    });
    const runId = await start('Test/Objective');
    await waitForStatus(fixture.app, runId, ['waiting_input']);
    const put = await fixture.app.inject({ method: 'PUT', url: `/api/runs/${runId}/objective`, payload: { objective: 'A sharper objective', stepId: 'work' } });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().event).toMatchObject({ type: 'objective_updated', data: { objective: 'A sharper objective', step_id: 'work', updated_by: 'user' } });
    expect((await fixture.app.inject({ method: 'PUT', url: `/api/runs/${runId}/objective`, payload: { objective: 5 } })).statusCode).toBe(400);
    await fixture.app.inject({ method: 'POST', url: `/api/runs/${runId}/input`, payload: { answer: 'yes please' } });
    await waitForStatus(fixture.app, runId, ['completed', 'failed']);
    const snapshots = (await runEvents(fixture.app, runId)).filter((e) => e.type === 'todo_snapshot');
    expect(snapshots[0]!.data['objective']).toBe('Do the work');
    expect(snapshots.at(-1)!.data['objective']).toBe('A sharper objective');
    const todos = JSON.parse(await readFile(join(fixture.ws.root, 'Test/Objective/runs', runId, 'execution/work/todos.json'), 'utf8')) as TodoList;
    expect(todos.objective).toBe('A sharper objective');
  });

  it('continues from iteration k of a run: seeded todos and objective, linked to the parent, numbering from k+1', async () => {
    const parentId = await start(DEMO);
    await waitForStatus(fixture.app, parentId, ['waiting_input']);
    const parentEvents = await runEvents(fixture.app, parentId);
    const parentSnapshot2 = parentEvents.find((e) => e.type === 'todo_snapshot' && e.data['iteration'] === 2)!;

    const snapshotApi = await fixture.app.inject({ url: `/api/runs/${parentId}/snapshot?iteration=2` });
    expect(snapshotApi.json().snapshot).toEqual(parentSnapshot2.data);

    const childId = await start(DEMO, { paceMs: 0, from: { runId: parentId, iteration: 2 } });
    const child = await waitForStatus(fixture.app, childId, ['waiting_input', 'failed']);
    expect(child.status, child.error).toBe('waiting_input');
    expect(child.parent).toEqual({ runId: parentId, iteration: 2, stepId: 'research-todo' });
    const events = await runEvents(fixture.app, childId);
    expect(events[0]).toMatchObject({ type: 'run_status', data: { status: 'running', parent: { run_id: parentId, iteration: 2, step_id: 'research-todo' } } });
    const seeded = events.find((e) => e.type === 'todo_snapshot')!;
    expect(seeded.data).toMatchObject({ iteration: 2, reason: 'seeded', todos: parentSnapshot2.data['todos'], objective: parentSnapshot2.data['objective'] });
    // The branch starts at the todo_task step, not at the top of the plan: the step before it
    // ran in the parent and shows as completed there, carried over; the rest start pending.
    const running = events.filter((e) => e.type === 'step_status' && e.data['status'] === 'running').map((e) => e.data['step_id']);
    expect(running[0]).toBe('research-todo');
    const initial = new Map(
      events
        .filter((e) => e.type === 'step_status')
        .map((e) => [e.data['step_id'], e.data] as const)
        .reverse(),
    );
    expect(initial.get('gather-sources')).toMatchObject({ status: 'completed', carried_over_from: parentId });
    expect(initial.get('research-todo')).toMatchObject({ status: 'pending' });
    expect(initial.get('research-todo')).not.toHaveProperty('carried_over_from');
    expect(initial.get('publish-report')).toMatchObject({ status: 'pending' });
    expect(running).not.toContain('gather-sources');
    const iterations = events.filter((e) => e.type === 'todo_task_route_selected').map((e) => e.data['iteration']);
    expect(iterations).toEqual([3, 4, 5, 6]);
    // No todos were re-planned: the four remaining decisions work on the parent's todos.
    expect(events.some((e) => e.type === 'todo_task_item_created')).toBe(false);

    const list = (await fixture.app.inject({ url: `/api/runs?workflow=${encodeURIComponent(DEMO)}` })).json().runs as Array<{ id: string; parent?: unknown }>;
    expect(list.find((r) => r.id === childId)!.parent).toEqual({ runId: parentId, iteration: 2, stepId: 'research-todo' });

    const noSnapshot = await fixture.app.inject({
      method: 'POST',
      url: workflowRunsUrl(DEMO),
      payload: { paceMs: 0, from: { runId: parentId, iteration: 2, stepId: 'draft-outline' } },
    });
    expect(noSnapshot.statusCode).toBe(409);
  });
});
