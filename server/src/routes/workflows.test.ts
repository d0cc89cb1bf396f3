import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURE_WORKFLOWS, expectApiError, hashTree, workflowUrl } from '../test-support/fixture-workspace';
import { useFixtureApp } from '../test-support/fixture-app';
import { editPlan } from '../test-support/plan-saves';

const fixture = useFixtureApp('all');

type Json = Record<string, any>;

describe('GET /api/workflows', () => {
  it('lists every folder with planning/plan.json, nested ones included', async () => {
    const res = await fixture.app.inject({ url: '/api/workflows' });
    expect(res.statusCode).toBe(200);
    const { workflows } = res.json() as { workflows: Json[] };
    expect(workflows.map((w) => w.id)).toEqual(FIXTURE_WORKFLOWS.map((f) => f.id));
    const byId = Object.fromEntries(workflows.map((w) => [w.id, w]));
    expect(byId['Workflow/ResearchReport']).toEqual({ id: 'Workflow/ResearchReport', title: 'ResearchReport', stepCount: 12, legacy: false, problems: 0 });
    expect(byId['Team/Ops/FourSpaceIndent']).toMatchObject({ title: 'FourSpaceIndent', stepCount: 3, legacy: false });
    // 2 legacy todo_tasks (outer + nested sub-agent) and 2 orphaned step_config entries.
    expect(byId['Workflow/LegacyOnboarding']).toMatchObject({ stepCount: 3, legacy: true, problems: 4 });
  });

  it('does not descend into runs/, learnings/, logs/, execution/ or hidden folders', async () => {
    const { mkdir } = await import('node:fs/promises');
    for (const folder of ['runs/r1', 'learnings/x', 'logs/y', 'execution/z', '.hidden/w', 'node_modules/pkg']) {
      const dir = join(fixture.ws.root, 'Workflow/ResearchReport', folder, 'planning');
      await mkdir(dir, { recursive: true });
      await writeFile(join(dir, 'plan.json'), '{"steps": []}\n');
    }
    const ids = (await fixture.app.inject({ url: '/api/workflows' })).json().workflows.map((w: Json) => w.id);
    expect(ids).toEqual(FIXTURE_WORKFLOWS.map((f) => f.id));
  });

  it('uses a title or name from the plan when it has one', async () => {
    await editPlan(fixture.app, 'Workflow/NoFinalNewline', (plan) => {
      plan.title = 'Résumé tidy-up';
    });
    const list = (await fixture.app.inject({ url: '/api/workflows' })).json().workflows as Json[];
    expect(list.find((w) => w.id === 'Workflow/NoFinalNewline')?.title).toBe('Résumé tidy-up');
  });
});

