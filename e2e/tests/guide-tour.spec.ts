import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Locator, Page, TestInfo } from '@playwright/test';
import type { RunSummary } from '@planvas/shared';
import { expectLaidOut, nodeOf, toggleTo } from '../support/canvas-page';
import { guideShot } from '../support/guide-shots';
import { expect, test } from '../support/planvas-server';

/**
 * The tour of docs/guide.md, walked on the real built app with the demo workspace: each section's
 * step is done as a user does it, what the user should then see is asserted, and the section's
 * screenshot is taken (into docs/guide/images/ only with PLANVAS_GUIDE_SHOTS=1: `pnpm guide:shots`).
 */

// The OpenAI-compatible provider stays off: the tour runs the built-in scripted orchestrator.
for (const name of ['PLANVAS_OPENAI_API_KEY', 'OPENAI_API_KEY', 'PLANVAS_OPENAI_BASE_URL']) delete process.env[name];

const WORKFLOW = 'Workflow/ResearchReport';
/** The todo_task the tour adds after "Draft Report" (the palette names a new step after its kind). */
const NEW_STEP = 'todo-task';
const RESEARCH = 'research-todo';
const QUESTION = 'editor-review';

const planPath = (workspace: string) => join(workspace, WORKFLOW, 'planning', 'plan.json');
const configPath = (workspace: string) => join(workspace, WORKFLOW, 'planning', 'step_config.json');
const statusOf = (page: Page, id: string) => nodeOf(page, id).locator('.pv-node[data-status]');
const edge = (page: Page, id: string) => page.locator(`.react-flow__edge[data-id="${id}"]`);

type PlanOnDisk = { steps: Array<{ id: string; type?: string; title?: string; next_step_id?: string; predefined_routes?: Array<{ route_name?: string }> }> };
type ConfigOnDisk = { steps: Array<{ id: string; agent_configs?: { execution_llm?: { provider?: string; model_id?: string } } }> };

async function runsOf(page: Page, baseURL: string): Promise<RunSummary[]> {
  const answer = await page.request.get(`${baseURL}/api/runs?workflow=${encodeURIComponent(WORKFLOW)}`);
  return ((await answer.json()) as { runs: RunSummary[] }).runs;
}

