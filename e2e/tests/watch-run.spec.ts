import type { Locator, Page } from '@playwright/test';
import { groupEventsByIteration, type EventEnvelope, type RunSummary } from '@planvas/shared';
import { startDropProxy } from '../support/drop-proxy';
import { expect, test } from '../support/planvas-server';
import { screenshot } from '../support/screenshot';

const WORKFLOW = 'Workflow/ResearchReport';
const STEP = 'research-todo';

/** Records every node's data-status as it changes, in the page, from now on. */
async function recordNodeStatuses(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: Record<string, string[]> = {};
    (window as unknown as { __statuses: Record<string, string[]> }).__statuses = seen;
    const sample = () => {
      for (const node of Array.from(document.querySelectorAll<HTMLElement>('.react-flow__node[data-id]'))) {
        const id = node.dataset['id']!;
        const status = node.querySelector<HTMLElement>('[data-status]')?.dataset['status'];
        if (!status) continue;
        const list = (seen[id] ??= []);
        if (list[list.length - 1] !== status) list.push(status);
      }
    };
    sample();
    setInterval(sample, 20);
  });
}

async function statusesSeen(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(() => (window as unknown as { __statuses: Record<string, string[]> }).__statuses);
}

/**
 * Scrolls the popup's timeline as a user would: a wheel event first, so the timeline knows the
 * user moved it and stops following the newest iteration.
 */
async function scrollFeed(dialog: Locator, to: 'top' | 'page-down'): Promise<boolean> {
  return dialog.getByRole('feed').evaluate((el, where) => {
    el.dispatchEvent(new WheelEvent('wheel', { deltaY: where === 'top' ? -100 : 100, bubbles: true }));
    const atEnd = el.scrollTop + el.clientHeight >= el.scrollHeight - 2;
    if (where === 'top') el.scrollTop = 0;
    else el.scrollTop += el.clientHeight * 0.8;
    return atEnd;
  }, to);
}

/** Every iteration group of the popup's virtualised timeline, scrolled through top to bottom. */
async function renderedGroups(dialog: Locator): Promise<Map<string, number[]>> {
  const feed = dialog.getByRole('feed');
  const groups = new Map<string, number[]>();
  await scrollFeed(dialog, 'top');
  for (let guard = 0; guard < 200; guard++) {
    await dialog.page().waitForTimeout(60);
    const visible = await feed.evaluate((el) =>
      Array.from(el.querySelectorAll<HTMLElement>('[data-testid="iteration-group"]')).map((g) => ({
        iteration: g.dataset['iteration']!,
        seqs: Array.from(g.querySelectorAll<HTMLElement>('[data-testid="log-entry"]')).map((e) => Number(e.dataset['seq'])),
      })),
    );
    for (const { iteration, seqs } of visible) {
      const before = groups.get(iteration);
      // The same group rendered twice must show the same entries, each once.
      if (before) expect(seqs, `iteration ${iteration} re-rendered differently`).toEqual(before);
      groups.set(iteration, seqs);
    }
    if (await scrollFeed(dialog, 'page-down')) break;
  }
  return groups;
}

/** Zooms the canvas in on a node (wheel over it, as a user would), for a screenshot that shows it. */
async function zoomTo(page: Page, nodeId: string): Promise<void> {
  const box = await page.locator(`.react-flow__node[data-id="${nodeId}"]`).boundingBox();
  if (!box) return;
  // Zooming keeps the point under the pointer in place: aim at the header so it stays in view.
  await page.mouse.move(box.x + box.width / 2, box.y + Math.min(12, box.height / 4));
  for (let i = 0; i < 8; i++) {
    await page.mouse.wheel(0, -120);
    await page.waitForTimeout(60);
  }
  await page.mouse.move(0, 0);
}

async function runsOf(page: Page, baseURL: string): Promise<RunSummary[]> {
  const answer = await page.request.get(`${baseURL}/api/runs?workflow=${encodeURIComponent(WORKFLOW)}`);
  return ((await answer.json()) as { runs: RunSummary[] }).runs;
}

async function eventsOf(page: Page, baseURL: string, runId: string): Promise<EventEnvelope[]> {
  const answer = await page.request.get(`${baseURL}/api/runs/${runId}/events?after=0`);
  return ((await answer.json()) as { events: EventEnvelope[] }).events;
}

