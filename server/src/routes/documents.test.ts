import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURE_WORKFLOWS, changedLines, hashTree, readText, workflowUrl } from '../test-support/fixture-workspace';
import { useFixtureApp } from '../test-support/fixture-app';

const fixture = useFixtureApp('all');

type Json = Record<string, any>;

async function getDoc(id: string, doc: 'plan' | 'step-config'): Promise<{ body: Json; etag: string }> {
  const res = await fixture.app.inject({ url: workflowUrl(id, `/${doc}`) });
  expect(res.statusCode).toBe(200);
  const etag = res.headers.etag;
  expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
  return { body: res.json(), etag: etag as string };
}

function put(id: string, doc: 'plan' | 'step-config', body: unknown, ifMatch?: string) {
  return fixture.app.inject({
    method: 'PUT',
    url: workflowUrl(id, `/${doc}`),
    headers: { 'content-type': 'application/json', ...(ifMatch !== undefined ? { 'if-match': ifMatch } : {}) },
    payload: JSON.stringify(body),
  });
}

const fileName = (doc: 'plan' | 'step-config') => (doc === 'plan' ? 'plan.json' : 'step_config.json');

function firstWithLlm(config: Json): Json {
  const entry = (config.steps as Json[]).find((e) => e.agent_configs?.execution_llm);
  if (!entry) throw new Error('fixture has no execution_llm entry');
  return entry;
}

describe.each(FIXTURE_WORKFLOWS)('$id', (workflow) => {
  const docs = workflow.stepConfig ? (['plan', 'step-config'] as const) : (['plan'] as const);

  it.each(docs)('a no-op GET -> PUT of %s leaves the bytes identical', async (doc) => {
    const before = await hashTree(fixture.ws.root);
    const { body, etag } = await getDoc(workflow.id, doc);
    const res = await put(workflow.id, doc, body, etag);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ revision: etag.slice(1, -1), written: false });
    expect(res.headers.etag).toBe(etag);
    expect(await hashTree(fixture.ws.root)).toEqual(before);
  });

  it('a no-op save of the plan from GET /api/workflows/:id leaves the bytes identical', async () => {
    const before = await hashTree(fixture.ws.root);
    const view = (await fixture.app.inject({ url: workflowUrl(workflow.id) })).json();
    expect(view.legacy).toBe(workflow.legacy);
    const res = await put(workflow.id, 'plan', view.plan, `"${view.planRevision}"`);
    expect(res.statusCode).toBe(200);
    expect(await hashTree(fixture.ws.root)).toEqual(before);
  });
});

describe.each(FIXTURE_WORKFLOWS.filter((f) => !f.legacy))('one edited field in $id', (workflow) => {
  it('a step title edit is a one-line diff and everything else (unknown keys included) survives', async () => {
    const beforeText = await readText(fixture.ws.root, workflow.id, 'plan.json');
    const { body, etag } = await getDoc(workflow.id, 'plan');
    const step = body.steps[body.steps.length - 1];
    step.title = `${step.title} (edited)`;
    const res = await put(workflow.id, 'plan', body, etag);
    expect(res.statusCode).toBe(200);
    expect(res.json().written).toBe(true);
    const afterText = await readText(fixture.ws.root, workflow.id, 'plan.json');
    const changed = changedLines(beforeText, afterText);
    expect(changed).toHaveLength(1);
    expect(changed?.[0]).toContain('(edited)');
    // Semantically: the file now says exactly what the body said (nothing dropped or added).
    expect(JSON.parse(afterText)).toEqual(body);
    expect(afterText.endsWith('\n')).toBe(beforeText.endsWith('\n'));
    expect(res.json().revision).not.toBe(etag.slice(1, -1));
    expect((await getDoc(workflow.id, 'plan')).etag).toBe(res.headers.etag);
  });

  if (workflow.stepConfig) {
    it('a model edit in step_config is a one-line diff and the file keeps its form', async () => {
      const beforeText = await readText(fixture.ws.root, workflow.id, 'step_config.json');
      const { body, etag } = await getDoc(workflow.id, 'step-config');
      expect(Array.isArray(body.steps)).toBe(true);
      firstWithLlm(body).agent_configs.execution_llm.model_id = 'edited-model';
      const res = await put(workflow.id, 'step-config', body, etag);
      expect(res.statusCode).toBe(200);
      const afterText = await readText(fixture.ws.root, workflow.id, 'step_config.json');
      const changed = changedLines(beforeText, afterText);
      expect(changed).toHaveLength(1);
      expect(changed?.[0]).toContain('edited-model');
      const written = JSON.parse(afterText);
      expect(written).toEqual(workflow.stepConfig === 'array' ? body.steps : body);
    });
  }
});

