import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURE_WORKSPACE, expectApiError, hashTree, workflowUrl } from '../test-support/fixture-workspace';
import { useFixtureApp } from '../test-support/fixture-app';
import { editPlan } from '../test-support/plan-saves';

const fixture = useFixtureApp('each');
const id = 'Workflow/LegacyOnboarding';
const dir = () => join(fixture.ws.root, id);

type Json = Record<string, any>;
const migrate = (query = '') => fixture.app.inject({ method: 'POST', url: workflowUrl(id, `/migrate${query}`) });
const readJson = async (file: string) => JSON.parse(await readFile(join(dir(), file), 'utf8')) as Json;

const EXPECTED_CHANGES = [
  { kind: 'plan_flattened', stepId: 'onboarding-tasks', innerId: 'onboarding-orchestrator' },
  { kind: 'plan_flattened', stepId: 'provision-accounts', innerId: 'provision-accounts-orchestrator' },
  { kind: 'step_config_merged', from: 'onboarding-orchestrator', into: 'onboarding-tasks' },
  { kind: 'step_config_removed', id: 'background-check' },
  { kind: 'learnings_renamed', from: 'onboarding-orchestrator', to: 'onboarding-tasks' },
];

describe('POST /api/workflows/:id/migrate on LegacyOnboarding', () => {
  it('?dryRun=1 lists the changes and writes nothing', async () => {
    const before = await hashTree(fixture.ws.base);
    const res = await migrate('?dryRun=1');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ dryRun: true, legacy: true, planWritten: false, stepConfigWritten: false });
    expect(body.changes).toHaveLength(EXPECTED_CHANGES.length);
    for (const change of EXPECTED_CHANGES) expect(body.changes).toContainEqual(expect.objectContaining(change));
    expect(await hashTree(fixture.ws.base)).toEqual(before);
  });

  it('applies them: plan flat, orphan merged with the outer settings winning, unknown orphan removed, learnings renamed', async () => {
    const res = await migrate();
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ dryRun: false, legacy: true, planWritten: true, stepConfigWritten: true, problems: [] });

    const planText = await readFile(join(dir(), 'planning/plan.json'), 'utf8');
    expect(planText).not.toContain('todo_task_step');
    const plan = JSON.parse(planText);
    const outer = plan.steps[1];
    expect(outer.description).toMatch(/^Outer description \(kept\)/);
    expect(outer.success_criteria).toBe('onboarding_status.json shows every onboarding todo completed.');
    expect(outer.validation_schema.files[0].file_name).toBe('onboarding_status.json');
    expect(outer.predefined_routes[0].sub_agent_step.description).toMatch(/^Create every account/);

    const config = await readJson('planning/step_config.json');
    expect(config.steps.map((s: Json) => s.id)).toEqual(['onboarding-tasks', 'create-email-account']);
    expect(config.steps[0].agent_configs).toEqual({
      execution_max_turns: 60,
      learning_llm: { provider: 'anthropic', model_id: 'claude-sonnet-4' },
      disable_learning: false,
      orchestration_max_iterations: 12,
      execution_llm: { provider: 'vertex', model_id: 'gemini-2.5-pro' },
    });
    expect(existsSync(join(dir(), 'learnings/onboarding-orchestrator'))).toBe(false);
    expect(await readFile(join(dir(), 'learnings/onboarding-tasks/notes.md'), 'utf8')).toBe(
      await readFile(join(FIXTURE_WORKSPACE, id, 'learnings/onboarding-orchestrator/notes.md'), 'utf8'),
    );

    const view = (await fixture.app.inject({ url: workflowUrl(id) })).json();
    expect(view).toMatchObject({ legacy: false, planRevision: body.planRevision, stepConfigRevision: body.stepConfigRevision, problems: [] });
  });

  it('is idempotent: a second run changes nothing', async () => {
    expect((await migrate()).statusCode).toBe(200);
    const before = await hashTree(fixture.ws.base);
    const again = (await migrate()).json();
    expect(again).toMatchObject({ legacy: false, changes: [], planWritten: false, stepConfigWritten: false });
    expect(await hashTree(fixture.ws.base)).toEqual(before);
  });

  it('keeps learnings/<inner>/ when learnings/<outer>/ already exists', async () => {
    await mkdir(join(dir(), 'learnings/onboarding-tasks'), { recursive: true });
    const body = (await migrate()).json();
    expect(body.changes).toContainEqual(expect.objectContaining({ kind: 'learnings_kept', from: 'onboarding-orchestrator', to: 'onboarding-tasks' }));
    expect(existsSync(join(dir(), 'learnings/onboarding-orchestrator/notes.md'))).toBe(true);
  });

  it('after a save already wrote the plan flat, still merges (not removes) the old inner id and moves its learnings', async () => {
    const saved = await editPlan(fixture.app, id, (plan) => {
      plan.objective = 'Edited before migrating';
    });
    expect(saved.statusCode).toBe(200);
    expect(await readFile(join(dir(), 'planning/plan.json'), 'utf8')).not.toContain('todo_task_step');

    // A restart must not forget it either: the memory lives in the state file.
    await fixture.restart();
    const body = (await migrate()).json();
    expect(body.legacy).toBe(false);
    expect(body.changes).toContainEqual(expect.objectContaining({ kind: 'step_config_merged', from: 'onboarding-orchestrator', into: 'onboarding-tasks' }));
    expect(body.changes).toContainEqual(expect.objectContaining({ kind: 'learnings_renamed', from: 'onboarding-orchestrator', to: 'onboarding-tasks' }));
    expect((await readJson('planning/step_config.json')).steps[0].agent_configs.orchestration_max_iterations).toBe(12);
  });

  it('a flat workflow has nothing to migrate', async () => {
    const before = await hashTree(fixture.ws.base);
    const body = (await fixture.app.inject({ method: 'POST', url: workflowUrl('Workflow/ResearchReport', '/migrate') })).json();
    expect(body).toMatchObject({ legacy: false, changes: [], planWritten: false });
    expect(await hashTree(fixture.ws.base)).toEqual(before);
  });

  it('refuses a plan that breaks the schema (422) and changes nothing', async () => {
    const path = join(dir(), 'planning/plan.json');
    await writeFile(path, (await readFile(path, 'utf8')).replace('"id": "send-welcome"', '"id": false'));
    const before = await hashTree(fixture.ws.base);
    const body = expectApiError(await migrate(), 422, 'plan_invalid');
    expect(body.details[0]?.path).toMatch(/^\$\.steps\[2\]/);
    expect(await hashTree(fixture.ws.base)).toEqual(before);
  });
});
