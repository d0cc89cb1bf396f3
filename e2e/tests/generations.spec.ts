import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { atFullDetail } from '../support/canvas-page';
import { test as base, expect, REPO, startPlanvas, type PlanvasServer } from '../support/planvas-server';
import { screenshot } from '../support/screenshot';

/**
 * Issue 17: every step kind of the newer generations, in Chromium, on fixtures/generations (real
 * layouts: tabs and hugged braces, one compact line, several keys per line). Each workflow is
 * opened in LR and TB (no known kind drawn as an opaque box), edited through the inspector (an
 * item, a branch case, a title), saved (the file changes by exactly the edited bytes), and run to
 * completion with the scripted provider.
 */
const test = base.extend<{ planvas: PlanvasServer }>({
  planvas: async ({}, use) => {
    const server = await startPlanvas({ workspaceSource: join(REPO, 'fixtures/generations') });
    await use(server);
    await server.cleanup();
  },
  baseURL: async ({ planvas }, use) => use(planvas.baseURL),
});

// Opening twice (LR, TB), a save and a run on a busy 2-core machine.
test.describe.configure({ timeout: 240_000 });

const LAYOUT_TIMEOUT = 90_000;
const node = (page: Page, id: string) => page.locator(`.react-flow__node[data-id="${id}"]`);
const planPath = (planvas: PlanvasServer, workflowId: string) => join(planvas.workspace, workflowId, 'planning', 'plan.json');

async function open(page: Page, workflowId: string): Promise<void> {
  await page.goto(`/workflows/${encodeURIComponent(workflowId)}`);
  await expect(page.locator('.react-flow__node').first()).toBeVisible({ timeout: LAYOUT_TIMEOUT });
  await expect(page.getByTestId('canvas')).toHaveAttribute('data-layout-state', 'ready', { timeout: LAYOUT_TIMEOUT });
}

/** Every step node is drawn by its own kind (never the opaque box), in LR and then TB, with a screenshot of each. */
async function expectDrawnInBothDirections(page: Page, workflowId: string, kinds: Record<string, string>): Promise<void> {
  for (const direction of ['LR', 'TB'] as const) {
    if (direction === 'TB') await page.getByTestId('layout-direction').click();
    await expect(page.getByTestId('canvas')).toHaveAttribute('data-direction', direction, { timeout: LAYOUT_TIMEOUT });
    await expect(page.getByTestId('canvas')).toHaveAttribute('data-layout-state', 'ready', { timeout: LAYOUT_TIMEOUT });
    await expect(page.locator('.react-flow__node-opaque')).toHaveCount(0);
    for (const [id, kind] of Object.entries(kinds))
      await expect(node(page, id), `${id} drawn as ${kind}`).toHaveClass(new RegExp(`react-flow__node-${kind}\\b`));
    await screenshot(page, `generations-${workflowId}-${direction.toLowerCase()}`);
  }
}

async function select(page: Page, stepId: string): Promise<Locator> {
  await node(page, stepId).click();
  const inspector = page.getByTestId('inspector');
  await expect(inspector).toHaveAttribute('data-node-id', stepId);
  return inspector;
}

/** Saves with the keyboard and waits until the page says it is saved. */
async function save(page: Page): Promise<void> {
  await expect(page.getByTestId('save')).toHaveAttribute('data-dirty', 'true');
  await page.keyboard.press('Control+s');
  await expect(page.getByTestId('save')).toHaveAttribute('data-dirty', 'false');
}

/** `text` with `from` (which must occur exactly once) replaced by `to`: what an exact save of that one edit writes. */
function replacedOnce(text: string, from: string, to: string): string {
  expect(text.split(from).length - 1, `"${from}" occurs once in the file`).toBe(1);
  return text.replace(from, to);
}

/**
 * Starts a scripted run from the toolbar, answers every question it asks (the first option), and
 * waits until the server says it completed. Answers "yes" where the question is yes/no.
 */
