import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { parseJsonSource, readPlan, readStepConfig, type Plan, type StepConfig } from '@planvas/shared';
import { expect, test } from '../support/planvas-server';
import { screenshot } from '../support/screenshot';

// Several real pages and a real server per test on a machine that may be busy: room to breathe.
test.describe.configure({ timeout: 240_000 });

const WORKFLOW = 'Workflow/ResearchReport';

const planPath = (workspace: string) => join(workspace, WORKFLOW, 'planning', 'plan.json');
const configPath = (workspace: string) => join(workspace, WORKFLOW, 'planning', 'step_config.json');

async function openWorkflow(page: Page, baseURL: string): Promise<void> {
  await page.goto(`${baseURL}/workflows/${encodeURIComponent(WORKFLOW)}`);
  // The first layout runs in a cold ELK worker: seconds on a busy machine.
  await expect(page.locator('.react-flow__node').first()).toBeVisible({ timeout: 90_000 });
  await expect(page.getByTestId('canvas')).toHaveAttribute('data-layout-state', /^(ready|fallback)$/, { timeout: 90_000 });
}

const node = (page: Page, id: string) => page.locator(`.react-flow__node[data-id="${id}"]`);
const handle = (page: Page, nodeId: string, handleId: string) => node(page, nodeId).locator(`.react-flow__handle[data-handleid="${handleId}"]`);

/**
 * Zooms the canvas (mouse wheel, around the point between them) until both handles are big enough
 * to grab and still on screen: after "fit view" a big plan's handles are a couple of pixels wide.
 */
async function zoomToward(page: Page, a: Locator, b: Locator): Promise<void> {
  const pane = (await page.locator('.react-flow__pane').boundingBox())!;
  let mid: { x: number; y: number } | null = null;
  for (let i = 0; i < 12; i++) {
    const ba = await a.boundingBox();
    const bb = await b.boundingBox();
    if (!ba || !bb) throw new Error('handle not rendered');
    const inside = [ba, bb].every((r) => r.x > pane.x + 40 && r.y > pane.y + 40 && r.x < pane.x + pane.width - 40 && r.y < pane.y + pane.height - 40);
    if (!inside && !mid) throw new Error('a handle is off screen');
    if (!inside && mid) {
      // The last step pushed one of them out: take it back, the zoom before it was the closest.
      await page.mouse.move(mid.x, mid.y);
      await page.mouse.wheel(0, 120);
      await page.waitForTimeout(150);
      return;
    }
    if (ba.width >= 6) return;
    mid = { x: (ba.x + bb.x) / 2, y: (ba.y + bb.y) / 2 };
    const spread = Math.max(Math.abs(ba.x - bb.x), Math.abs(ba.y - bb.y));
    if (spread * 1.5 > Math.min(pane.width, pane.height) - 120) return;
    await page.mouse.move(mid.x, mid.y);
    await page.mouse.wheel(0, -120);
    await page.waitForTimeout(150);
  }
}

/** Drags a connection from one handle's centre to another's, as a person does with the mouse. */
async function dragConnection(page: Page, from: Locator, to: Locator): Promise<void> {
  await zoomToward(page, from, to);
  const a = await from.boundingBox();
  const b = await to.boundingBox();
  if (!a || !b) throw new Error('handle not on screen');
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++) await page.mouse.move(a.x + a.width / 2 + ((b.x - a.x) * i) / 12, a.y + a.height / 2 + ((b.y - a.y) * i) / 12);
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2);
  await page.mouse.up();
}

/** The raw text of each element of the top-level `steps` (plan steps, step_config entries), by id, exactly as in the file. */
function rawSteps(text: string): Map<string, string> {
  const source = parseJsonSource(text);
  const { tree } = source;
  const steps = tree.member(tree.root, 'steps');
  const out = new Map<string, string>();
  for (const child of tree.children(steps)) out.set(String(tree.scalarValue(tree.member(child, 'id'))), tree.raw(child));
  return out;
}

function parsePlan(text: string): Plan {
  const read = readPlan(JSON.parse(text));
  expect(read.ok ? [] : read.details).toEqual([]);
  if (!read.ok) throw new Error('plan.json does not parse');
  return read.plan;
}

