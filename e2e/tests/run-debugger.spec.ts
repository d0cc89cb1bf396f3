import type { Page } from '@playwright/test';
import type { RunSummary } from '@planvas/shared';
import { mkdir } from 'node:fs/promises';
import { atFullDetail, nodeOf, open } from '../support/canvas-page';
import { expect, test } from '../support/planvas-server';

const WORKFLOW = 'Workflow/ResearchReport';
const SHOTS = '/tmp/pv/shots/run-debugger';

async function eventsOf(page: Page, baseURL: string, runId: string): Promise<Array<{ type: string; data: Record<string, unknown> }>> {
  const answer = await page.request.get(`${baseURL}/api/runs/${runId}/events`);
  return ((await answer.json()) as { events: Array<{ type: string; data: Record<string, unknown> }> }).events;
}

test('debugging a run: a breakpoint set on the canvas pauses it, the pending decision is changed, a step, then continue', async ({ page, planvas }) => {
  test.setTimeout(180_000);
  await mkdir(SHOTS, { recursive: true });
  await open(page, WORKFLOW);

  // Set "before each delegation" on the todo_task step from its context menu: the node shows the marker.
  await nodeOf(page, 'research-todo').click({ button: 'right' });
  const menu = page.getByTestId('context-menu');
  await menu.getByRole('menuitem', { name: 'Break before each delegation' }).click();
  await atFullDetail(page, () => expect(nodeOf(page, 'research-todo').getByTestId('breakpoint-marker')).toHaveAttribute('data-count', '1'));
  const saved = await page.request.get(`${planvas.baseURL}/api/workflows/${encodeURIComponent(WORKFLOW)}/breakpoints`);
  expect(await saved.json()).toEqual({ breakpoints: [{ on: 'before_delegate', stepId: 'research-todo' }] });

  await page.getByRole('combobox', { name: 'Provider and pace' }).selectOption({ label: 'Scripted · no delay' });
  await page.getByTestId('start-run').click();
  const panel = page.getByTestId('pause-panel');
  await expect(panel).toBeVisible({ timeout: 60_000 });
  await expect(panel).toHaveAttribute('data-breakpoint', 'before_delegate');
  await expect(panel).toContainText('breakpoint before delegating to literature');
  // The canvas shows where: the todo_task step is paused.
  await expect(nodeOf(page, 'research-todo').locator('.pv-node[data-status]')).toHaveAttribute('data-status', 'paused');

  // The logs say so too, with the same controls.
  await page.getByRole('toolbar', { name: 'Canvas' }).getByTestId('open-execution-logs').click();
  const pausedLogs = page.getByRole('dialog', { name: /Execution logs/ });
  await expect(pausedLogs.getByTestId('pause-panel')).toContainText('breakpoint before delegating to literature');
  await expect(pausedLogs.getByTestId('run-status')).toHaveAttribute('data-status', 'paused');
  await page.keyboard.press('Escape');
  await expect(pausedLogs).toHaveCount(0);

  // Change who gets the todo: the fact checker instead of the literature route.
  const form = panel.getByTestId('pending-decision');
  await form.getByTestId('pending-route').selectOption('fact-check');
  await form.getByRole('textbox', { name: 'Instructions to the sub-agent' }).fill('Check the claims first');
  await page.screenshot({ path: `${SHOTS}/paused-pending-decision.png` });
  await form.getByTestId('pause-override').click();

  // The next delegation pauses again (same breakpoint); this time one orchestrator turn at a time.
  await expect(panel).toContainText('iteration 2', { timeout: 60_000 });
  await panel.getByTestId('pause-step').click();
  await expect(panel).toHaveAttribute('data-breakpoint', 'step', { timeout: 60_000 });
  await expect(panel).toContainText("step mode: before the orchestrator's turn");
  await page.screenshot({ path: `${SHOTS}/paused-step-mode.png` });

  // Clear the breakpoint from the menu, then continue: the run goes on to the editor's question.
  await nodeOf(page, 'research-todo').click({ button: 'right' });
  await menu.getByRole('menuitem', { name: 'Clear breakpoint before each delegation' }).click();
  await atFullDetail(page, () => expect(nodeOf(page, 'research-todo').getByTestId('breakpoint-marker')).toHaveCount(0));
  // The run still has the breakpoint it started with: continue through its pauses to the editor's question.
  const question = page.getByTestId('human-input');
  for (let i = 0; i < 20; i++) {
    await expect(panel.or(question).first()).toBeVisible({ timeout: 60_000 });
    if (await question.isVisible()) break;
    const at = await panel.getAttribute('data-pause');
    await panel.getByTestId('pause-continue').click();
    await expect(page.locator(`[data-testid="pause-panel"][data-pause="${at}"]`)).toHaveCount(0, { timeout: 60_000 });
  }
  await expect(question).toBeVisible();
  await expect(nodeOf(page, 'editor-review').locator('.pv-node[data-status]')).toHaveAttribute('data-status', 'waiting', { timeout: 60_000 });

  const runs = ((await (await page.request.get(`${planvas.baseURL}/api/runs?workflow=${encodeURIComponent(WORKFLOW)}`)).json()) as { runs: RunSummary[] }).runs;
  const events = await eventsOf(page, planvas.baseURL, runs[0]!.id);
  const override = events.find((e) => e.type === 'decision_overridden');
  expect(override?.data).toMatchObject({
    step_id: 'research-todo',
    iteration: 1,
    after: { selected_route_id: 'fact-check', instructions_to_sub_agent: 'Check the claims first' },
  });
  const first = events.find((e) => e.type === 'todo_task_route_selected' && e.data['iteration'] === 1);
  expect(first?.data).toMatchObject({ selected_route_id: 'fact-check' });
  expect(events.filter((e) => e.type === 'run_status' && e.data['status'] === 'paused').length).toBeGreaterThanOrEqual(3);

  // Answer, let it finish, then replay it: every sub-agent result is reused, no model called for them.
  await question.getByRole('button', { name: 'approve' }).click();
  const firstRow = page.locator(`[data-testid="run-row"][data-run-id="${runs[0]!.id}"]`);
  await expect(firstRow).toHaveAttribute('data-status', 'completed', { timeout: 60_000 });
  await page.locator('li').filter({ has: firstRow }).getByTestId('replay-run').click();
  await expect(page.getByTestId('run-row')).toHaveCount(2, { timeout: 60_000 });
  const replayed = (
    (await (await page.request.get(`${planvas.baseURL}/api/runs?workflow=${encodeURIComponent(WORKFLOW)}`)).json()) as { runs: RunSummary[] }
  ).runs.find((r) => r.id !== runs[0]!.id)!;
  await expect(page.getByTestId('human-input')).toBeVisible({ timeout: 60_000 });
  await page.screenshot({ path: `${SHOTS}/replay-waiting.png` });
  const replayEvents = await eventsOf(page, planvas.baseURL, replayed.id);
  const subAgents = replayEvents.filter((e) => e.type === 'step_status' && e.data['parent_step_id'] === 'research-todo' && e.data['status'] === 'executing');
  // The todo whose route was changed at the pause was recorded under the fact checker, so the
  // replay's literature delegation of it is not in the recording and runs live; the others are reused.
  const reused = subAgents.filter((e) => e.data['replayed'] === true);
  expect(reused.length).toBeGreaterThan(0);
  const liveUsage = replayEvents.filter(
    (e) => e.type === 'llm_usage' && e.data['step_id'] === 'research-todo' && (e.data['agent'] === 'sub_agent' || e.data['agent'] === 'generic'),
  );
  expect(liveUsage.length).toBe(subAgents.length - reused.length);

  // Compare the replay with the debugged run, lined up by todo: the todo whose route was changed at the pause diverges.
  await page.getByRole('toolbar', { name: 'Canvas' }).getByTestId('open-execution-logs').click();
  const logs = page.getByRole('dialog', { name: /Execution logs/ });
  await logs.getByRole('button', { name: 'Compare' }).click();
  await logs.getByRole('combobox', { name: /Compare with/ }).selectOption(runs[0]!.id);
  await logs.getByTestId('compare-align').selectOption('todo');
  const aligned = logs.getByTestId('aligned-todo');
  await expect(aligned.first()).toBeVisible();
  await expect(logs.locator('[data-testid="aligned-todo"][data-diverged="true"]')).toHaveCount(1);
  await page.screenshot({ path: `${SHOTS}/compare-by-todo.png` });
});
