import type { Locator, Page } from '@playwright/test';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { axeFindings, blocking, formatFindings } from '../support/axe';
import { nodeOf, open, recordPageErrors, steadyViewport } from '../support/canvas-page';
import { expect, test } from '../support/planvas-server';

/**
 * The panels beside the canvas on the demo workflow, at the two window sizes people use most: the
 * inspector never covers the node it edits, the run panel docks under it with its runs list in
 * view and clickable, and a logs search that finds nothing says so.
 */
const DEMO = 'Workflow/ResearchReport';
/** A plain step left of the one the run waits at: clicking it hits no button on the node. */
const EDITED = 'draft-report';
const SHOTS = '/tmp/pv/shots/panels';

type Box = { x: number; y: number; width: number; height: number };

const intersects = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const inside = (a: Box, b: Box) => a.x >= b.x - 0.5 && a.y >= b.y - 0.5 && a.x + a.width <= b.x + b.width + 0.5 && a.y + a.height <= b.y + b.height + 0.5;

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  expect(box, 'an element on screen').not.toBeNull();
  return box!;
}

async function zoomOf(page: Page): Promise<number> {
  return page.locator('.react-flow__viewport').evaluate((el) => new DOMMatrixReadOnly(getComputedStyle(el).transform).a);
}

/** Drags the canvas by its empty pane, as a user would, by (dx, dy) screen pixels. */
async function panBy(page: Page, dx: number, dy: number): Promise<void> {
  const start = await page.getByTestId('canvas').evaluate((canvas) => {
    const view = canvas.getBoundingClientRect();
    for (let fy = 0.15; fy < 0.9; fy += 0.05) {
      for (let fx = 0.15; fx < 0.9; fx += 0.05) {
        const x = view.left + view.width * fx;
        const y = view.top + view.height * fy;
        if (document.elementFromPoint(x, y)?.classList.contains('react-flow__pane')) return { x, y };
      }
    }
    return null;
  });
  expect(start, 'an empty spot of the canvas to drag').not.toBeNull();
  await page.mouse.move(start!.x, start!.y);
  await page.mouse.down();
  await page.mouse.move(start!.x + dx, start!.y + dy, { steps: 12 });
  await page.mouse.up();
  await steadyViewport(page);
}

/** No serious or critical axe finding on the screen as it is now (support/axe.ts). */
async function expectAccessible(page: Page, screen: string): Promise<void> {
  const findings = await axeFindings(page);
  expect(blocking(findings), formatFindings(screen, findings)).toEqual([]);
}

/**
 * Dismisses the toasts of the run (started, waiting, completed): they float over the bottom right
 * corner, where the runs list is, until they time out.
 */
async function dismissToasts(page: Page): Promise<void> {
  const toasts = page.getByTestId('toast');
  while ((await toasts.count()) > 0) {
    // One may time out between counting and clicking: then there is one fewer to dismiss.
    await toasts
      .first()
      .getByRole('button', { name: 'Dismiss' })
      .click({ timeout: 2000 })
      .catch(() => undefined);
  }
}

