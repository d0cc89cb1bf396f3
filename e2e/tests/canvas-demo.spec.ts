import type { Page } from '@playwright/test';
import {
  boxOf,
  centre,
  expectBeyond,
  expectEdgesClearOfNodes,
  expectExactNodes,
  expectNodesVisible,
  expectOutputsOnEdge,
  expectStackedInOrder,
  expectSubAgentInput,
  expectUncovered,
} from '../support/canvas-geometry';
import { expectLaidOut, nodeOf, open, recordPageErrors, steadyViewport, toggleTo, urlOf, type Direction } from '../support/canvas-page';
import { expect, test } from '../support/planvas-server';
import { screenshot } from '../support/screenshot';

/**
 * Issue 3: the canvas of the demo workflow (Workflow/ResearchReport), in both directions, through
 * the stable hooks (deep link, `data-direction`, the direction toggle, node ids, React Flow's
 * handle classes), and moving between it and another workflow with back and forward.
 * Ids and counts come from fixtures/README.md.
 */
const DEMO = 'Workflow/ResearchReport';
const DEMO_MAIN_STEPS = [
  'gather-sources',
  'research-todo',
  'draft-outline',
  'choose-depth',
  'deep-analysis',
  'draft-report',
  'editor-review',
  'quality-gate',
  'fact-audit',
  'final-decision',
  'publish-report',
  'revise-scope',
];
const DEMO_BRANCH_STEPS = ['format-citations', 'flag-gaps', 'notify-editor'];
/** Parent node id -> its outputs in route order (generic agent last) and the sub-agent node of each. */
const DEMO_DELEGATION = {
  'research-todo': ['literature', 'data-extraction', 'fact-check', 'generic'],
  'draft-outline': ['narrative', 'structured'],
} as const;
const subAgentId = (parent: string, route: string) => `${parent}-sub-agent-${route}`;
const DEMO_SUB_AGENTS = Object.entries(DEMO_DELEGATION).flatMap(([parent, routes]) => routes.map((r) => subAgentId(parent, r)));

/** The viewport's zoom, read from React Flow's transform. */
async function zoomOf(page: Page): Promise<number> {
  return page.locator('.react-flow__viewport').evaluate((el) => new DOMMatrixReadOnly(getComputedStyle(el).transform).a);
}

/**
 * A fitted demo is drawn at about a third of full size, too small to judge the nodes: this one
 * zooms in on a node with the mouse wheel (as a user would), takes the picture and fits the view
 * again, so the viewport that gets saved is the fitted one.
 */
async function detailScreenshot(page: Page, nodeId: string, name: string): Promise<void> {
  const c = centre(await boxOf(nodeOf(page, nodeId)));
  await page.mouse.move(c.x, c.y);
  for (let i = 0; i < 20 && (await zoomOf(page)) < 0.9; i++) await page.mouse.wheel(0, -150);
  await steadyViewport(page);
  await screenshot(page, name);
  await page.getByTestId('fit-view').click();
  await steadyViewport(page);
}

async function expectDemoGeometry(page: Page, direction: Direction): Promise<void> {
  for (const [parent, routes] of Object.entries(DEMO_DELEGATION)) {
    const subAgents = routes.map((r) => subAgentId(parent, r));
    for (const child of subAgents) {
      await expectBeyond(page, parent, child, direction);
      await expectSubAgentInput(page, child, direction);
    }
    await expectOutputsOnEdge(page, parent, [...routes, 'next'], direction);
    await expectStackedInOrder(page, subAgents, direction);
  }
  await expectEdgesClearOfNodes(page);
}

// Each test lays out several times (open, toggle, reload), each up to LAYOUT_TIMEOUT_MS on a busy machine.
test.describe.configure({ timeout: 180_000 });

test.describe('canvas of the demo workflow', () => {
  test('every step and sub-agent shows; sub-agents and outputs follow the direction, which survives a reload', async ({ page }) => {
    const errors = recordPageErrors(page);
    await open(page, DEMO, 'LR');
    await expect(page).toHaveURL(/\/workflows\/Workflow%2FResearchReport$/);

    await expectExactNodes(page, [...DEMO_MAIN_STEPS, ...DEMO_BRANCH_STEPS, ...DEMO_SUB_AGENTS]);
    await expectNodesVisible(page, [...DEMO_MAIN_STEPS, ...DEMO_BRANCH_STEPS, ...DEMO_SUB_AGENTS]);
    await expectUncovered(page, [...DEMO_MAIN_STEPS, ...DEMO_BRANCH_STEPS, ...DEMO_SUB_AGENTS]);
    await expectDemoGeometry(page, 'LR');
    await screenshot(page, 'canvas-research-report-lr');
    await detailScreenshot(page, 'research-todo', 'canvas-research-report-lr-detail');

    await toggleTo(page, 'TB');
    await expectNodesVisible(page, [...DEMO_MAIN_STEPS, ...DEMO_BRANCH_STEPS, ...DEMO_SUB_AGENTS]);
    await expectUncovered(page, [...DEMO_MAIN_STEPS, ...DEMO_BRANCH_STEPS, ...DEMO_SUB_AGENTS]);
    await expectDemoGeometry(page, 'TB');
    // No handle of a todo_task is left on the LR side.
    await expect(nodeOf(page, 'research-todo').locator('.react-flow__handle-right')).toHaveCount(0);
    await screenshot(page, 'canvas-research-report-tb');
    await detailScreenshot(page, 'research-todo', 'canvas-research-report-tb-detail');

    await page.reload();
    await expect(page).toHaveURL(/\/workflows\/Workflow%2FResearchReport$/);
    await expectLaidOut(page, 'TB');
    await expectNodesVisible(page, [...DEMO_MAIN_STEPS, ...DEMO_BRANCH_STEPS, ...DEMO_SUB_AGENTS]);
    await expectDemoGeometry(page, 'TB');

    await toggleTo(page, 'LR');
    await expectDemoGeometry(page, 'LR');
    await page.reload();
    await expectLaidOut(page, 'LR');
    await expectDemoGeometry(page, 'LR');
    expect(errors).toEqual([]);
  });

  test('back and forward move between two open workflows', async ({ page }) => {
    const errors = recordPageErrors(page);
    await open(page, DEMO);
    await expect(nodeOf(page, 'research-todo')).toBeVisible();

    await page
      .getByTestId('workflow-list')
      .locator(`a[href="${urlOf('Workflow/LegacyOnboarding')}"]`)
      .click();
    await expect(page).toHaveURL(/\/workflows\/Workflow%2FLegacyOnboarding$/);
    await expectLaidOut(page, 'LR');
    await expect(nodeOf(page, 'onboarding-tasks')).toBeVisible();
    await expect(nodeOf(page, 'research-todo')).toHaveCount(0);

    await page.goBack();
    await expect(page).toHaveURL(/\/workflows\/Workflow%2FResearchReport$/);
    await expectLaidOut(page, 'LR');
    await expectExactNodes(page, [...DEMO_MAIN_STEPS, ...DEMO_BRANCH_STEPS, ...DEMO_SUB_AGENTS]);
    await expect(page.getByRole('toolbar', { name: 'Canvas' })).toContainText('ResearchReport');

    await page.goForward();
    await expect(page).toHaveURL(/\/workflows\/Workflow%2FLegacyOnboarding$/);
    await expectLaidOut(page, 'LR');
    await expect(nodeOf(page, 'onboarding-tasks')).toBeVisible();
    await expect(nodeOf(page, 'research-todo')).toHaveCount(0);
    expect(errors).toEqual([]);
  });
});
