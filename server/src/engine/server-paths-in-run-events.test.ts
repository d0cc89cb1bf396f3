// What the engine writes into a run's events from errors is stored in the log and streamed to
// every viewer: it must name files inside the workspace, never where the workspace is on the server.
import { expect, it } from 'vitest';
import { useFixtureApp } from '../test-support/fixture-app';
import { runEvents, waitForStatus, workflowRunsUrl, writeWorkflow } from '../test-support/run-harness';

const fixture = useFixtureApp('each');

it('a step failing on an absolute context_output path under the workspace says <workspace>/…, not the server path', async () => {
  const { app, ws } = fixture;
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