test('watch the scripted demo run live, lose the connection without a gap or duplicate, branch from iteration 2', async ({ page, planvas }) => {
  test.setTimeout(240_000);
  const proxy = await startDropProxy(planvas.baseURL);
  try {
    await page.goto(`${proxy.url}/workflows/${encodeURIComponent(WORKFLOW)}`);
    await expect(page.locator('.react-flow__node').first()).toBeVisible();
    const todoNode = page.locator(`.react-flow__node[data-id="${STEP}"]`);
    await expect(todoNode).toBeVisible();
    await recordNodeStatuses(page);

    // Start the demo run from the UI. The slow pace leaves time to drop the connection while
    // the todo_task step is still producing iterations.
    await page.getByRole('combobox', { name: 'Provider and pace' }).selectOption({ label: 'Scripted · slow (1.5 s)' });
    await page.getByTestId('start-run').click();
    await expect(todoNode.locator('[data-status]').first()).toHaveAttribute('data-status', /orchestrating|executing/, { timeout: 30_000 });
    await zoomTo(page, STEP);
    await expect(todoNode.getByTestId('progress-ring')).toBeVisible();
    await screenshot(page, 'watch-run-1-canvas-live');

    // The popup from the toolbar: iterations appear while it is open.
    await page.getByRole('toolbar').getByTestId('open-execution-logs').click();
    const dialog = page.getByRole('dialog', { name: /Execution logs/ });
    await expect(dialog).toBeVisible();
    const group = (n: number | string) => dialog.locator(`[data-testid="iteration-group"][data-iteration="${n}"]`);
    await expect(group(1)).toBeVisible({ timeout: 30_000 });
    await screenshot(page, 'watch-run-2-popup-live');

    // Drop the network for a while the run goes on; the page must catch up by itself.
    const streamsBefore = proxy.streamRequests.length;
    const [runId] = (await runsOf(page, planvas.baseURL)).map((r) => r.id);
    expect(runId).toBeTruthy();
    const seqAtDrop = (await eventsOf(page, planvas.baseURL, runId!)).length;
    proxy.drop(3000);
    await page.waitForTimeout(3500);
    // Events the run produced meanwhile, and later iterations, still show up.
    const lastGroup = group(6);
    await expect(lastGroup).toBeVisible({ timeout: 90_000 });
    const header = dialog.getByTestId('logs-event-count');
    await expect(dialog.getByTestId('run-status')).toHaveAttribute('data-status', 'waiting_input', { timeout: 90_000 });
    await screenshot(page, 'watch-run-3-popup-after-drop');
    expect(proxy.streamRequests.length, 'the page resumed its event stream').toBeGreaterThan(streamsBefore);
    expect(
      proxy.streamRequests.slice(streamsBefore).some((url) => /after=[1-9]/.test(url)),
      'it resumed from its last seq',
    ).toBe(true);

    // No gap, no duplicate: the page holds exactly the server's events, and shows each entry once
    // in the iteration the server's own grouping puts it in.
    const stored = await eventsOf(page, planvas.baseURL, runId!);
    // On a loaded machine the run can reach the human_input wait before the drop; what must hold
    // either way is that the page ends with exactly the server's events (checked below).
    expect(stored.length).toBeGreaterThanOrEqual(seqAtDrop);
    expect(stored.map((e) => e.seq)).toEqual(stored.map((_, i) => i + 1));
    await expect(header).toHaveAttribute('data-count', String(stored.length));
    await expect(header).toHaveAttribute('data-last-seq', String(stored.at(-1)!.seq));
    const expected = new Map(
      groupEventsByIteration(stored, { stepId: STEP }).groups.map((g) => [g.key, [...g.decisions, ...g.items].map((e) => e.seq)] as const),
    );
    const shown = await renderedGroups(dialog);
    expect(Object.fromEntries(shown)).toEqual(Object.fromEntries(expected));

    // The canvas followed the run: the todo_task orchestrated, delegated and completed, and a
    // sub-agent executed.
    const statuses = await statusesSeen(page);
    expect(statuses[STEP]).toEqual(expect.arrayContaining(['orchestrating', 'executing', 'completed']));
    expect(statuses[STEP]!.at(-1)).toBe('completed');
    expect(statuses[`${STEP}-sub-agent-literature`]).toEqual(expect.arrayContaining(['executing', 'completed']));

    // Iteration 2's snapshot: the tree and objective exactly as the server stored them then.
    await scrollFeed(dialog, 'top');
    await group(2)
      .getByRole('button', { name: /Plan at this point/ })
      .click();
    const panel = dialog.getByTestId('iteration-snapshot');
    await expect(panel).toHaveAttribute('data-iteration', '2');
    const snapshotAnswer = await page.request.get(`${planvas.baseURL}/api/runs/${runId}/snapshot?stepId=${STEP}&iteration=2`);
    const { snapshot } = (await snapshotAnswer.json()) as { snapshot: { objective?: string; todos: Array<{ title: string; status: string }> } };
    await expect(panel.getByTestId('todo-row')).toHaveCount(snapshot.todos.length);
    const rows = await panel.getByTestId('todo-row').evaluateAll((els) =>
      els.map((el) => ({
        title: el.querySelector('.pv-todo-row__title')?.textContent,
        status: el.querySelector('[data-status]')?.getAttribute('data-status'),
      })),
    );
    expect(rows).toEqual(snapshot.todos.map((t) => ({ title: t.title, status: t.status })));
    if (snapshot.objective) await expect(panel.getByTestId('objective')).toContainText(snapshot.objective.slice(0, 40));
    await screenshot(page, 'watch-run-4-snapshot-iteration-2');

    // Continue from there: a new run seeded from that snapshot, linked to its parent.
    await panel.getByTestId('continue-from-here').click();
    await page.getByTestId('fork-dialog').getByTestId('fork-start').click();
    let branchId = '';
    await expect
      .poll(async () => {
        const branch = (await runsOf(page, planvas.baseURL)).find((r) => r.parent?.runId === runId);
        branchId = branch?.id ?? '';
        return branch?.parent?.iteration;
      })
      .toBe(2);
    // The popup now follows the branched run; it stops at the editor's question.
    await expect(dialog.getByTestId('run-status')).toHaveAttribute('data-status', 'waiting_input', { timeout: 60_000 });
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    const question = page.getByTestId('human-input');
    await expect(question).toContainText('Approve it');
    await question.getByRole('button', { name: 'approve' }).click();

    const branchRow = page.locator(`[data-testid="run-row"][data-run-id="${branchId}"]`);
    await expect(branchRow).toHaveAttribute('data-status', 'completed', { timeout: 60_000 });
    await expect(branchRow.getByTestId('run-lineage')).toContainText('iteration 2');
    const branchEvents = await eventsOf(page, planvas.baseURL, branchId);
    // Its todo list started as iteration 2's snapshot of the parent run.
    const seeded = branchEvents.find((e) => e.type === 'todo_snapshot' && e.data['reason'] === 'seeded');
    expect(seeded?.data['seeded_from']).toEqual({ run_id: runId, iteration: 2 });
    const seededTodos = (seeded?.data['todos'] as Array<{ title: string; status: string }>).map((t) => ({ title: t.title, status: t.status }));
    expect(seededTodos).toEqual(snapshot.todos.map((t) => ({ title: t.title, status: t.status })));
    await expect(todoNode.locator('[data-status]').first()).toHaveAttribute('data-status', 'completed');
    // The step before the branch point ran in the parent: completed (carried over), not pending.
    await expect(page.locator('.react-flow__node[data-id="gather-sources"] [data-status]').first()).toHaveAttribute('data-status', 'completed');
    expect(branchEvents.find((e) => e.type === 'step_status' && e.data['step_id'] === 'gather-sources')?.data).toMatchObject({
      status: 'completed',
      carried_over_from: runId,
    });
    await screenshot(page, 'watch-run-5-branched-run-completed');
  } finally {
    await proxy.close();
  }
});