/** The execution-logs popup of the whole run, from the toolbar. */
async function openLogs(page: Page): Promise<Locator> {
  await page.getByRole('toolbar', { name: 'Canvas' }).getByTestId('open-execution-logs').click();
  const dialog = page.getByRole('dialog', { name: /Execution logs/ });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Once both todo_task steps (the demo's and the tour's) have run, the popup asks which to show: the demo's. */
async function showResearchStep(dialog: Locator): Promise<void> {
  const step = dialog.getByRole('combobox', { name: /^Step/ });
  await step.selectOption(RESEARCH);
  await expect(step).toHaveValue(RESEARCH);
}

const group = (dialog: Locator, iteration: number) => dialog.locator(`[data-testid="iteration-group"][data-iteration="${iteration}"]`);

test('the guide tour: open, lay out, author, configure, save through a conflict, run, watch, answer, continue, compare', async ({
  page,
  planvas,
}, testInfo: TestInfo) => {
  // Two runs of the demo and a dozen screens on a real server, on a machine that may be busy.
  test.setTimeout(420_000);
  const shot = (name: string) => guideShot(page, testInfo, name);

  // 1. Open a workspace: the sidebar lists its workflows; one opens on the canvas.
  await page.goto('/');
  const link = page.getByTestId('workflow-list').locator(`a[data-workflow-id="${WORKFLOW}"]`);
  await expect(link).toContainText('Research');
  await link.click();
  await expectLaidOut(page, 'LR');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Research/);
  await expect(link).toHaveAttribute('aria-current', 'page');
  await expect(nodeOf(page, RESEARCH)).toBeVisible();
  await expect(nodeOf(page, QUESTION)).toBeVisible();
  await shot('01-open-workspace');

  // 2. Switch layout: top to bottom, then back.
  await toggleTo(page, 'TB');
  await expect(nodeOf(page, RESEARCH)).toBeVisible();
  await shot('02-layout-top-to-bottom');
  await toggleTo(page, 'LR');

  // 3. Author a todo_task: added after the selected step, with two named routes, connected onward.
  await nodeOf(page, 'draft-report').click();
  const inspector = page.getByTestId('inspector');
  await expect(inspector).toHaveAttribute('data-node-id', 'draft-report');
  await page.getByTestId('palette-item-todo_task').click();
  await expect(nodeOf(page, NEW_STEP)).toBeVisible();
  await expect(inspector.getByLabel('Step id')).toHaveValue(NEW_STEP);
  await inspector.getByLabel('Title', { exact: true }).fill('Check the draft');
  await inspector.getByTestId('add-route').click();
  const routes = inspector.getByTestId('route');
  await expect(routes).toHaveCount(2);
  await routes.nth(0).getByLabel('Route name').fill('Fact check');
  await routes.nth(0).getByLabel('Sub-agent title').fill('Fact checker');
  await routes.nth(1).getByLabel('Route name').fill('Style check');
  await routes.nth(1).getByLabel('Sub-agent title').fill('Style editor');
  await inspector.getByTestId('next-step').selectOption(QUESTION);
  await expect(edge(page, `draft-report:next->${NEW_STEP}`)).toHaveCount(1);
  await expect(edge(page, `${NEW_STEP}:next->${QUESTION}`)).toHaveCount(1);
  await expect(nodeOf(page, NEW_STEP)).toContainText('Check the draft');
  await expect(nodeOf(page, `${NEW_STEP}-sub-agent-route-1`)).toContainText('Fact checker');
  await expect(nodeOf(page, `${NEW_STEP}-sub-agent-route-2`)).toContainText('Style editor');
  await expect(page.getByTestId('save')).toHaveAttribute('data-dirty', 'true');
  await inspector.getByRole('heading', { name: 'Predefined routes' }).evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await shot('03-author-todo-task');

  // 4. Configure its LLM: the step's own execution LLM, then the workspace's preset for the rest.
  await inspector.getByLabel('Execution LLM provider', { exact: true }).fill('openai');
  await inspector.getByLabel('Execution LLM model', { exact: true }).fill('gpt-4.1-mini');
  const effective = inspector.getByTestId('effective-llm');
  await expect(effective.first()).toContainText('openai / gpt-4.1-mini');
  await expect(effective.first()).toHaveAttribute('data-level', 'step');
  await page.getByTestId('open-settings').click();
  const settings = page.getByRole('dialog', { name: 'Workspace settings' });
  await settings.getByLabel('Preset execution LLM provider', { exact: true }).fill('anthropic');
  await settings.getByLabel('Preset execution LLM model', { exact: true }).fill('claude-sonnet-4');
  await settings.getByLabel('Default LLM provider', { exact: true }).fill('openai');
  await settings.getByLabel('Default LLM model', { exact: true }).fill('gpt-4.1');
  await shot('04-workspace-settings');
  await settings.getByRole('button', { name: 'Save settings' }).click();
  await expect(settings).toHaveCount(0);
  // The sub-agents set no LLM of their own: they now run on the preset.
  await expect(effective.filter({ hasText: 'Sub-agent Fact check' })).toHaveAttribute('data-level', 'preset');
  await expect(effective.filter({ hasText: 'Sub-agent Fact check' })).toContainText('anthropic / claude-sonnet-4');
  await inspector.getByTestId('effective-llms').scrollIntoViewIfNeeded();
  await shot('05-effective-llm');

  // 5. Save, then resolve a conflict: an edit on disk while this page has unsaved changes.
  await page.keyboard.press('Control+s');
  await expect(page.getByTestId('save')).toHaveAttribute('data-dirty', 'false');
  const saved = JSON.parse(await readFile(planPath(planvas.workspace), 'utf8')) as PlanOnDisk;
  const added = saved.steps.find((s) => s.id === NEW_STEP);
  expect(added).toMatchObject({ type: 'todo_task', title: 'Check the draft', next_step_id: QUESTION });
  expect(added?.predefined_routes?.map((r) => r.route_name)).toEqual(['Fact check', 'Style check']);
  expect(saved.steps.map((s) => s.id).indexOf(NEW_STEP)).toBe(saved.steps.map((s) => s.id).indexOf('draft-report') + 1);
  const config = JSON.parse(await readFile(configPath(planvas.workspace), 'utf8')) as ConfigOnDisk;
  expect(config.steps.find((s) => s.id === NEW_STEP)?.agent_configs?.execution_llm).toEqual({ provider: 'openai', model_id: 'gpt-4.1-mini' });

  await inspector.getByLabel('Title', { exact: true }).fill('Check the draft twice');
  await expect(page.getByTestId('save')).toHaveAttribute('data-dirty', 'true');
  const path = planPath(planvas.workspace);
  await writeFile(path, (await readFile(path, 'utf8')).replace('"title": "Gather Sources"', '"title": "Gather sources (edited in a text editor)"'));
  const conflict = page.getByRole('dialog', { name: 'Conflict' });
  await expect(conflict).toBeVisible();
  await expect(conflict.getByTestId('document-diff')).toContainText('Check the draft twice');
  await expect(conflict.getByTestId('document-diff')).toContainText('Gather sources (edited in a text editor)');
  await shot('06-resolve-conflict');
  await conflict.getByRole('button', { name: 'Keep mine' }).click();
  await expect(conflict).toHaveCount(0);
  await expect(page.getByTestId('save')).toHaveAttribute('data-dirty', 'false');
  const merged = JSON.parse(await readFile(path, 'utf8')) as PlanOnDisk;
  expect(merged.steps.find((s) => s.id === 'gather-sources')?.title).toBe('Gather sources (edited in a text editor)');
  expect(merged.steps.find((s) => s.id === NEW_STEP)?.title).toBe('Check the draft twice');
  await expect(nodeOf(page, 'gather-sources')).toContainText('edited in a text editor');

  // 6. Run: the scripted orchestrator; the canvas follows the step the run is at.
  await page.getByRole('button', { name: 'Close inspector' }).click();
  await expect(inspector).toHaveCount(0);
  // The slow pace leaves the picture time to catch the research step at work (fast reaches the question in seconds).
  await page.getByRole('combobox', { name: 'Provider and pace' }).selectOption({ label: 'Scripted · slow (1.5 s)' });
  await page.getByTestId('start-run').click();
  await expect(page.getByTestId('run-sidebar')).toHaveAttribute('data-layout', 'expanded');
  await expect(statusOf(page, RESEARCH)).toHaveAttribute('data-status', /orchestrating|executing/, { timeout: 60_000 });
  await expect(page.getByTestId('follow-run')).toHaveAttribute('aria-pressed', 'true');
  await expect(statusOf(page, 'gather-sources')).toHaveAttribute('data-status', 'completed');
  await shot('07-run');

  // 7. Watch the logs per iteration: the research step's turns, one group per iteration.
  // Opened while the run goes on: iterations appear as they happen, until the run stops to ask.
  const logs = await openLogs(page);
  await expect(group(logs, 1)).toBeVisible({ timeout: 60_000 });
  await expect(logs.getByTestId('run-status')).toHaveAttribute('data-status', 'waiting_input', { timeout: 120_000 });
  await showResearchStep(logs);
  for (const iteration of [1, 2, 3]) await expect(group(logs, iteration)).toBeVisible();
  await expect(group(logs, 1).getByTestId('log-entry').first()).toBeVisible();
  // Scrolled back to the start (a wheel first: the timeline then stops following the newest iteration).
  await logs.getByRole('feed').dispatchEvent('wheel', { deltaY: -100 });
  await group(logs, 2).evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await expect(group(logs, 2)).toBeInViewport();
  await shot('08-logs-per-iteration');

  // 8. Answer a question: the run stops at the editor's review and waits.
  await page.keyboard.press('Escape');
  await expect(logs).toHaveCount(0);
  const question = page.getByTestId('human-input');
  await expect(question).toContainText('Approve it, reject it for a redraft, or send it for a fact audit?');
  await expect(statusOf(page, QUESTION)).toHaveAttribute('data-status', 'waiting');
  await expect(statusOf(page, NEW_STEP)).toHaveAttribute('data-status', 'completed');
  // "Follow run" brought the waiting step into view, with the same answers on it.
  await expect(nodeOf(page, QUESTION).getByTestId('node-answer-form')).toBeInViewport();
  await expect(nodeOf(page, QUESTION).getByTestId('node-answer-form').getByRole('button')).toHaveText(['approve', 'reject', 'audit']);
  await shot('09-answer-question');
  const [first] = await runsOf(page, planvas.baseURL);
  await question.getByRole('button', { name: 'approve' }).click();
  const firstRow = page.locator(`[data-testid="run-row"][data-run-id="${first!.id}"]`);
  await expect(firstRow).toHaveAttribute('data-status', 'completed', { timeout: 60_000 });
  await expect(statusOf(page, 'publish-report')).toHaveAttribute('data-status', 'completed');

  // 9. Continue from an iteration: the plan as it was after iteration 2, and a new run from there.
  const history = await openLogs(page);
  await showResearchStep(history);
  await group(history, 2)
    .getByRole('button', { name: /Plan at this point/ })
    .click();
  const snapshot = history.getByTestId('iteration-snapshot');
  await expect(snapshot).toHaveAttribute('data-iteration', '2');
  await expect(snapshot.getByTestId('todo-row').first()).toBeVisible();
  await expect(snapshot.getByTestId('continue-from-here')).toBeEnabled();
  await snapshot.getByTestId('continue-from-here').click();
  // The dialog: the todos and objective of iteration 2, to change before the branch starts.
  const fork = page.getByTestId('fork-dialog');
  await expect(fork.getByTestId('fork-todo').first()).toBeVisible();
  await shot('10-continue-from-iteration');
  await fork.getByTestId('fork-start').click();
  // The popup follows the new run, which says where it came from.
  await expect(history.getByTestId('logs-run-label')).toContainText('continued from #1 at iteration 2');
  const branch = (await runsOf(page, planvas.baseURL)).find((r) => r.parent?.runId === first!.id);
  expect(branch?.parent?.iteration).toBe(2);
  await expect(history.getByTestId('run-status')).toHaveAttribute('data-status', 'waiting_input', { timeout: 120_000 });
  await page.keyboard.press('Escape');
  await expect(history).toHaveCount(0);
  // This time on the node itself (the view followed the run there).
  await nodeOf(page, QUESTION).getByTestId('node-answer-form').getByRole('button', { name: 'approve' }).click();
  const branchRow = page.locator(`[data-testid="run-row"][data-run-id="${branch!.id}"]`);
  await expect(branchRow).toHaveAttribute('data-status', 'completed', { timeout: 60_000 });
  await expect(branchRow.getByTestId('run-lineage')).toContainText('iteration 2');

  // 10. Compare runs: the continued run beside the one it came from, iteration by iteration.
  const compare = await openLogs(page);
  await showResearchStep(compare);
  await compare.getByRole('button', { name: 'Compare' }).click();
  await expect(compare.getByRole('combobox', { name: /Compare with/ })).toHaveValue(first!.id);
  const rows = compare.getByTestId('compare-row');
  await expect(rows.first()).toBeVisible();
  // Iterations 1 and 2 of the continued run are the first run's own.
  await expect(rows.filter({ hasText: 'Iteration 1' })).toContainText('from #1');
  await expect(rows.filter({ hasText: 'Iteration 2' })).toContainText('from #1');
  await shot('11-compare-runs');
  await page.keyboard.press('Escape');
  await expect(compare).toHaveCount(0);

  // Keyboard shortcuts: "?" lists them.
  await page.keyboard.press('?');
  const shortcuts = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(shortcuts).toContainText('Save plan.json and step_config.json');
  await shot('12-keyboard-shortcuts');
  await page.keyboard.press('Escape');
  await expect(shortcuts).toHaveCount(0);
});
