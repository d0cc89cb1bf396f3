// A scripted run of the demo workflow end to end: its events, the files it writes, human input and the run list.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { groupEventsByIteration, parseDecisionLog, type EventEnvelope, type TodoList } from '@planvas/shared';
import { runEvents, runSummary, startRun, until, waitForStatus, workflowRunsUrl } from '../../test-support/run-harness';
import { useFixtureApp } from '../../test-support/fixture-app';

const DEMO = 'Workflow/ResearchReport';
const fixture = useFixtureApp('each');
const start = (id: string, body?: Record<string, unknown>) => startRun(fixture.app, id, body);

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