function parseConfig(text: string): StepConfig {
  const read = readStepConfig(JSON.parse(text));
  expect(read.ok ? [] : read.details).toEqual([]);
  if (!read.ok) throw new Error('step_config.json does not parse');
  return read.config;
}

/** Makes room: the run panel off, nothing selected, the whole plan in view. */
async function showWholePlan(page: Page): Promise<void> {
  const runs = page.getByTestId('toggle-runs');
  if ((await runs.count()) > 0 && (await runs.getAttribute('aria-pressed')) === 'true') await runs.click();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('inspector')).toHaveCount(0);
  await page.getByTestId('fit-view').click();
  await page.waitForTimeout(400);
}

test('add a todo_task with two routes, connect it, set its execution LLM, save: the files change by exactly that', async ({ page, planvas }) => {
  const originalPlanText = await readFile(planPath(planvas.workspace), 'utf8');
  const originalConfigText = await readFile(configPath(planvas.workspace), 'utf8');
  await openWorkflow(page, planvas.baseURL);

  await page.getByTestId('palette').hover();
  await screenshot(page, 'authoring-palette');
  await page.getByTestId('palette-item-todo_task').click();
  await expect(node(page, 'todo-task')).toBeVisible();
  const inspector = page.getByTestId('inspector');
  await expect(inspector).toBeVisible();
  await expect(inspector.getByLabel('Step id')).toHaveValue('todo-task');
  await inspector.getByTestId('add-route').click();
  await expect(inspector.getByTestId('route')).toHaveCount(2);
  await expect(page.getByTestId('save')).toHaveAttribute('data-dirty', 'true');

  // A refused connection says why; a valid one sets the flow.
  await showWholePlan(page);
  await dragConnection(page, handle(page, 'todo-task', 'next'), handle(page, 'todo-task-sub-agent-route-1', 'top'));
  await expect(page.getByRole('status').filter({ hasText: /Cannot connect: .*sub-agent/ })).toBeVisible();
  // The first drag zoomed in on the todo_task and its fan; the end marker is further on.
  await showWholePlan(page);
  await dragConnection(page, handle(page, 'todo-task', 'next'), handle(page, '__end__', 'in'));
  await expect(page.locator('.react-flow__edge[data-id="todo-task:next->__end__"]')).toHaveCount(1);

  await node(page, 'todo-task').click();
  await inspector.getByLabel('Execution LLM provider', { exact: true }).fill('anthropic');
  await inspector.getByLabel('Execution LLM model', { exact: true }).fill('claude-sonnet-4');
  await expect(inspector.getByTestId('effective-llm').first()).toContainText('anthropic / claude-sonnet-4');
  await expect(inspector.getByTestId('effective-llm').first()).toHaveAttribute('data-level', 'step');
  await inspector.getByTestId('step-config').scrollIntoViewIfNeeded();
  await screenshot(page, 'authoring-inspector');

  await page.keyboard.press('Control+s');
  await expect(page.getByTestId('save')).toHaveAttribute('data-dirty', 'false');
  await expect(page.getByTestId('save')).toBeDisabled();

  const planText = await readFile(planPath(planvas.workspace), 'utf8');
  const configText = await readFile(configPath(planvas.workspace), 'utf8');
  const before = parsePlan(originalPlanText);
  const after = parsePlan(planText);
  // Everything but the added step is as it was: the other top-level keys, every other step.
  const { steps: stepsBefore, ...restBefore } = before;
  const { steps: stepsAfter, ...restAfter } = after;
  expect(restAfter).toEqual(restBefore);
  expect(stepsAfter.slice(0, -1)).toEqual(stepsBefore);
  expect(stepsAfter).toHaveLength(stepsBefore.length + 1);
  const added = stepsAfter.at(-1)!;
  expect(added).toMatchObject({ type: 'todo_task', id: 'todo-task', title: 'Todo Task', next_step_id: 'end', enable_generic_agent: false });
  expect(
    (added as { predefined_routes: Array<{ route_id: string; sub_agent_step: { id: string } }> }).predefined_routes.map((r) => [
      r.route_id,
      r.sub_agent_step.id,
    ]),
  ).toEqual([
    ['route-1', 'todo-task-route-1'],
    ['route-2', 'todo-task-route-2'],
  ]);
  // Untouched steps are byte-identical in the file, not just equal in value.
  const rawBefore = rawSteps(originalPlanText);
  const rawAfter = rawSteps(planText);
  for (const [id, raw] of rawBefore) expect(rawAfter.get(id), `raw text of step ${id}`).toBe(raw);
  expect(planText.endsWith('\n')).toBe(originalPlanText.endsWith('\n'));

  const configBefore = parseConfig(originalConfigText);
  const configAfter = parseConfig(configText);
  expect(configAfter.steps.slice(0, -1)).toEqual(configBefore.steps);
  expect(configAfter.steps.at(-1)).toEqual({
    id: 'todo-task',
    title: 'Todo Task',
    agent_configs: { execution_llm: { provider: 'anthropic', model_id: 'claude-sonnet-4' } },
  });
  const entriesBefore = rawSteps(originalConfigText);
  const entriesAfter = rawSteps(configText);
  for (const [id, raw] of entriesBefore) expect(entriesAfter.get(id), `raw text of step_config entry ${id}`).toBe(raw);
});