test('a decision log written by the seed system, imported, is grouped by its own iterations', async ({ page }) => {
  await page.goto(`/workflows/${encodeURIComponent(WORKFLOW)}`);
  await expect(page.locator(`.react-flow__node[data-id="${STEP}"]`)).toBeVisible();
  // fixtures/.../logs/research-todo/todo-task-execution.json: the first line has no iteration, and
  // iteration 3 was written before iteration 2.
  // With no run followed yet, the run panel is folded to its rail: unfold it to reach the import.
  await expect(page.getByTestId('run-sidebar')).toHaveAttribute('data-layout', 'rail');
  await page.getByTestId('run-sidebar-expand').click();
  await page.getByTestId('import-decision-log').click();
  await expect(page.locator('[data-testid="run-row"][aria-current="true"]')).toHaveAttribute('data-status', 'completed');

  // The logs button is part of the node's details, drawn from 45 % on (the demo opens further out).
  await zoomTo(page, STEP);
  await page.locator(`.react-flow__node[data-id="${STEP}"]`).getByTestId('open-execution-logs').click();
  const dialog = page.getByRole('dialog', { name: /Execution logs/ });
  await expect(dialog).toBeVisible();
  const groups = dialog.locator('[data-testid="iteration-group"]');
  await expect(groups.first()).toBeVisible();
  const seen = new Set<string>();
  for (;;) {
    for (const iteration of await groups.evaluateAll((els) => els.map((el) => el.getAttribute('data-iteration') ?? ''))) seen.add(iteration);
    if (await scrollFeed(dialog, 'page-down')) break;
    await page.waitForTimeout(60);
  }
  expect([...seen]).toEqual(['1', '2', '3', '4', '5', '6', '7']);
  await scrollFeed(dialog, 'top');
  const first = dialog.locator('[data-testid="iteration-group"][data-iteration="1"]');
  await expect(first).toContainText('Survey 2024-2025 benchmark literature');
  await expect(first).toContainText('counted as iteration 1');
  await expect(dialog.locator('[data-testid="iteration-group"][data-iteration="2"]')).toContainText('Extract benchmark numbers into a table');
  await expect(dialog.locator('[data-testid="iteration-group"][data-iteration="3"]')).toContainText('Verify headline throughput claims');
  await screenshot(page, 'watch-run-6-imported-decision-log');
});