for (const size of [
  { width: 1440, height: 900 },
  { width: 1280, height: 720 },
]) {
  test(`panels at ${size.width}×${size.height}: the inspector beside its node, the runs list docked under it, logs searches that find nothing`, async ({
    page,
  }) => {
    test.setTimeout(240_000);
    const errors = recordPageErrors(page);
    await page.setViewportSize(size);
    await open(page, DEMO);
    const sidebar = page.getByTestId('run-sidebar');

    // Two runs: the decision log of the research step imported, then a scripted run, which waits at the editor's question.
    await page.getByTestId('run-sidebar-expand').click();
    await page.getByTestId('import-decision-log').click();
    await expect(page.getByTestId('run-row')).toHaveCount(1);
    await page.getByRole('combobox', { name: 'Provider and pace' }).selectOption({ label: 'Scripted · no delay' });
    await page.getByTestId('start-run').click();
    await expect(page.getByTestId('human-input')).toBeVisible({ timeout: 90_000 });
    await expect(page.getByTestId('run-row')).toHaveCount(2);
    await expect(sidebar).toHaveAttribute('data-layout', 'expanded');
    await steadyViewport(page);

    // The step to edit at the canvas' right edge, where the inspector will open.
    const canvas = await boxOf(page.getByTestId('canvas'));
    const node = nodeOf(page, EDITED);
    const before = await boxOf(node);
    await panBy(page, canvas.x + canvas.width - 12 - (before.x + before.width), canvas.y + canvas.height / 2 - (before.y + before.height / 2));
    const atEdge = await boxOf(node);
    expect(atEdge.x + atEdge.width).toBeGreaterThan(canvas.x + canvas.width - 40);
    const zoom = await zoomOf(page);
    await page.screenshot({ path: `${SHOTS}/${size.width}-1-node-at-edge.png` });

    await node.click();
    const inspector = page.getByTestId('inspector');
    await expect(inspector).toHaveAttribute('data-node-id', EDITED);
    await steadyViewport(page);
    const panel = await boxOf(inspector);
    // Where it was, the inspector would cover it now: the canvas moved it out from under it, at the same zoom.
    expect(intersects(atEdge, panel)).toBe(true);
    const edited = await boxOf(node);
    expect(intersects(edited, panel), `node ${JSON.stringify(edited)} under the inspector ${JSON.stringify(panel)}`).toBe(false);
    expect(inside(edited, await boxOf(page.getByTestId('canvas')))).toBe(true);
    expect(await zoomOf(page)).toBeCloseTo(zoom, 5);

    // The run panel docks under the inspector: its runs in view and clickable, the edit left open.
    await expect(sidebar).toHaveAttribute('data-layout', 'docked');
    const rows = sidebar.getByTestId('run-row');
    await expect(rows).toHaveCount(2);
    const dock = await boxOf(sidebar);
    expect(intersects(dock, panel)).toBe(false);
    expect(dock.x).toBeCloseTo(panel.x, 0);
    await dismissToasts(page);
    // Both runs wholly in view, none scrolled off or clipped, beside the question the run asks.
    for (const row of await rows.all()) await expect(row).toBeInViewport({ ratio: 1 });
    await page.screenshot({ path: `${SHOTS}/${size.width}-2-inspector-and-docked-runs.png` });
    await expectAccessible(page, 'inspector and the docked run panel');
    const imported = rows.nth(1);
    await imported.click();
    await expect(imported).toHaveAttribute('aria-current', 'true');
    await rows.nth(0).click();
    await expect(rows.nth(0)).toHaveAttribute('aria-current', 'true');
    await expect(inspector).toHaveAttribute('data-node-id', EDITED);

    // Closing the inspector gives the run panel its own column back, with the todos.
    await page.getByRole('button', { name: 'Close inspector' }).click();
    await expect(sidebar).toHaveAttribute('data-layout', 'expanded');
    await expect(sidebar.getByRole('region', { name: 'Todo tree' })).toBeVisible();

    // The logs: a search that finds nothing says so, in the iterations and in every event.
    await page.getByRole('toolbar').getByTestId('open-execution-logs').click();
    const logs = page.getByRole('dialog', { name: /Execution logs/ });
    await expect(logs.locator('[data-testid="iteration-group"]').first()).toBeVisible({ timeout: 30_000 });
    await logs.getByRole('searchbox', { name: 'Search the logs' }).fill('qqzx-nothing');
    await expect(logs.getByRole('status')).toHaveText(/No matches for “qqzx-nothing”/);
    await page.screenshot({ path: `${SHOTS}/${size.width}-3-logs-no-matches.png` });
    await expectAccessible(page, 'logs, no matches');
    await logs.getByRole('button', { name: 'Clear search' }).click();
    await expect(logs.locator('[data-testid="iteration-group"]').first()).toBeVisible();

    await logs.getByRole('button', { name: 'All events' }).click();
    const events = logs.getByRole('searchbox', { name: 'Search the events' });
    await events.fill('branch_taken');
    const choice = logs.getByTestId('branch-choice').first();
    await expect(choice).toContainText(/choose-depth took \S+ → \S+/);
    await page.screenshot({ path: `${SHOTS}/${size.width}-4-events-branch-taken.png` });
    await events.fill('qqzx-nothing');
    await expect(logs.getByRole('status')).toHaveText(/No matches for “qqzx-nothing”/);
    await expect(logs.getByTestId('event-row')).toHaveCount(0);
    expect(errors).toEqual([]);
  });
}

test('a run through two todo_task steps: the run panel switches between their todo trees', async ({ page, planvas }) => {
  test.setTimeout(240_000);
  // The demo plan with a second todo_task step after the research one (a copy with its own id, title and objective).
  const path = join(planvas.workspace, DEMO, 'planning/plan.json');
  const plan = JSON.parse(await readFile(path, 'utf8')) as { steps: Array<Record<string, unknown>> };
  const at = plan.steps.findIndex((step) => step.id === 'research-todo');
  const verify = JSON.parse(JSON.stringify(plan.steps[at])) as { predefined_routes: Array<{ sub_agent_step: { id: string } }> };
  Object.assign(verify, { id: 'verify-todo', title: 'Verify Claims', description: 'Verify every claim of the research notes against its source.' });
  // Step ids are unique in a plan, its routes' sub-agents' too.
  for (const route of verify.predefined_routes) route.sub_agent_step.id += '-verify';
  plan.steps.splice(at + 1, 0, verify);
  await writeFile(path, `${JSON.stringify(plan, null, 2)}\n`);

  await open(page, DEMO);
  await expect(page.getByTestId('toggle-problems')).toContainText('0');
  await page.getByRole('combobox', { name: 'Provider and pace' }).selectOption({ label: 'Scripted · no delay' });
  await page.getByTestId('start-run').click();
  await expect(page.getByTestId('human-input')).toBeVisible({ timeout: 90_000 });
  await dismissToasts(page);
  const panel = page.getByRole('region', { name: 'Todo tree' });
  const switcher = panel.getByRole('combobox', { name: 'todo_task step' });
  // Both steps have run; the panel shows the last that ran.
  await expect(switcher.getByRole('option')).toHaveText([/^Research Sources.* · completed/, /^Verify Claims · completed/]);
  await expect(switcher).toHaveValue('verify-todo');
  await expect(panel.getByTestId('objective')).toContainText('Verify every claim');
  await page.screenshot({ path: `${SHOTS}/two-todo-steps-1-last.png` });
  await switcher.selectOption('research-todo');
  await expect(panel.getByTestId('objective')).toContainText('Plan the research as a todo list');
  await expect(panel.getByTestId('todo-row').first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/two-todo-steps-2-first.png` });
});
