import type { EventEnvelope, RunSummary, RunUsage } from '@planvas/shared';
import { mkdir } from 'node:fs/promises';
import { nodeOf, open } from '../support/canvas-page';
import { expect, test } from '../support/planvas-server';

const WORKFLOW = 'Workflow/ResearchReport';
const SHOTS = '/tmp/pv/shots/timeline';

// The scripted provider, whatever the environment says about OpenAI.
for (const name of ['PLANVAS_OPENAI_API_KEY', 'OPENAI_API_KEY', 'PLANVAS_OPENAI_BASE_URL']) delete process.env[name];

/** The bars the timeline should draw for these events: top-level steps, orchestrator turns, delegations, questions, pauses. */
function expectedBars(events: EventEnvelope[]): number {
  const steps = new Set<string>();
  let bars = 0;
  for (const e of events) {
    const d = e.data;
    if (e.type === 'step_status' && !d['parent_step_id'] && d['status'] !== 'pending' && !steps.has(String(d['step_id']))) steps.add(String(d['step_id']));
    if (e.type === 'step_status' && d['status'] === 'orchestrating' && d['iteration'] != null) bars++;
    if (e.type === 'step_status' && d['parent_step_id'] && d['status'] === 'executing') bars++;
    if (e.type === 'human_input_requested') bars++;
    if (e.type === 'run_status' && d['status'] === 'paused') bars++;
  }
  return bars + steps.size;
}

