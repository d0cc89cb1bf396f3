import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectApiError, hashTree, workflowUrl } from '../test-support/fixture-workspace';
import { useFixtureApp } from '../test-support/fixture-app';
import { putPlan } from '../test-support/plan-saves';

/** Workflow ids at the HTTP edge: lengths, invisible characters, Unicode normalisation. */
const fixture = useFixtureApp('each');

const create = (id: string) =>
  fixture.app.inject({ method: 'POST', url: '/api/workflows', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ id }) });

/** Every way to touch a workflow through its id in the URL. */
const touches = (id: string) => [
  { url: workflowUrl(id) },
  { url: workflowUrl(id, '/plan') },
  { url: workflowUrl(id, '/view') },
  { method: 'PUT' as const, url: workflowUrl(id, '/plan'), headers: { 'content-type': 'application/json', 'if-match': '*' }, payload: '{"steps": []}' },
  { method: 'POST' as const, url: workflowUrl(id, '/migrate') },
];

describe('over-long ids: 400 invalid_workflow_id before any file access', () => {
  it.each([
    ['a folder name of 300 characters', 'x'.repeat(300)],
    ['a folder name of 256 bytes', `Workflow/${'x'.repeat(256)}`],
    ['a folder name of 86 CJK characters (258 bytes)', `Workflow/${'日'.repeat(86)}`],
    ['an id over 1024 bytes', Array(6).fill('x'.repeat(200)).join('/')],
    ['an id whose URL encoding is over 8 KiB', Array(12).fill('日'.repeat(80)).join('/')],
  ])('%s', async (_name, id) => {
    const before = await hashTree(fixture.ws.base);
    for (const request of touches(id)) {
      const res = await fixture.app.inject(request);
      expectApiError(res, 400, 'invalid_workflow_id');
    }
    expectApiError(await create(id), 400, 'invalid_workflow_id');
    expect(await hashTree(fixture.ws.base)).toEqual(before);
  });
});

describe('ids with control, bidi or zero-width characters: 400', () => {
  it.each([
    ['a control character', 'Workflow/a\u0007b'],
    ['a C1 control character', 'Workflow/a\u0085b'],
    ['a right-to-left override', 'Workflow/report\u202Egpj'],
    ['a left-to-right isolate', 'Workflow/\u2066x'],
    ['a left-to-right mark', 'Workflow/x\u200E'],
    ['an Arabic letter mark', 'Workflow/x\u061C'],
    ['a zero-width space', 'Workflow/Research\u200BReport'],
    ['a zero-width joiner', 'Workflow/a\u200Db'],
    ['a byte order mark', '\uFEFFWorkflow/x'],
    ['a word joiner', 'Workflow/a\u2060b'],
  ])('%s: neither created nor looked up', async (_name, id) => {
    const before = await hashTree(fixture.ws.base);
    expectApiError(await create(id), 400, 'invalid_workflow_id');
    for (const request of touches(id)) expectApiError(await fixture.app.inject(request), 400, 'invalid_workflow_id');
    expect(await hashTree(fixture.ws.base)).toEqual(before);
  });
});

describe('ids are NFC: the decomposed and the composed spelling name the same folder', () => {
  const nfc = 'Caf\u00e9/Fl\u00f6w';
  const nfd = 'Cafe\u0301/Flo\u0308w';

  it('a workflow created under its NFD spelling is created, answered and found under NFC', async () => {
    const res = await create(nfd);
    expect(res.statusCode).toBe(201);
    expect(res.json().id).toBe(nfc);
    expect(res.headers.location).toBe(workflowUrl(nfc));
    expect(await readdir(fixture.ws.root)).toContain('Caf\u00e9');
    expect(await readdir(fixture.ws.root)).not.toContain('Cafe\u0301');
    const byNfc = await fixture.app.inject({ url: workflowUrl(nfc) });
    expect(byNfc.statusCode).toBe(200);
    expect(byNfc.json().id).toBe(nfc);
  });

  it('an NFD id finds the NFC folder, for reads and writes', async () => {
    expect((await create(nfc)).statusCode).toBe(201);
    const read = await fixture.app.inject({ url: workflowUrl(nfd) });
    expect(read.statusCode).toBe(200);
    expect(read.json().id).toBe(nfc);
    const etag = String(read.headers.etag ?? `"${read.json().planRevision}"`);
    const save = await putPlan(fixture.app, nfd, { objective: 'both spellings', steps: [] }, etag);
    expect(save.statusCode).toBe(200);
    expect((await fixture.app.inject({ url: workflowUrl(nfc, '/plan') })).json().objective).toBe('both spellings');
  });

  it('a folder spelled NFD on disk (copied from a Mac) is listed under its NFC id and opens, reads and saves', async () => {
    await mkdir(join(fixture.ws.root, 'Cafe\u0301', 'Flo\u0308w', 'planning'), { recursive: true });
    await writeFile(join(fixture.ws.root, 'Cafe\u0301', 'Flo\u0308w', 'planning', 'plan.json'), '{"objective": "from a Mac", "steps": []}\n');
    const list = (await fixture.app.inject({ url: '/api/workflows' })).json() as { workflows: Array<{ id: string }> };
    expect(list.workflows.map((w) => w.id)).toContain(nfc);
    const read = await fixture.app.inject({ url: workflowUrl(nfc) });
    expect(read.statusCode).toBe(200);
    const save = await fixture.app.inject({
      method: 'PUT',
      url: workflowUrl(nfc, '/plan'),
      headers: { 'content-type': 'application/json', 'if-match': `"${read.json().planRevision}"` },
      payload: '{"objective": "saved", "steps": []}',
    });
    expect(save.statusCode).toBe(200);
    // Written into the folder as it is spelled on disk: no second, NFC-spelled folder appears.
    expect(await readdir(fixture.ws.root)).not.toContain('Caf\u00e9');
    expect(await readFile(join(fixture.ws.root, 'Cafe\u0301', 'Flo\u0308w', 'planning', 'plan.json'), 'utf8')).toContain('"saved"');
  });

  it('creating the NFD spelling of an existing NFC workflow is a 409, not a second folder', async () => {
    expect((await create(nfc)).statusCode).toBe(201);
    expectApiError(await create(nfd), 409, 'workflow_exists');
  });
});