describe('GET /api/workflows/:id', () => {
  it('answers the flat plan, both revisions, the step config in object form and the problems', async () => {
    const res = await fixture.app.inject({ url: workflowUrl('Team/Ops/FourSpaceIndent') });
    expect(res.statusCode).toBe(200);
    const view = res.json();
    expect(view).toMatchObject({ id: 'Team/Ops/FourSpaceIndent', legacy: false, stepConfigForm: 'array', problems: [] });
    expect(view.planRevision).toMatch(/^[0-9a-f]{32}$/);
    expect(view.stepConfigRevision).toMatch(/^[0-9a-f]{32}$/);
    expect(view.stepConfig.steps.map((s: Json) => s.id)).toEqual(['triage-incidents', 'route-severity']);
    const plan = await fixture.app.inject({ url: workflowUrl('Team/Ops/FourSpaceIndent', '/plan') });
    expect(plan.headers.etag).toBe(`"${view.planRevision}"`);
  });

  it('reads a legacy plan flat and lists what is legacy and orphaned', async () => {
    const view = (await fixture.app.inject({ url: workflowUrl('Workflow/LegacyOnboarding') })).json();
    expect(view.legacy).toBe(true);
    expect(JSON.stringify(view.plan)).not.toContain('todo_task_step');
    const codes = view.problems.map((p: Json) => `${p.document}:${p.code}:${p.stepId}`);
    expect(codes).toEqual(
      expect.arrayContaining([
        'plan:legacy_format:onboarding-tasks',
        'plan:legacy_format:provision-accounts',
        'step_config:orphan_step_config:onboarding-orchestrator',
        'step_config:orphan_step_config:background-check',
      ]),
    );
    const merge = view.problems.find((p: Json) => p.stepId === 'onboarding-orchestrator');
    expect(merge.suggestion).toEqual({ action: 'merge', into: 'onboarding-tasks' });
    expect(view.problems.find((p: Json) => p.stepId === 'background-check').suggestion).toEqual({ action: 'remove' });
  });

  it('still opens a plan with a field that breaks the schema, reporting it as a problem with its path', async () => {
    const path = join(fixture.ws.root, 'Workflow/UnknownStepType/planning/plan.json');
    const original = await readFile(path, 'utf8');
    await writeFile(path, original.replace('"id": "fetch-listings"', '"id": 17'));
    const res = await fixture.app.inject({ url: workflowUrl('Workflow/UnknownStepType') });
    expect(res.statusCode).toBe(200);
    const view = res.json();
    expect(view.plan.steps[0].id).toBe(17);
    expect(view.problems).toContainEqual(expect.objectContaining({ code: 'schema', document: 'plan', path: expect.stringMatching(/^\$\.steps\[0\]/) }));
    const listed = (await fixture.app.inject({ url: '/api/workflows' })).json().workflows.find((w: Json) => w.id === 'Workflow/UnknownStepType');
    expect(listed.problems).toBeGreaterThan(0);
    await writeFile(path, original);
  });

  it('reports graph problems without refusing the save (a half-edited workflow)', async () => {
    const id = 'Workflow/ResearchReport';
    const res = await editPlan(fixture.app, id, (plan) => {
      plan.steps[0].next_step_id = 'no-such-step';
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().problems).toContainEqual(expect.objectContaining({ code: 'unknown_target', path: '$.steps[0].next_step_id', document: 'plan' }));
  });
});

describe('POST /api/workflows', () => {
  const post = (payload: unknown) =>
    fixture.app.inject({ method: 'POST', url: '/api/workflows', headers: { 'content-type': 'application/json' }, payload: JSON.stringify(payload) });

  it('creates a blank workflow with plan.json and step_config.json', async () => {
    const res = await post({ id: 'Projects/New Flow', objective: 'Try planvas' });
    expect(res.statusCode).toBe(201);
    expect(res.headers.location).toBe('/api/workflows/Projects%2FNew%20Flow');
    const created = res.json();
    expect(created).toMatchObject({ id: 'Projects/New Flow' });
    const plan = await readFile(join(fixture.ws.root, 'Projects/New Flow/planning/plan.json'), 'utf8');
    expect(JSON.parse(plan)).toEqual({ objective: 'Try planvas', success_criteria: '', steps: [] });
    expect(plan.endsWith('}\n')).toBe(true);
    expect(JSON.parse(await readFile(join(fixture.ws.root, 'Projects/New Flow/planning/step_config.json'), 'utf8'))).toEqual({ steps: [] });
    const view = (await fixture.app.inject({ url: workflowUrl('Projects/New Flow') })).json();
    expect(view.planRevision).toBe(created.planRevision);
    expect(view.stepConfigRevision).toBe(created.stepConfigRevision);
  });

  it('creates a todo_task workflow that passes the checks', async () => {
    const res = await post({ id: 'Projects/Todo', template: 'todo_task' });
    expect(res.statusCode).toBe(201);
    const view = (await fixture.app.inject({ url: workflowUrl('Projects/Todo') })).json();
    expect(view.plan.steps[0].type).toBe('todo_task');
    expect(view.problems).toEqual([]);
  });

  it('refuses an existing workflow (409) and a bad body (400), changing nothing', async () => {
    const before = await hashTree(fixture.ws.root);
    expectApiError(await post({ id: 'Projects/Todo' }), 409, 'workflow_exists');
    const bad = expectApiError(await post({ id: 3, template: 'fancy' }), 400, 'schema_violation');
    expect(bad.details.map((d) => d.path)).toEqual(expect.arrayContaining(['$.id', '$.template']));
    expectApiError(await post({ id: '' }), 400, 'invalid_workflow_id');
    expectApiError(await fixture.app.inject({ method: 'POST', url: '/api/workflows' }), 400, 'body_missing');
    expect(await hashTree(fixture.ws.root)).toEqual(before);
  });
});