describe('format details survive a save', () => {
  it('ResearchReport keeps option_routes in file order and its unknown keys', async () => {
    const id = 'Workflow/ResearchReport';
    const { body, etag } = await getDoc(id, 'plan');
    body.objective = `${body.objective} Edited.`;
    expect((await put(id, 'plan', body, etag)).statusCode).toBe(200);
    const text = await readText(fixture.ws.root, id, 'plan.json');
    const routes = text.slice(text.indexOf('"option_routes"'));
    expect(routes.indexOf('"0"')).toBeLessThan(routes.indexOf('"reject"'));
    expect(routes.indexOf('"reject"')).toBeLessThan(routes.indexOf('"2"'));
    for (const key of ['"workflow_optimized"', '"run_mode"', '"author_notes"', '"max_calls_per_run"', '"ui_color"', '"estimated_minutes"']) {
      expect(text).toContain(key);
    }
    expect(text.indexOf('"workflow_optimized"')).toBeLessThan(text.indexOf('"steps"'));
    expect(text.indexOf('"run_mode"')).toBeGreaterThan(text.indexOf('"steps"'));
  });

  it('FourSpaceIndent keeps 4 spaces in plan.json and tabs in its array step_config', async () => {
    const id = 'Team/Ops/FourSpaceIndent';
    const { body, etag } = await getDoc(id, 'plan');
    body.steps.push({ type: 'regular', id: 'added-step', title: 'Added', description: '', success_criteria: '' });
    expect((await put(id, 'plan', body, etag)).statusCode).toBe(200);
    const text = await readText(fixture.ws.root, id, 'plan.json');
    expect(text).toContain('\n        {\n            "type": "regular",\n            "id": "added-step"');
    expect(text).not.toMatch(/\n {2}(?! )/);

    const config = await getDoc(id, 'step-config');
    config.body.steps.push({ id: 'added-step', agent_configs: { execution_max_turns: 5 } });
    expect((await put(id, 'step-config', config.body, config.etag)).statusCode).toBe(200);
    const configText = await readText(fixture.ws.root, id, 'step_config.json');
    expect(configText.startsWith('[\n\t{')).toBe(true);
    expect(configText).toContain('\n\t{\n\t\t"id": "added-step"');
  });

  it('NoFinalNewline keeps the missing final newline, 1.0 and the non-ASCII text', async () => {
    const id = 'Workflow/NoFinalNewline';
    const { body, etag } = await getDoc(id, 'plan');
    body.steps[0].description = 'Edited description';
    expect((await put(id, 'plan', body, etag)).statusCode).toBe(200);
    const text = await readText(fixture.ws.root, id, 'plan.json');
    expect(text.endsWith('\n')).toBe(false);
    expect(text).toContain('"version": 1.0');
    expect(text).toContain('Tidy Résumé — naïve café');
    expect(text).toContain('“smart quote”');
  });

  it('UnknownStepType keeps the opaque step and the untyped sub-agent as written', async () => {
    const id = 'Workflow/UnknownStepType';
    const { body, etag } = await getDoc(id, 'plan');
    body.objective = 'Edited objective';
    expect((await put(id, 'plan', body, etag)).statusCode).toBe(200);
    const written = JSON.parse(await readText(fixture.ws.root, id, 'plan.json'));
    const scrape = written.steps.find((s: Json) => s.id === 'scrape-portal');
    expect(scrape.type).toBe('web_scrape');
    expect(scrape.selectors).toBeTypeOf('object');
    const summarize = written.steps.find((s: Json) => s.type === 'todo_task');
    const sub = summarize.predefined_routes.find((r: Json) => r.sub_agent_step?.id === 'neighbourhood-summarizer').sub_agent_step;
    expect('type' in sub).toBe(false);
  });
});

describe('legacy plans', () => {
  const id = 'Workflow/LegacyOnboarding';

  it('read flat, written flat by the first save that changes something', async () => {
    const original = await readText(fixture.ws.root, id, 'plan.json');
    expect(original).toContain('todo_task_step');
    const { body, etag } = await getDoc(id, 'plan');
    expect(JSON.stringify(body)).not.toContain('todo_task_step');
    const outer = body.steps.find((s: Json) => s.id === 'onboarding-tasks');
    expect(outer.description).toMatch(/^Outer description/);
    expect(outer.success_criteria).toBeTruthy();

    outer.title = 'Onboarding Tasks (edited)';
    const res = await put(id, 'plan', body, etag);
    expect(res.statusCode).toBe(200);
    const text = await readText(fixture.ws.root, id, 'plan.json');
    expect(text).not.toContain('todo_task_step');
    expect(JSON.parse(text)).toEqual(body);
    expect(text.endsWith('}\n')).toBe(true);
    // Only the nested form changed: the other steps keep their exact text.
    const firstStep = original.slice(original.indexOf('    {'), original.indexOf('    },') + 6);
    expect(text).toContain(firstStep);

    const view = (await fixture.app.inject({ url: workflowUrl(id) })).json();
    expect(view.legacy).toBe(false);
    // The inner id is remembered: its step_config entry is still "merge", never "remove".
    const orphan = view.problems.find((p: Json) => p.stepId === 'onboarding-orchestrator');
    expect(orphan).toMatchObject({ code: 'orphan_step_config', document: 'step_config', suggestion: { action: 'merge', into: 'onboarding-tasks' } });
  });
});

