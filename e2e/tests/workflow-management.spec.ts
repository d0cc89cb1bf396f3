import { access, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { axeFindings, blocking, formatFindings, THEMES } from '../support/axe';
import { urlOf } from '../support/canvas-page';
import { expect, test } from '../support/planvas-server';

// Several workflow opens (a cold ELK worker for the first), a run and disk checks on a real server.
test.describe.configure({ timeout: 240_000 });

const SHOTS = '/tmp/pv/shots/workflows';
const CREATED = 'Team/Research';
const COPY = 'Team/Research copy';
const RENAMED = 'Projects/Research';

const folder = (workspace: string, id: string) => join(workspace, ...id.split('/'));
const planFile = (workspace: string, id: string) => join(folder(workspace, id), 'planning', 'plan.json');
const configFile = (workspace: string, id: string) => join(folder(workspace, id), 'planning', 'step_config.json');
const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );
type PlanOnDisk = { objective?: string; steps: Array<{ id: string; type?: string; next_step_id?: string }> };
const readPlanFile = async (path: string) => JSON.parse(await readFile(path, 'utf8')) as PlanOnDisk;

const row = (page: Page, id: string): Locator => page.getByTestId('workflow-list').locator(`a[data-workflow-id="${id}"]`);

async function laidOut(page: Page, id: string): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`${urlOf(id).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
  await expect(page.getByTestId('canvas')).toHaveAttribute('data-layout-state', /^(ready|fallback)$/, { timeout: 90_000 });
}

async function openMenu(page: Page, id: string): Promise<Locator> {
  await row(page, id).hover();
  await row(page, id).locator('xpath=..').getByTestId('workflow-actions').click();
  const menu = page.getByRole('menu', { name: `Actions for ${id}` });
  await expect(menu).toBeVisible();
  return menu;
}

test('new from the todo_task template, duplicate, rename and delete from the sidebar, each checked on disk', async ({ page, planvas }) => {
  await mkdir(SHOTS, { recursive: true });
  const ws = planvas.workspace;
  await page.goto(`${planvas.baseURL}/`);
  await expect(row(page, 'Workflow/ResearchReport')).toBeVisible();

  // New: the todo_task template with an objective; the app opens it.
  await page.getByTestId('new-workflow').click();
  const create = page.getByRole('dialog', { name: 'New workflow' });
  await create.getByLabel('Path').fill('Team/../Escape');
  await create.getByRole('button', { name: 'Create workflow' }).click();
  await expect(create.getByLabel('Path')).toHaveAttribute('aria-invalid', 'true');
  await expect(create.getByTestId('field-error')).toContainText('Invalid workflow id');
  await create.getByLabel('Path').fill(CREATED);
  await create.getByRole('radio', { name: 'Todo task' }).check();
  await create.getByLabel('Objective', { exact: true }).fill('Survey visual designers for agent workflows');
  await page.screenshot({ path: `${SHOTS}/new-dialog.png` });
  await create.getByRole('button', { name: 'Create workflow' }).click();
  await laidOut(page, CREATED);
  const created = await readPlanFile(planFile(ws, CREATED));
  expect(created.objective).toBe('Survey visual designers for agent workflows');
  expect(created.steps.filter((s) => s.type === 'todo_task')).toHaveLength(1);
  expect(await exists(configFile(ws, CREATED))).toBe(true);
  await expect(row(page, CREATED)).toContainText('1 step');

  // A step added and saved: the sidebar's count follows the save.
  await page.getByTestId('palette-item-regular').click();
  await expect(page.getByTestId('save')).toHaveAttribute('data-dirty', 'true');
  await page.keyboard.press('Control+s');
  await expect(page.getByTestId('save')).toHaveAttribute('data-dirty', 'false');
  expect((await readPlanFile(planFile(ws, CREATED))).steps).toHaveLength(2);
  await expect(row(page, CREATED)).toContainText('2 steps');

  // An edit made outside planvas, to a workflow that is not open: its count and problems follow too.
  const report = planFile(ws, 'Workflow/ResearchReport');
  const reportPlan = await readPlanFile(report);
  const badge = row(page, 'Workflow/ResearchReport').getByTestId('workflow-problems');
  const problemsBefore = (await badge.count()) > 0 ? Number(await badge.textContent()) : 0;
  reportPlan.steps.push({ id: 'added-by-hand', type: 'regular', next_step_id: 'nowhere' });
  await writeFile(report, `${JSON.stringify(reportPlan, null, 2)}\n`);
  await expect(row(page, 'Workflow/ResearchReport')).toContainText('13 steps');
  await expect.poll(async () => Number(await badge.textContent())).toBeGreaterThan(problemsBefore);

  // Duplicate: the row's "⋯" menu; the copy's documents are the original's bytes.
  const menu = await openMenu(page, CREATED);
  await page.screenshot({ path: `${SHOTS}/sidebar-menu.png` });
  await menu.getByRole('menuitem', { name: 'Duplicate…' }).click();
  const duplicate = page.getByRole('dialog', { name: 'Duplicate workflow' });
  await expect(duplicate.getByLabel('New path')).toHaveValue(COPY);
  await duplicate.getByRole('button', { name: 'Duplicate' }).click();
  await laidOut(page, COPY);
  expect(await readFile(planFile(ws, COPY))).toEqual(await readFile(planFile(ws, CREATED)));
  expect(await readFile(configFile(ws, COPY))).toEqual(await readFile(configFile(ws, CREATED)));
  await expect(row(page, COPY)).toContainText('2 steps');

  // Rename the open workflow from its right-click menu: the folder moves, the page follows it.
  await row(page, CREATED).click();
  await laidOut(page, CREATED);
  const planBytes = await readFile(planFile(ws, CREATED));
  await row(page, CREATED).click({ button: 'right' });
  await page
    .getByRole('menu', { name: `Actions for ${CREATED}` })
    .getByRole('menuitem', { name: 'Rename or move…' })
    .click();
  const rename = page.getByRole('dialog', { name: 'Rename or move workflow' });
  await expect(rename.getByLabel('New path')).toHaveValue(CREATED);
  await rename.getByLabel('New path').fill(RENAMED);
  await rename.getByRole('button', { name: 'Rename' }).click();
  await laidOut(page, RENAMED);
  expect(await exists(folder(ws, CREATED))).toBe(false);
  expect(await readFile(planFile(ws, RENAMED))).toEqual(planBytes);
  await expect(row(page, RENAMED)).toHaveAttribute('aria-current', 'page');
  await expect(row(page, CREATED)).toHaveCount(0);
  await expect(page.locator('.pv-toolbar__title')).toHaveAttribute('title', new RegExp(RENAMED));

  // Delete while a run of it is going: refused, naming the run; once it ends, deleted.
  const started = await page.request.post(`${planvas.baseURL}/api/workflows/${encodeURIComponent(RENAMED)}/runs`, {
    data: { provider: 'scripted', paceMs: 60_000 },
  });
  expect(started.status()).toBe(201);
  const { runId } = (await started.json()) as { runId: string };
  await (await openMenu(page, RENAMED)).getByRole('menuitem', { name: 'Delete…' }).click();
  const remove = page.getByRole('dialog', { name: 'Delete workflow' });
  await expect(remove.getByTestId('delete-blocked')).toContainText(runId);
  await expect(remove.getByRole('button', { name: 'Delete workflow' })).toBeDisabled();
  expect((await page.request.post(`${planvas.baseURL}/api/runs/${encodeURIComponent(runId)}/cancel`)).ok()).toBe(true);
  await remove.getByRole('button', { name: 'Check again' }).click();
  await expect(remove.getByRole('button', { name: 'Delete workflow' })).toBeEnabled();
  await expect(remove.getByTestId('deletes-plan')).toContainText('planning/plan.json');
  await expect(remove.getByTestId('deletes-step-config')).toContainText('planning/step_config.json');
  await expect(remove.getByTestId('deletes-runs')).toContainText('1 run');
  await page.screenshot({ path: `${SHOTS}/delete-dialog.png` });
  await remove.getByRole('button', { name: 'Delete workflow' }).click();
  await expect(remove).toHaveCount(0);
  await expect(row(page, RENAMED)).toHaveCount(0);
  expect(await exists(folder(ws, RENAMED))).toBe(false);
  // The page moved on to the next workflow in the list rather than staying on one that is gone.
  await expect(page).not.toHaveURL(new RegExp(encodeURIComponent(RENAMED)));
  await page.screenshot({ path: `${SHOTS}/after-delete.png` });
});

for (const theme of THEMES) {
  test(`the row menu and the workflow dialogs work from the keyboard and pass axe, ${theme} theme`, async ({ page, planvas }) => {
    await mkdir(SHOTS, { recursive: true });
    await page.emulateMedia({ colorScheme: theme });
    await page.goto(`${planvas.baseURL}/`);
    const axe = async (screen: string) => {
      const findings = await axeFindings(page);
      expect.soft(blocking(findings), formatFindings(`${theme} · ${screen}`, findings)).toEqual([]);
    };

    // Tab from a row reaches its "⋯" button, which shows while it has focus; Enter opens the menu on its first item.
    await row(page, 'Workflow/NoFinalNewline').focus();
    await page.keyboard.press('Tab');
    const more = row(page, 'Workflow/NoFinalNewline').locator('xpath=..').getByTestId('workflow-actions');
    await expect(more).toBeFocused();
    await expect(more).toHaveCSS('opacity', '1');
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu', { name: 'Actions for Workflow/NoFinalNewline' });
    await expect(menu.getByRole('menuitem', { name: 'Duplicate…' })).toBeFocused();
    await axe('row menu');
    await page.screenshot({ path: `${SHOTS}/sidebar-menu-${theme}.png` });
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem', { name: 'Rename or move…' })).toBeFocused();
    await page.keyboard.press('Enter');
    const rename = page.getByRole('dialog', { name: 'Rename or move workflow' });
    await expect(rename.getByLabel('New path')).toBeFocused();
    await axe('rename dialog');
    await page.screenshot({ path: `${SHOTS}/rename-dialog-${theme}.png` });
    await page.keyboard.press('Escape');
    await expect(rename).toHaveCount(0);
    await expect(more).toBeFocused();

    await page.getByTestId('new-workflow').focus();
    await page.keyboard.press('Enter');
    const create = page.getByRole('dialog', { name: 'New workflow' });
    await page.keyboard.type('Team/../Out');
    await page.keyboard.press('Enter');
    await expect(create.getByTestId('field-error')).toContainText('Invalid workflow id');
    await axe('new workflow dialog, path refused');
    await page.screenshot({ path: `${SHOTS}/new-dialog-refused-${theme}.png` });
    await page.keyboard.press('Escape');

    await more.click();
    await menu.getByRole('menuitem', { name: 'Delete…' }).click();
    const remove = page.getByRole('dialog', { name: 'Delete workflow' });
    await expect(remove.getByTestId('deletion-summary')).toBeVisible();
    await axe('delete dialog');
    await page.screenshot({ path: `${SHOTS}/delete-dialog-${theme}.png` });
  });
}