test('run timeline: bars of the demo run, its simulated usage, an iteration opened from its bar', async ({ page, planvas }) => {
  test.setTimeout(180_000);
  await mkdir(SHOTS, { recursive: true });
  await open(page, WORKFLOW);

  // The demo run without pauses: it stops at the editor's question; answered on the node, it ends.
  await page.getByRole('combobox', { name: 'Provider and pace' }).selectOption({ label: 'Scripted · no delay' });
  await page.getByTestId('start-run').click();
  const review = nodeOf(page, 'editor-review').locator('.pv-node[data-status]');
  await expect(review).toHaveAttribute('data-status', 'waiting', { timeout: 60_000 });
  // A visible human wait on the time axis.
  await page.waitForTimeout(1200);
  await nodeOf(page, 'editor-review').getByTestId('node-answer-form').getByRole('button', { name: 'approve' }).click();
  await expect(review).toHaveAttribute('data-status', 'completed', { timeout: 60_000 });

  const runs = (await (await page.request.get(`${planvas.baseURL}/api/runs?workflow=${encodeURIComponent(WORKFLOW)}`)).json()) as { runs: RunSummary[] };
  const runId = runs.runs[0]!.id;
  await expect
    .poll(async () => ((await (await page.request.get(`${planvas.baseURL}/api/runs/${runId}`)).json()) as { run: RunSummary }).run.status)
    .toBe('completed');
  const { events } = (await (await page.request.get(`${planvas.baseURL}/api/runs/${runId}/events?after=0`)).json()) as { events: EventEnvelope[] };
  const usage = (await (await page.request.get(`${planvas.baseURL}/api/runs/${runId}/usage`)).json()) as RunUsage;
  expect(usage.total.simulatedCalls).toBe(usage.total.calls);

  await page.getByRole('toolbar').getByTestId('open-execution-logs').click();
  const dialog = page.getByRole('dialog', { name: /Execution logs/ });
  await expect(dialog.getByTestId('logs-event-count')).toHaveAttribute('data-count', String(events.length));
  await dialog.getByRole('button', { name: 'Timeline', exact: true }).click();
  const timeline = dialog.getByTestId('run-timeline');
  const canvas = timeline.getByTestId('run-timeline-canvas');
  await expect(canvas).toHaveAttribute('data-bars', String(expectedBars(events)));
  await expect(canvas).toHaveAttribute('data-painted-bars', /^[1-9]/);
  await expect(canvas).toHaveAccessibleName(/^Run timeline: \d+ bars in \d+ lanes/);
  await page.screenshot({ path: `${SHOTS}/timeline-whole-run.png` });

  // The usage totals, marked simulated, and no prices yet.
  const fmt = (n: number) => n.toLocaleString('en-US');
  await expect(timeline.getByTestId('usage-total-tokens')).toHaveText(`~${fmt(usage.total.inputTokens)} in · ~${fmt(usage.total.outputTokens)} out`);
  await expect(timeline.getByTestId('usage-simulated')).toBeVisible();
  await expect(timeline.getByTestId('usage-cost')).toContainText('no prices set — add them in Settings');
  await expect(timeline.getByTestId('expensive-todos').getByRole('listitem')).toHaveCount(Math.min(5, usage.todos.length));

  // Hover an iteration's bar on the canvas: its tooltip says how long, how many tokens, simulated.
  const iteration = timeline.locator('[data-testid="timeline-bar"][data-kind="iteration"][data-iteration="2"]');
  const box = (await canvas.boundingBox())!;
  const at = { x: box.x + Number(await iteration.getAttribute('data-x')), y: box.y + Number(await iteration.getAttribute('data-y')) };
  // The run is short next to the editor's wait: zoom in around the iterations with the wheel first.
  await page.mouse.move(at.x, at.y);
  for (let i = 0; i < 6; i++) await page.mouse.wheel(0, -400);
  await expect(canvas).toHaveAttribute('data-zoomed', 'true');
  const zoomedAt = { x: box.x + Number(await iteration.getAttribute('data-x')), y: box.y + Number(await iteration.getAttribute('data-y')) };
  await page.screenshot({ path: `${SHOTS}/timeline-zoomed.png` });
  // Zooming keeps the bar under the pointer: move off and back to hover it.
  await page.mouse.move(zoomedAt.x, zoomedAt.y + 200);
  await page.mouse.move(zoomedAt.x, zoomedAt.y, { steps: 3 });
  const tip = timeline.getByRole('tooltip');
  await expect(tip).toContainText('Iteration 2');
  await expect(tip).toContainText('Duration');
  await expect(tip).toContainText(/~\d[\d,]* in · ~\d[\d,]* out/);
  await expect(tip.getByText('simulated')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/timeline-hover.png` });

  // A click on it opens that iteration in the Iterations view, with its snapshot.
  await page.mouse.click(zoomedAt.x, zoomedAt.y);
  await expect(dialog.getByRole('button', { name: 'Iterations', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(dialog.locator('[data-testid="iteration-group"][data-iteration="2"]')).toHaveClass(/is-selected/);
  await expect(dialog.getByTestId('iteration-snapshot')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/timeline-opened-iteration.png` });

  // A price for the scripted model, set from the timeline's "add them in Settings": the cost shows instead.
  const model = usage.models[0]!;
  await dialog.getByRole('button', { name: 'Timeline', exact: true }).click();
  await timeline.getByRole('button', { name: 'add them in Settings' }).click();
  const settings = page.getByTestId('settings-dialog');
  const pricing = settings.getByTestId('pricing-section');
  await pricing.getByRole('button', { name: 'Add price' }).click();
  await pricing.getByRole('textbox', { name: 'Price 1 provider' }).fill(model.provider);
  await pricing.getByRole('textbox', { name: 'Price 1 model' }).fill(model.model);
  await pricing.getByRole('spinbutton', { name: 'Price 1 Input $/MTok' }).fill('3');
  await pricing.getByRole('spinbutton', { name: 'Price 1 Output $/MTok' }).fill('15');
  await page.screenshot({ path: `${SHOTS}/settings-pricing.png` });
  await settings.getByRole('button', { name: 'Save settings' }).click();
  await expect(settings).toBeHidden();
  const saved = (await (await page.request.get(`${planvas.baseURL}/api/settings`)).json()) as { pricing?: unknown[] };
  expect(saved.pricing).toEqual([{ provider: model.provider, model: model.model, inputPerMTok: 3, outputPerMTok: 15 }]);
  await expect(timeline.getByTestId('usage-cost')).toContainText(/Cost ~\$\d/);
  await expect(timeline.getByTestId('expensive-todos')).toContainText('By cost.');
  await page.screenshot({ path: `${SHOTS}/timeline-priced.png` });
});