test('an edit on disk while the page is open: a clean page reloads, a dirty one asks', async ({ page, planvas }) => {
  await openWorkflow(page, planvas.baseURL);
  const path = planPath(planvas.workspace);
  const edited = (await readFile(path, 'utf8')).replace('"title": "Gather Sources"', '"title": "Gathered in vim"');
  await writeFile(path, edited);
  await expect(node(page, 'gather-sources')).toContainText('Gathered in vim');
  await expect(page.getByRole('status').filter({ hasText: 'changed on disk' })).toBeVisible();
  await expect(page.getByTestId('save')).toHaveAttribute('data-dirty', 'false');

  // Now with unsaved changes: the edit on disk raises the conflict dialog, nothing is lost.
  await node(page, 'draft-report').click();
  await page.getByTestId('inspector').getByLabel('Title', { exact: true }).fill('Draft it, mine');
  await expect(page.getByTestId('save')).toHaveAttribute('data-dirty', 'true');
  await writeFile(path, edited.replace('"title": "Gathered in vim"', '"title": "Gathered twice"'));
  const dialog = page.getByRole('dialog', { name: 'Conflict' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('document-diff')).toContainText('Draft it, mine');
  await expect(dialog.getByTestId('document-diff')).toContainText('Gathered twice');
  await dialog.getByRole('button', { name: 'Keep mine' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('save')).toHaveAttribute('data-dirty', 'false');
  const onDisk = parsePlan(await readFile(path, 'utf8'));
  expect(onDisk.steps.find((s) => s.id === 'gather-sources')?.title).toBe('Gathered twice');
  expect(onDisk.steps.find((s) => s.id === 'draft-report')?.title).toBe('Draft it, mine');
});

test('two pages save the same workflow: the second sees the conflict dialog and loses nothing', async ({ browser, planvas }) => {
  // Two contexts: two people (or two browsers), each with its own storage.
  const first = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  const second = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  await openWorkflow(first, planvas.baseURL);
  await openWorkflow(second, planvas.baseURL);

  await node(second, 'fact-audit').click();
  await second.getByTestId('inspector').getByLabel('Title', { exact: true }).fill('Audit, from the second page');
  await second.getByTestId('palette-item-regular').click();
  await expect(node(second, 'step')).toBeVisible();

  await node(first, 'gather-sources').click();
  await first.getByTestId('inspector').getByLabel('Title', { exact: true }).fill('Sources, from the first page');
  await first.getByTestId('save').click();
  await expect(first.getByTestId('save')).toHaveAttribute('data-dirty', 'false');

  // The second page learns of it at once (its own edits are unsaved), or at the latest when it
  // saves (a 412); Ctrl+S does nothing more while the dialog is open.
  await second.keyboard.press('Control+s');
  const dialog = second.getByRole('dialog', { name: 'Conflict' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Keep mine' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Take theirs' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Save mine as a copy' })).toBeVisible();
  await expect(dialog).toContainText('Sources, from the first page');
  await expect(dialog).toContainText('Audit, from the second page');
  await screenshot(second, 'authoring-conflict-dialog');

  await dialog.getByRole('button', { name: 'Keep mine' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(second.getByTestId('save')).toHaveAttribute('data-dirty', 'false');
  const onDisk = parsePlan(await readFile(planPath(planvas.workspace), 'utf8'));
  expect(onDisk.steps.find((s) => s.id === 'gather-sources')?.title).toBe('Sources, from the first page');
  expect(onDisk.steps.find((s) => s.id === 'fact-audit')?.title).toBe('Audit, from the second page');
  expect(onDisk.steps.some((s) => s.id === 'step')).toBe(true);
  // The first page, clean, follows silently.
  await expect(node(first, 'fact-audit')).toContainText('Audit, from the second page');
  await first.context().close();
  await second.context().close();
});

test('drag from the palette, delete with re-link, undo and redo with the keyboard, help overlay', async ({ page, planvas }) => {
  await openWorkflow(page, planvas.baseURL);
  await showWholePlan(page);
  const canvas = page.locator('.react-flow__pane');
  const box = (await canvas.boundingBox())!;
  await page.getByTestId('palette-item-decision').dragTo(canvas, { targetPosition: { x: box.width / 2, y: box.height - 80 } });
  await expect(node(page, 'decision')).toBeVisible();
  await page.keyboard.press('Escape');

  // Deleting a step others point at asks how to re-link them.
  await node(page, 'revise-scope').click();
  await page.keyboard.press('Delete');
  const relink = page.getByRole('dialog', { name: 'Delete steps' });
  await expect(relink).toContainText('final-decision');
  await relink.getByRole('button', { name: /re-link to end/ }).click();
  await expect(node(page, 'revise-scope')).toHaveCount(0);

  await page.keyboard.press('Control+z');
  await expect(node(page, 'revise-scope')).toBeVisible();
  await page.keyboard.press('Control+z');
  await expect(node(page, 'decision')).toHaveCount(0);
  await expect(page.getByTestId('save')).toHaveAttribute('data-dirty', 'false');
  await page.keyboard.press('Control+Shift+z');
  await expect(node(page, 'decision')).toBeVisible();
  await page.keyboard.press('Control+Shift+z');
  await expect(node(page, 'revise-scope')).toHaveCount(0);

  await page.keyboard.press('?');
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toContainText('Ctrl');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toHaveCount(0);
});

test('save mine as a copy: a new workflow folder with my version, the original as it is on disk', async ({ page, planvas }) => {
  await openWorkflow(page, planvas.baseURL);
  await node(page, 'draft-report').click();
  await page.getByTestId('inspector').getByLabel('Title', { exact: true }).fill('Drafted in the copy');
  const path = planPath(planvas.workspace);
  await writeFile(path, (await readFile(path, 'utf8')).replace('"title": "Gather Sources"', '"title": "Gathered on disk"'));
  const dialog = page.getByRole('dialog', { name: 'Conflict' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Save mine as a copy' }).click();
  await expect(page).toHaveURL(new RegExp(`/workflows/${encodeURIComponent(`${WORKFLOW}-copy`)}$`));
  await expect(page.getByRole('status').filter({ hasText: `saved as ${WORKFLOW}-copy` })).toBeVisible();
  const copy = parsePlan(await readFile(join(planvas.workspace, `${WORKFLOW}-copy`, 'planning', 'plan.json'), 'utf8'));
  expect(copy.steps.find((s) => s.id === 'draft-report')?.title).toBe('Drafted in the copy');
  expect(copy.steps.find((s) => s.id === 'gather-sources')?.title).toBe('Gather Sources');
  parseConfig(await readFile(join(planvas.workspace, `${WORKFLOW}-copy`, 'planning', 'step_config.json'), 'utf8'));
  const original = parsePlan(await readFile(path, 'utf8'));
  expect(original.steps.find((s) => s.id === 'gather-sources')?.title).toBe('Gathered on disk');
  expect(original.steps.find((s) => s.id === 'draft-report')?.title).toBe('Draft Report');
  await expect(node(page, 'draft-report')).toContainText('Drafted in the copy', { timeout: 90_000 });
});
