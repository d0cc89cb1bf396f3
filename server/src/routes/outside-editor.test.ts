import { open, readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../http/api-error';
import { parseIfMatch } from '../http/if-match';
import { writeFileAtomic, type AtomicWriter } from '../workspace/atomic-write';
import { WorkspaceRepository } from '../workspace/workspace-repository';
import { readText, workflowUrl } from '../test-support/fixture-workspace';
import { useFixtureApp } from '../test-support/fixture-app';
import { answering, asHttpAnswer } from '../test-support/http-answer';

/**
 * Saves against an outside editor writing the same file: planvas checks If-Match under the file's
 * lock, but the editor can write between that check and planvas' rename. The save must then answer
 * 412 and leave the editor's bytes, never rename over them.
 */
const fixture = useFixtureApp('each');
const id = 'Workflow/ResearchReport';
type Json = Record<string, unknown>;

const planningDir = () => join(fixture.ws.root, id, 'planning');

/** A writer whose save is interrupted, after its temp file is written, by an editor's write of `bytes`. */
function editorWritesBeforeRename(bytes: string): AtomicWriter {
  return (path, data, options) =>
    writeFileAtomic(path, data, {
      ...options,
      beforeRename: async () => {
        await writeFile(path, bytes);
        await options?.beforeRename?.();
      },
    });
}

/** A writer whose save is interrupted after its last check, just before its rename, by an editor's in-place write of `bytes`. */
function editorWritesAfterLastCheck(bytes: string): AtomicWriter {
  return (path, data, options) =>
    writeFileAtomic(path, data, {
      ...options,
      beforeRename: async () => {
        await options?.beforeRename?.();
        await writeFile(path, bytes);
      },
    });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('an editor writing between the If-Match check and the rename', () => {
  it.each(['plan.json', 'step_config.json'] as const)('%s: the save answers 412 and the editor’s bytes survive', async (file) => {
    const path = join(planningDir(), file);
    const original = await readFile(path, 'utf8');
    const editorBytes = original.replace('"', '"edited_by_editor": true, "');
    const repository = await WorkspaceRepository.open(fixture.ws.root, undefined, { writeFile: editorWritesBeforeRename(editorBytes) });
    const document = file === 'plan.json' ? await repository.getPlan(id) : await repository.getStepConfig(id);
    const body = structuredClone(document.document) as Json;
    body.edited_by_planvas = true;
    const precondition = parseIfMatch(`"${document.revision}"`)!;

    const save = file === 'plan.json' ? repository.savePlan(id, body, precondition) : repository.saveStepConfig(id, body, precondition);
    const error = await save.then(
      () => undefined,
      (e: unknown) => asHttpAnswer(e),
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ statusCode: 412, code: 'stale_revision' });
    expect((error as ApiError).extra.currentRevision).not.toBe(document.revision);
    expect(await readFile(path, 'utf8')).toBe(editorBytes);
    // The save's temp file is gone.
    expect((await readdir(planningDir())).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('an in-place write after the last check reaches the replaced file: it is put back and the save answers 412', async () => {
    const path = join(planningDir(), 'plan.json');
    const editorBytes = (await readFile(path, 'utf8')).replace('"', '"edited_by_editor": true, "');
    const repository = await WorkspaceRepository.open(fixture.ws.root, undefined, { writeFile: editorWritesAfterLastCheck(editorBytes) });
    const document = await repository.getPlan(id);
    const body = structuredClone(document.document) as Json;
    body.edited_by_planvas = true;
    await expect(answering(repository.savePlan(id, body, parseIfMatch(`"${document.revision}"`)!))).rejects.toMatchObject({
      statusCode: 412,
      code: 'stale_revision',
    });
    expect(await readFile(path, 'utf8')).toBe(editorBytes);
    expect((await readdir(planningDir())).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('a save whose file was only touched (same bytes) still goes through', async () => {
    const path = join(planningDir(), 'plan.json');
    const original = await readFile(path, 'utf8');
    const repository = await WorkspaceRepository.open(fixture.ws.root, undefined, { writeFile: editorWritesBeforeRename(original) });
    const document = await repository.getPlan(id);
    const body = structuredClone(document.document) as Json;
    body.objective = 'Changed by planvas';
    const result = await repository.savePlan(id, body, parseIfMatch(`"${document.revision}"`)!);
    expect(result.written).toBe(true);
    expect(JSON.parse(await readFile(path, 'utf8')).objective).toBe('Changed by planvas');
  });
});

describe('planvas saving while an editor keeps writing the file', () => {
  it('loses no editor write: every save that succeeds was based on the editor’s latest bytes', async () => {
    const path = join(planningDir(), 'plan.json');
    const ROUNDS = 120;
    const saves = { ok: 0, stale: 0, other: 0 };

    // The editor reads the file, appends its mark and writes it back in place (truncate + write),
    // as many editors do. planvas keeps unknown keys, so a save based on the editor's last write
    // keeps every mark; a save that renamed over an editor write drops that write's mark.
    const editorWrite = async (k: number) => {
      const plan = JSON.parse(await readFile(path, 'utf8')) as Json;
      plan.editor_marks = [...((plan.editor_marks as string[] | undefined) ?? []), `mark-${k}`];
      await writeFile(path, `${JSON.stringify(plan, null, 2)}\n`);
    };
    // Each round, the editor writes at a random moment of a save's life: before its If-Match check
    // (a plain 412), between the check and the rename (the race), or after the rename.
    const atRandomMoment = async () => {
      await sleep(Math.floor(Math.random() * 12));
      for (let i = Math.floor(Math.random() * 30); i > 0; i--) await new Promise((resolve) => setImmediate(resolve));
    };

    for (let k = 1; k <= ROUNDS; k++) {
      const got = await fixture.app.inject({ url: workflowUrl(id, '/plan') });
      expect(got.statusCode).toBe(200);
      const body = got.json() as Json;
      body.objective = `planvas save ${k}`;
      const [put] = await Promise.all([
        fixture.app.inject({
          method: 'PUT',
          url: workflowUrl(id, '/plan'),
          headers: { 'content-type': 'application/json', 'if-match': String(got.headers.etag) },
          payload: JSON.stringify(body),
        }),
        atRandomMoment().then(() => editorWrite(k)),
      ]);
      if (put.statusCode === 200) saves.ok++;
      else if (put.statusCode === 412) saves.stale++;
      else saves.other++;
    }

    const marks = (JSON.parse(await readText(fixture.ws.root, id, 'plan.json')) as Json).editor_marks as string[];
    const lost = Array.from({ length: ROUNDS }, (_, k) => `mark-${k + 1}`).filter((mark) => !marks.includes(mark));
    expect({ lost, other: saves.other }).toEqual({ lost: [], other: 0 });
    expect(saves.ok).toBeGreaterThan(0);
    expect(saves.stale).toBeGreaterThan(0);
  }, 60_000);
});

describe('a GET while an editor is writing the file in place', () => {
  it.each(['/plan', ''])('GET %s waits for the rest of the file and answers it whole', async (suffix) => {
    const path = join(planningDir(), 'plan.json');
    const plan = JSON.parse(await readFile(path, 'utf8')) as Json;
    plan.objective = 'Written by an editor in two chunks';
    const text = `${JSON.stringify(plan, null, 2)}\n`;
    const half = Math.floor(text.length / 2);

    const handle = await open(path, 'w');
    try {
      await handle.write(text.slice(0, half));
      const answer = fixture.app.inject({ url: workflowUrl(id, suffix) });
      await sleep(30);
      await handle.write(text.slice(half));
      const res = await answer;
      expect(res.statusCode).toBe(200);
      const document = (suffix === '/plan' ? res.json() : res.json().plan) as Json;
      expect(document.objective).toBe('Written by an editor in two chunks');
    } finally {
      await handle.close();
    }
  });

  it('a file that is simply broken still answers 422 at once', async () => {
    const path = join(planningDir(), 'plan.json');
    expect((await fixture.app.inject({ url: workflowUrl(id, '/plan') })).statusCode).toBe(200);
    await writeFile(path, '{"steps": [}');
    // Waiting for it would take 5 pauses of 20 ms.
    const started = performance.now();
    const res = await fixture.app.inject({ url: workflowUrl(id, '/plan') });
    expect(res.statusCode).toBe(422);
    expect(performance.now() - started).toBeLessThan(80);
  });
});