describe('step_config.json that does not exist yet', () => {
  const id = 'Workflow/UnknownStepType';
  const config = { steps: [{ id: 'fetch-listings', agent_configs: { execution_max_turns: 12 } }] };

  it('GET answers 404 step_config_absent and the workflow view says null', async () => {
    const res = await fixture.app.inject({ url: workflowUrl(id, '/step-config') });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ statusCode: 404, code: 'step_config_absent' });
    const view = (await fixture.app.inject({ url: workflowUrl(id) })).json();
    expect(view).toMatchObject({ stepConfig: null, stepConfigRevision: null, stepConfigForm: null });
  });

  it('is created only with If-Match: "absent"; * and a revision are 412', async () => {
    const before = await hashTree(fixture.ws.root);
    for (const tag of ['*', '"0123456789abcdef0123456789abcdef"']) {
      const res = await put(id, 'step-config', config, tag);
      expect(res.statusCode).toBe(412);
      expect(res.json()).toMatchObject({ code: 'stale_revision', currentRevision: null });
    }
    expect(await hashTree(fixture.ws.root)).toEqual(before);

    const created = await put(id, 'step-config', config, '"absent"');
    expect(created.statusCode).toBe(200);
    expect(await readText(fixture.ws.root, id, 'step_config.json')).toBe(`${JSON.stringify(config, null, 2)}\n`);

    const again = await put(id, 'step-config', config, '"absent"');
    expect(again.statusCode).toBe(412);
    expect(again.json().currentRevision).toBe(created.json().revision);
  });
});

describe('conditional requests', () => {
  it('If-None-Match with the current revision answers 304', async () => {
    const { etag } = await getDoc('Workflow/ResearchReport', 'step-config');
    const res = await fixture.app.inject({ url: workflowUrl('Workflow/ResearchReport', '/step-config'), headers: { 'if-none-match': etag } });
    expect(res.statusCode).toBe(304);
    expect(res.body).toBe('');
  });

  it('an outside edit changes the revision, so a save based on the old one is refused', async () => {
    const id = 'Workflow/ResearchReport';
    const { body, etag } = await getDoc(id, 'plan');
    const path = join(fixture.ws.root, id, 'planning', 'plan.json');
    const { writeFile } = await import('node:fs/promises');
    const outside = (await readFile(path, 'utf8')).replace('"objective": "', '"objective": "Outside edit. ');
    await writeFile(path, outside);
    body.objective = 'planvas edit';
    const res = await put(id, 'plan', body, etag);
    expect(res.statusCode).toBe(412);
    expect(await readFile(path, 'utf8')).toBe(outside);
    expect(res.json().currentRevision).toBe((await getDoc(id, 'plan')).etag.slice(1, -1));
  });
});

describe('writes to one file are serialised', () => {
  it.each(['plan', 'step-config'] as const)('100 concurrent PUTs of %s with the same If-Match: one 200, 99 x 412', async (doc) => {
    const id = 'Workflow/ResearchReport';
    const { body, etag } = await getDoc(id, doc);
    const responses = await Promise.all(
      Array.from({ length: 100 }, (_, i) => {
        const edited = structuredClone(body);
        if (doc === 'plan') edited.objective = `Concurrent edit ${i}`;
        else edited.steps[0].title = `Concurrent edit ${i}`;
        return put(id, doc, edited, etag);
      }),
    );
    const ok = responses.filter((r) => r.statusCode === 200);
    const stale = responses.filter((r) => r.statusCode === 412);
    expect(ok).toHaveLength(1);
    expect(stale).toHaveLength(99);
    const winner = ok[0]?.json().revision;
    for (const r of stale) expect(r.json()).toMatchObject({ statusCode: 412, code: 'stale_revision', currentRevision: winner });
    const text = await readFile(join(fixture.ws.root, id, 'planning', fileName(doc)), 'utf8');
    expect(text.match(/Concurrent edit \d+/g)).toHaveLength(1);
    expect((await getDoc(id, doc)).etag).toBe(`"${winner}"`);
  });
});
