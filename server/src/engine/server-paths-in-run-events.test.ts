// What the engine writes into a run's events from errors is stored in the log and streamed to
// every viewer: it must name files inside the workspace, never where the workspace is on the server.
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { appFor, copyFixtureWorkspace, type TempWorkspace } from '../test-support/fixture-workspace';
import { runEvents, waitForStatus, workflowRunsUrl, writeWorkflow } from '../test-support/run-harness';

let ws: TempWorkspace;
let app: FastifyInstance;

beforeEach(async () => {
  ws = await copyFixtureWorkspace();
  app = await appFor(ws);
});
afterEach(async () => {
  await app.close();
  await ws.cleanup();
});

it('a step failing on an absolute context_output path under the workspace says <workspace>/…, not the server path', async () => {
  const outside = `${ws.root}/Leak/report.md`;
  await writeWorkflow(ws.root, 'Leak', {
    objective: 'o',
    steps: [{ id: 'write', type: 'regular', title: 'Write', description: 'd', context_output: outside }],
  });
  const started = await app.inject({ method: 'POST', url: workflowRunsUrl('Leak'), payload: { paceMs: 0 } });
  expect(started.statusCode, started.body).toBe(201);
  const runId = started.json().runId as string;
  expect((await waitForStatus(app, runId, ['completed', 'failed'])).status).toBe('failed');
  const words = (await runEvents(app, runId)).flatMap((e) => [e.data['message'], e.data['reason']]).filter((w): w is string => typeof w === 'string');
  expect(words.some((w) => w.includes('<workspace>/Leak/report.md'))).toBe(true);
  for (const w of words) expect(w).not.toContain(ws.root);
});
