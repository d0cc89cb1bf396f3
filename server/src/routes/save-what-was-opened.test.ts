import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { changedLines, expectApiError, workflowUrl } from '../test-support/fixture-workspace';
import { useFixtureApp } from '../test-support/fixture-app';
import { putPlan } from '../test-support/plan-saves';

const fixture = useFixtureApp('each');

type Json = Record<string, any>;
const ID = 'Broken/OnDisk';

// A file that already breaks the schema (a numeric title, routes as a string) and has graph
// problems next to that: a dangling target and an id-less step.
const BROKEN = `{
  "steps": [
    { "type": "regular", "id": "fetch", "title": 42, "next_step_id": "nowhere" },
    { "type": "routing", "id": "pick", "routing_question": "Which?", "routes": "fast" },
    { "type": "regular", "title": "No id here" }
  ]
}
`;

async function writeWorkflow(text: string): Promise<string> {
  const dir = join(fixture.ws.root, ID, 'planning');
  await mkdir(dir, { recursive: true });
  const path = join(dir, 'plan.json');
  await writeFile(path, text);
  return path;
}

async function open(): Promise<{ plan: Json; etag: string }> {
  const res = await fixture.app.inject({ url: workflowUrl(ID, '/plan') });
  expect(res.statusCode).toBe(200);
  return { plan: res.json(), etag: res.headers.etag as string };
}

const put = (plan: unknown, etag: string) => putPlan(fixture.app, ID, plan, etag);

describe('saving what the user opened', () => {
  it('opens a file that breaks the schema with every problem, schema and graph alike, and its generation', async () => {
    await writeWorkflow(BROKEN);
    const res = await fixture.app.inject({ url: workflowUrl(ID) });
    expect(res.statusCode).toBe(200);
    const view = res.json();
    const codes = (view.problems as Json[]).map((p) => `${p.code} ${p.path}`);
    expect(codes).toEqual(
      expect.arrayContaining([
        'schema $.steps[0].title',
        'schema $.steps[1].routes',
        'unknown_target $.steps[0].next_step_id',
        'missing_step_id $.steps[2].id',
      ]),
    );
    expect(view.generation).toMatchObject({ generation: 'seed' });
    // The id-less step is shown under its display id.
    expect(view.plan.steps[2].id).toBe('$.steps[2]');
  });

  it('a no-op save of that file answers 200 written: false and leaves the bytes', async () => {
    const path = await writeWorkflow(BROKEN);
    const { plan, etag } = await open();
    const res = await put(plan, etag);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ written: false });
    expect(await readFile(path, 'utf8')).toBe(BROKEN);
  });

  it('an edit elsewhere is saved as one line, old problems reported, the id-less step kept id-less', async () => {
    const path = await writeWorkflow(BROKEN);
    const { plan, etag } = await open();
    plan.steps[1].routing_question = 'Which one?';
    const res = await put(plan, etag);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.written).toBe(true);
    expect((body.problems as Json[]).some((p) => p.code === 'schema' && p.path === '$.steps[0].title')).toBe(true);
    const after = await readFile(path, 'utf8');
    expect(changedLines(BROKEN, after)).toEqual(['    { "type": "routing", "id": "pick", "routing_question": "Which one?", "routes": "fast" },']);
    expect(after).not.toContain('$.steps[2]');
  });

  it("an old problem inside a step that moved is still the file's own", async () => {
    await writeWorkflow(BROKEN);
    const { plan, etag } = await open();
    plan.steps.unshift({ type: 'regular', id: 'first', title: 'First' });
    const res = await put(plan, etag);
    expect(res.statusCode).toBe(200);
  });

  it('refuses only the problem the edit introduces, with its path, and keeps the file', async () => {
    const path = await writeWorkflow(BROKEN);
    const { plan, etag } = await open();
    plan.steps[1].default_route_id = 7;
    const body = expectApiError(await put(plan, etag), 400, 'schema_violation');
    expect(body.details.map((d) => d.path)).toEqual(['$.steps[1].default_route_id']);
    expect(await readFile(path, 'utf8')).toBe(BROKEN);
  });

  it('refuses a body that is not a plan at all', async () => {
    await writeWorkflow(BROKEN);
    const { etag } = await open();
    const cases: Array<[unknown, string]> = [
      [{ objective: 'x' }, '$.steps'],
      [[1, 2], '$'],
      [{ steps: 'none' }, '$.steps'],
    ];
    for (const [body, path] of cases) {
      const answer = expectApiError(await put(body, etag), 400, 'schema_violation');
      expect(answer.details[0]?.path).toBe(path);
    }
  });

  it('keeps a byte order mark through an edit', async () => {
    const path = await writeWorkflow(`\uFEFF{\n  "steps": [\n    { "type": "regular", "id": "a", "title": "A" }\n  ]\n}\n`);
    const { plan, etag } = await open();
    plan.steps[0].title = 'B';
    expect((await put(plan, etag)).statusCode).toBe(200);
    const bytes = await readFile(path);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.toString('utf8')).toContain('"title": "B"');
  });
});
