import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appFor, copyFixtureWorkspace, workflowUrl, type TempWorkspace } from '../test-support/fixture-workspace';
import { listenOnLoopback } from '../test-support/fixture-app';
import { eventually, openSse, type SseClient } from '../test-support/sse-client';
import { deleteWorkflow, duplicateWorkflow, listedIds, renameWorkflow } from '../test-support/workflow-management';
import type { DocumentChange, WorkflowsChange } from '../workspace/workspace-changes';

const REPORT = 'Workflow/ResearchReport';
const CLIENT = { 'x-planvas-client': 'tab-7' };

let ws: TempWorkspace;
let app: FastifyInstance | undefined;
let base: string;
const streams: SseClient[] = [];

beforeEach(async () => {
  ws = await copyFixtureWorkspace();
});
afterEach(async () => {
  for (const stream of streams.splice(0)) stream.close();
  await app?.close();
  app = undefined;
  await ws.cleanup();
});

async function listen(options: Parameters<typeof appFor>[1]): Promise<void> {
  app = await appFor(ws, options);
  base = await listenOnLoopback(app);
}

/** An open stream at `path`, once its `ready` arrived. */
async function follow(path: string): Promise<SseClient> {
  const stream = await openSse(`${base}${path}`);
  streams.push(stream);
  expect(stream.status).toBe(200);
  await eventually(() => stream.of('ready').length === 1, 'the ready event');
  return stream;
}

const workflowsEvents = (stream: SseClient) => stream.of<WorkflowsChange>('workflows');
const added = (stream: SseClient) => workflowsEvents(stream).flatMap((w) => w.added);
const removed = (stream: SseClient) => workflowsEvents(stream).flatMap((w) => w.removed);

describe('GET /api/changes and the workflow list around duplicate, rename and delete', () => {
  it('reports each operation as planvas made it, without waiting for the file system (fs events off, no polling)', async () => {
    // Only the API's own announcements can reach the stream here.
    await listen({ watcher: { fsEvents: false, pollMs: 3_600_000 } });
    const stream = await follow('/api/changes');
    const oldStream = await follow(workflowUrl(REPORT, '/changes'));

    expect((await duplicateWorkflow(app!, REPORT, 'Copies/One', CLIENT)).statusCode).toBe(201);
    expect(await listedIds(app!)).toContain('Copies/One');
    await eventually(() => added(stream).includes('Copies/One'), 'Copies/One added');
    const planChange = stream.of<DocumentChange>('change').find((c) => c.workflowId === 'Copies/One' && c.document === 'plan');
    // A first sight is no change: the workflow event is what tells of the copy.
    expect(planChange).toBeUndefined();

    expect((await renameWorkflow(app!, REPORT, 'Archive/Report', CLIENT)).statusCode).toBe(200);
    const ids = await listedIds(app!);
    expect(ids).toContain('Archive/Report');
    expect(ids).not.toContain(REPORT);
    await eventually(() => removed(stream).includes(REPORT) && added(stream).includes('Archive/Report'), 'the rename as removed + added');
    const order = workflowsEvents(stream).map((w) => JSON.stringify(w));
    expect(order.indexOf(JSON.stringify({ added: [], removed: [REPORT] }))).toBeLessThan(
      order.indexOf(JSON.stringify({ added: ['Archive/Report'], removed: [] })),
    );
    // A page that has the old id open hears that its documents went, from planvas and its own tab.
    await eventually(() => oldStream.of<DocumentChange>('change').some((c) => c.document === 'plan'), 'the old plan removed');
    expect(oldStream.of<DocumentChange>('change').find((c) => c.document === 'plan')).toEqual({
      workflowId: REPORT,
      document: 'plan',
      revision: null,
      deleted: true,
      origin: 'planvas',
      clientId: 'tab-7',
    });

    expect((await deleteWorkflow(app!, 'Copies/One')).statusCode).toBe(204);
    expect(await listedIds(app!)).not.toContain('Copies/One');
    await eventually(() => removed(stream).includes('Copies/One'), 'Copies/One removed');
  });

  it('with the file system watched too, each workflow is added and removed once', async () => {
    await listen({ watcher: { debounceMs: 10, pollMs: 100 } });
    const stream = await follow('/api/changes');
    expect((await duplicateWorkflow(app!, REPORT, 'Dup')).statusCode).toBe(201);
    expect((await renameWorkflow(app!, 'Dup', 'Team/Dup')).statusCode).toBe(200);
    expect((await renameWorkflow(app!, 'Workflow/NoFinalNewline', 'Moved/NoFinalNewline')).statusCode).toBe(200);
    expect((await deleteWorkflow(app!, 'Team/Dup')).statusCode).toBe(204);
    // A sentinel made by hand: once it is reported, every re-scan the operations caused is through.
    await mkdir(join(ws.root, 'Sentinel', 'planning'), { recursive: true });
    await writeFile(join(ws.root, 'Sentinel', 'planning', 'plan.json'), await readFile(join(ws.root, REPORT, 'planning', 'plan.json')));
    await eventually(() => added(stream).includes('Sentinel'), 'the sentinel added');
    const count = (list: string[], id: string) => list.filter((x) => x === id).length;
    expect([count(added(stream), 'Dup'), count(removed(stream), 'Dup')]).toEqual([1, 1]);
    expect([count(added(stream), 'Team/Dup'), count(removed(stream), 'Team/Dup')]).toEqual([1, 1]);
    expect([count(removed(stream), 'Workflow/NoFinalNewline'), count(added(stream), 'Moved/NoFinalNewline')]).toEqual([1, 1]);
    expect(await listedIds(app!)).toEqual([
      'Moved/NoFinalNewline',
      'Sentinel',
      'Team/Ops/FourSpaceIndent',
      'Workflow/LegacyOnboarding',
      REPORT,
      'Workflow/UnknownStepType',
    ]);
  });
});
