import type { Page } from '@playwright/test';
import type { RunSummary } from '@planvas/shared';
import { mkdir } from 'node:fs/promises';
import { nodeOf, open } from '../support/canvas-page';
import { VIEWPORT } from '../support/chromium';
import { expect, test } from '../support/planvas-server';

const WORKFLOW = 'Workflow/ResearchReport';
const SHOTS = '/tmp/pv/shots/run-statuses';

// The OpenAI-compatible provider must be unavailable here (no key, the default endpoint): the
// server started by the fixture inherits this environment.
for (const name of ['PLANVAS_OPENAI_API_KEY', 'OPENAI_API_KEY', 'PLANVAS_OPENAI_BASE_URL']) delete process.env[name];

/** `#1 · 20:21 · scripted` in the browser's locale (24 h or `08:21 PM`). */
const LABEL = (ref: string, provider: string) => new RegExp(`^${ref} · \\d{1,2}:\\d{2}( [AP]M)? · ${provider}$`);
const statusOf = (page: Page, id: string) => nodeOf(page, id).locator('.pv-node[data-status]');

async function runsOf(page: Page, baseURL: string): Promise<RunSummary[]> {
  const answer = await page.request.get(`${baseURL}/api/runs?workflow=${encodeURIComponent(WORKFLOW)}`);
  return ((await answer.json()) as { runs: RunSummary[] }).runs;
}

/** Zooms the canvas in on a node (wheel over its header, as a user would) so a screenshot can show it. */
async function zoomTo(page: Page, nodeId: string): Promise<void> {
  const box = await nodeOf(page, nodeId).boundingBox();
  if (!box) return;
  await page.mouse.move(box.x + box.width / 2, box.y + Math.min(12, box.height / 4));
  for (let i = 0; i < 5; i++) {
    await page.mouse.wheel(0, -120);
    await page.waitForTimeout(60);
  }
  await page.mouse.move(0, 0);
}

test('run statuses: waiting answered on the node, skipped steps, a guarded second run, a start error in a toast', async ({ page, planvas }) => {
  test.setTimeout(180_000);
  await mkdir(SHOTS, { recursive: true });
  await open(page, WORKFLOW);

  // The demo run, without pauses: it stops at the editor's question and waits.
  await page.getByRole('combobox', { name: 'Provider and pace' }).selectOption({ label: 'Scripted · no delay' });
  await page.getByTestId('start-run').click();
  const review = statusOf(page, 'editor-review');
  await expect(review).toHaveAttribute('data-status', 'waiting', { timeout: 60_000 });
  await expect(nodeOf(page, 'editor-review').getByTestId('status-badge')).toHaveAttribute('title', /^Waiting/);
  // The routing step chose `standard`: the deep dive is not on the run's path any more.
  await expect(statusOf(page, 'deep-analysis')).toHaveAttribute('data-status', 'skipped');
  await expect(nodeOf(page, 'deep-analysis').getByTestId('status-badge')).toHaveAttribute('title', 'Skipped (not on the path this run took)');
  // Every answer can still lead here: still pending.
  await expect(statusOf(page, 'publish-report')).toHaveAttribute('data-status', 'pending');
  const form = nodeOf(page, 'editor-review').getByTestId('node-answer-form');
  await expect(form.getByRole('button')).toHaveText(['approve', 'reject', 'audit']);

  // A second Run while this one waits: asked first, naming the active run.
  const [active] = await runsOf(page, planvas.baseURL);
  await page.getByTestId('start-run').click();
  const confirm = page.getByRole('dialog', { name: 'Start another run?' });
  await expect(confirm).toContainText(/A run of this workflow is active \(#1, started .+\)\. Start another\?/);
  await page.screenshot({ path: `${SHOTS}/second-run-confirm.png` });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  expect((await runsOf(page, planvas.baseURL)).map((r) => r.id)).toEqual([active!.id]);

  await zoomTo(page, 'editor-review');
  await expect(form).toBeVisible();
  await nodeOf(page, 'editor-review').screenshot({ path: `${SHOTS}/waiting-node-inline-form.png` });
  await page.screenshot({ path: `${SHOTS}/waiting-canvas.png` });

  // Answered on the node: the run goes on to the end.
  await form.getByRole('button', { name: 'approve' }).click();
  await expect(review).toHaveAttribute('data-status', 'completed', { timeout: 60_000 });
  await expect(form).toBeHidden();
  const row = page.locator(`[data-testid="run-row"][data-run-id="${active!.id}"]`);
  await expect(row).toHaveAttribute('data-status', 'completed', { timeout: 60_000 });
  await expect(statusOf(page, 'publish-report')).toHaveAttribute('data-status', 'completed');
  // The quality gate said yes: its "no" side never ran, and neither did the audit the editor did not ask for.
  for (const id of ['flag-gaps', 'notify-editor', 'fact-audit', 'deep-analysis', 'revise-scope']) {
    await expect(statusOf(page, id), id).toHaveAttribute('data-status', 'skipped');
  }
  const answered = await (await page.request.get(`${planvas.baseURL}/api/runs/${active!.id}/events?after=0`)).json();
  expect(
    (answered as { events: Array<{ type: string; data: Record<string, unknown> }> }).events.find((e) => e.type === 'human_input_answered')?.data,
  ).toMatchObject({
    step_id: 'editor-review',
    handle: 'option-0',
  });

  // The runs list names the run by number, local start time and provider.
  await expect(row.getByTestId('run-label')).toHaveText(LABEL('#1', 'scripted'));

  // A run that cannot start (OpenAI-compatible without a key): the server's reason in a toast; the toolbar keeps its place.
  await page.getByRole('combobox', { name: 'Provider and pace' }).selectOption({ label: 'OpenAI-compatible' });
  await page.getByTestId('start-run').click();
  const toast = page.getByTestId('toast').filter({ hasText: 'Could not start the run' });
  await expect(toast).toBeVisible();
  await expect(toast).toHaveAttribute('data-tone', 'error');
  await expect(toast).toContainText('openai provider needs');
  const toolbar = page.getByRole('toolbar', { name: 'Canvas' });
  await expect(toolbar).not.toContainText('Could not start');
  const bar = (await toolbar.boundingBox())!;
  expect(bar.x).toBeGreaterThanOrEqual(0);
  expect(bar.x + bar.width).toBeLessThanOrEqual(VIEWPORT.width);
  expect(bar.height).toBeLessThanOrEqual(60);
  // Its last control is still on the screen.
  const last = (await page.getByTestId('toggle-runs').boundingBox())!;
  expect(last.x + last.width).toBeLessThanOrEqual(VIEWPORT.width);
  expect(await toolbar.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
  await page.screenshot({ path: `${SHOTS}/start-error-toast.png` });
  expect(await runsOf(page, planvas.baseURL)).toHaveLength(1);

  await toast.getByRole('button', { name: 'Dismiss' }).click();
  await expect(toast).toBeHidden();

  // No run is active now: the next Run starts at once, and the list names both.
  await page.getByRole('combobox', { name: 'Provider and pace' }).selectOption({ label: 'Scripted · no delay' });
  await page.getByTestId('start-run').click();
  await expect(statusOf(page, 'editor-review')).toHaveAttribute('data-status', 'waiting', { timeout: 60_000 });
  await expect(page.getByRole('dialog', { name: 'Start another run?' })).toBeHidden();
  const runsList = page.getByRole('region', { name: 'Runs' });
  await expect(runsList.getByTestId('run-label')).toHaveText([LABEL('#2', 'scripted'), LABEL('#1', 'scripted')]);
  await runsList.screenshot({ path: `${SHOTS}/run-list-labels.png` });
});