async function runToCompletion(page: Page, planvas: PlanvasServer, workflowId: string): Promise<string> {
  await page.getByRole('combobox', { name: 'Provider and pace' }).selectOption({ label: 'Scripted · no delay' });
  await page.getByTestId('start-run').click();
  let runId = '';
  let status = '';
  const deadline = Date.now() + 120_000;
  while (status !== 'completed') {
    expect(Date.now() < deadline, `run of ${workflowId} completes in time (last status ${status})`).toBe(true);
    const answer = await page.request.get(`${planvas.baseURL}/api/runs?workflow=${encodeURIComponent(workflowId)}`);
    const runs = ((await answer.json()) as { runs: Array<{ id: string; status: string; error?: unknown }> }).runs;
    runId = runs[0]?.id ?? '';
    status = runs[0]?.status ?? '';
    expect(['running', 'waiting_input', 'completed', ''], `run ${runId}: ${JSON.stringify(runs[0]?.error)}`).toContain(status);
    if (status === 'waiting_input') {
      const question = page.getByTestId('human-input');
      await expect(question).toBeVisible();
      await question.getByRole('button').first().click();
      await expect(question).toBeHidden();
    }
    await page.waitForTimeout(250);
  }
  return runId;
}

type Edit = { stepId: string; change(inspector: Locator): Promise<void>; from: string; to: string; screenshot?: string };

/** Selects the step, makes the change in its inspector, saves: the file must differ by exactly `from` → `to`. */
async function editAndSaveExactly(page: Page, planvas: PlanvasServer, workflowId: string, edit: Edit): Promise<void> {
  const before = await readFile(planPath(planvas, workflowId), 'utf8');
  await edit.change(await select(page, edit.stepId));
  if (edit.screenshot) await screenshot(page, edit.screenshot);
  await save(page);
  expect(await readFile(planPath(planvas, workflowId), 'utf8')).toBe(replacedOnce(before, edit.from, edit.to));
  await page.getByRole('button', { name: 'Close inspector' }).click();
}

/** Runs the workflow to completion and checks the canvas shows these steps completed. */
async function runAndSeeCompleted(page: Page, planvas: PlanvasServer, workflowId: string, stepIds: readonly string[]): Promise<void> {
  await runToCompletion(page, planvas, workflowId);
  await expectCompletedOnCanvas(page, stepIds);
  await screenshot(page, `generations-${workflowId}-run-completed`);
}

async function expectCompletedOnCanvas(page: Page, stepIds: readonly string[]): Promise<void> {
  for (const id of stepIds)
    await expect(node(page, id).locator('[data-status]').first(), `${id} completed`).toHaveAttribute('data-status', 'completed', { timeout: 30_000 });
}

test('AgentItems (agent generation): agent items and orphan refs drawn; an item edited, saved exactly, run to completion', async ({ page, planvas }) => {
  await open(page, 'AgentItems');
  await expectDrawnInBothDirections(page, 'AgentItems', {
    'collect-invoices': 'agent',
    reconcile: 'agent',
    'approve-close': 'human_input',
    'post-ledger': 'regular',
  });
  // The shared orphan step is drawn once, with an edge from the route that references it.
  await expect(node(page, 'vendor-lookup')).toHaveCount(1);
  await expect(page.locator('.react-flow__edge[data-testid="rf__edge-reconcile:vendors->vendor-lookup"]')).toBeAttached();

  await editAndSaveExactly(page, planvas, 'AgentItems', {
    stepId: 'collect-invoices',
    change: async (inspector) => {
      await expect(inspector.getByTestId('item')).toHaveCount(2);
      await inspector
        .locator('[data-testid="item"][data-item-id="merge"]')
        .getByTestId('item-message')
        .fill('Merge the fetched months into invoices.json, newest first.');
      await inspector.getByTestId('items-section').scrollIntoViewIfNeeded();
    },
    screenshot: 'generations-AgentItems-items-editor',
    from: 'Merge the fetched months into invoices.json and drop duplicates.',
    to: 'Merge the fetched months into invoices.json, newest first.',
  });
  await runAndSeeCompleted(page, planvas, 'AgentItems', ['collect-invoices', 'reconcile', 'approve-close', 'post-ledger']);
});

test('AgentworksCompact (one line): orchestrator, branch and crew drawn; a branch case renamed, saved exactly, run to completion', async ({
  page,
  planvas,
}) => {
  await open(page, 'AgentworksCompact');
  await expectDrawnInBothDirections(page, 'AgentworksCompact', {
    classify: 'orchestrator',
    'pick-lane': 'branch',
    'expedite-crew': 'crew',
    'standard-followup': 'todo_task',
  });
  // The branch: a labelled handle per route, the default route marked.
  const branch = node(page, 'pick-lane');
  await expect(branch.locator('.react-flow__handle[data-handleid="expedite"]')).toBeAttached();
  await expect(branch.locator('.react-flow__handle[data-handleid="standard"]')).toBeAttached();
  await atFullDetail(page, () => expect(branch).toContainText('(default)'));

  await editAndSaveExactly(page, planvas, 'AgentworksCompact', {
    stepId: 'pick-lane',
    change: async (inspector) => {
      const ground = inspector.locator('[data-testid="branch-case"][data-case-value="ground"]').getByTestId('case-value');
      await ground.fill('freight');
      await ground.press('Enter');
      await expect(inspector.locator('[data-testid="branch-case"][data-case-value="freight"]')).toBeVisible();
      await inspector.getByTestId('branch-cases-editor').scrollIntoViewIfNeeded();
    },
    screenshot: 'generations-AgentworksCompact-branch-cases',
    // The renamed case stays where it was in the one-line file.
    from: '"ground":"standard"',
    to: '"freight":"standard"',
  });
  await runAndSeeCompleted(page, planvas, 'AgentworksCompact', ['collect-exceptions', 'classify', 'pick-lane', 'notify-customers']);
});

test('LoopTabsHugged (coding-agent-loop, tabs): message_sequence items drawn; an item edited, saved exactly, run to completion', async ({ page, planvas }) => {
  await open(page, 'LoopTabsHugged');
  await expectDrawnInBothDirections(page, 'LoopTabsHugged', { triage: 'todo_task', 'draft-replies': 'message_sequence', 'approve-replies': 'human_input' });
  await atFullDetail(page, async () => {
    await expect(node(page, 'draft-replies').getByTestId('item-row')).toHaveCount(3);
    await expect(node(page, 'draft-replies').getByTestId('foreach-max')).toHaveText('×25');
  });

  await editAndSaveExactly(page, planvas, 'LoopTabsHugged', {
    stepId: 'draft-replies',
    change: (inspector) =>
      inspector.locator('[data-testid="item"][data-item-id="tone"]').getByTestId('item-message').fill('Use the tone guide: short, warm, no jargon.'),
    from: 'Use the tone guide in the knowledgebase: short, warm, no jargon.',
    to: 'Use the tone guide: short, warm, no jargon.',
  });
  await runAndSeeCompleted(page, planvas, 'LoopTabsHugged', ['triage', 'draft-replies', 'approve-replies']);
});

test('AgentworksKeysOnLine (several keys per line): orchestrator and message_sequence; a title edited, saved exactly, run to completion', async ({
  page,
  planvas,
}) => {
  await open(page, 'AgentworksKeysOnLine');
  await expectDrawnInBothDirections(page, 'AgentworksKeysOnLine', { 'review-contracts': 'orchestrator', 'legal-summary': 'message_sequence' });
  await expect(node(page, 'review-contracts-sub-agent-pricing')).toBeVisible();

  await editAndSaveExactly(page, planvas, 'AgentworksKeysOnLine', {
    stepId: 'review-contracts',
    change: (inspector) => inspector.getByTestId('step-title').fill('Review contracts due'),
    from: '"title":"Review contracts"',
    to: '"title":"Review contracts due"',
  });
  await runAndSeeCompleted(page, planvas, 'AgentworksKeysOnLine', ['list-contracts', 'review-contracts', 'legal-summary']);
});

test('OldestIdless and ProblemsOnDisk: id-less steps under their display ids, problems flagged, nothing opaque', async ({ page }) => {
  await open(page, 'OldestIdless');
  await expect(page.locator('.react-flow__node-opaque')).toHaveCount(0);
  // ELK laid it out (no grid fallback) although three steps have no id.
  await expect(page.getByTestId('canvas')).toHaveAttribute('data-layout-state', 'ready');
  await expect(page.locator('.react-flow__node[data-id^="$.steps"]')).toHaveCount(3);
  await screenshot(page, 'generations-OldestIdless-lr');
  await open(page, 'ProblemsOnDisk');
  await expect(page.locator('.react-flow__node-opaque')).toHaveCount(0);
  await screenshot(page, 'generations-ProblemsOnDisk-lr');
});
