import { expectBeyond, expectEdgesClearOfNodes, expectExactNodes, expectNodesVisible, expectOutputsOnEdge, expectUncovered } from '../support/canvas-geometry';
import { atFullDetail, expectLaidOut, nodeOf, open, recordPageErrors, toggleTo } from '../support/canvas-page';
import { expect, test } from '../support/planvas-server';
import { screenshot } from '../support/screenshot';

/**
 * Issue 3: the canvas of the other fixture workflows (legacy todo_tasks, an unknown step type, a
 * nested workflow path), in both directions, through the stable hooks (deep link,
 * `data-direction`, the direction toggle, node ids, React Flow's handle classes).
 * Ids and counts come from fixtures/README.md.
 */
const slug = (workflowId: string) => workflowId.replace(/\//g, '-').toLowerCase();

// Each test lays out several times (open, toggle, reload), each up to LAYOUT_TIMEOUT_MS on a busy machine.
test.describe.configure({ timeout: 180_000 });

test.describe('canvas of the other fixtures', () => {
  test('LegacyOnboarding: the nested legacy todo_tasks and their sub-agents', async ({ page }) => {
    const errors = recordPageErrors(page);
    const steps = ['collect-employee-info', 'onboarding-tasks', 'send-welcome'];
    const subAgents = ['onboarding-tasks-sub-agent-accounts', 'onboarding-tasks-sub-agent-equipment', 'provision-accounts-sub-agent-email'];
    await open(page, 'Workflow/LegacyOnboarding');
    await expectExactNodes(page, [...steps, ...subAgents]);
    // Its 4 problems (legacy forms, orphaned config entries) open the problems list by themselves
    // on this first open in the browser (later opens leave it to the toolbar's count); the picture
    // shows it as a user first sees it, then it is closed to look at the canvas.
    const problems = page.getByTestId('problems-list');
    await expect(problems).toBeVisible();
    await expect(problems).toContainText('onboarding-orchestrator');
    await expect(problems).toContainText('background-check');
    await screenshot(page, 'canvas-legacy-onboarding-lr-with-problems');
    await page.getByRole('button', { name: 'Close problems' }).click();
    await expect(problems).toBeHidden();
    // The inner (legacy) ids are not nodes of their own.
    await expect(nodeOf(page, 'onboarding-orchestrator')).toHaveCount(0);
    await expect(nodeOf(page, 'provision-accounts-orchestrator')).toHaveCount(0);
    for (const direction of ['LR', 'TB'] as const) {
      if (direction === 'TB') await toggleTo(page, 'TB');
      await expectNodesVisible(page, [...steps, ...subAgents]);
      await expectUncovered(page, [...steps, ...subAgents]);
      await expectBeyond(page, 'onboarding-tasks', 'onboarding-tasks-sub-agent-accounts', direction);
      await expectBeyond(page, 'onboarding-tasks', 'onboarding-tasks-sub-agent-equipment', direction);
      // The sub-agent that is itself a todo_task delegates further, beyond itself.
      await expectBeyond(page, 'onboarding-tasks-sub-agent-accounts', 'provision-accounts-sub-agent-email', direction);
      await expectOutputsOnEdge(page, 'onboarding-tasks', ['accounts', 'equipment', 'next'], direction);
      await expectOutputsOnEdge(page, 'onboarding-tasks-sub-agent-accounts', ['email'], direction);
      await expectEdgesClearOfNodes(page);
      await screenshot(page, `canvas-legacy-onboarding-${direction.toLowerCase()}`);
    }
    expect(errors).toEqual([]);
  });

  test('UnknownStepType: the unknown step shows as an opaque node and the canvas does not crash', async ({ page }) => {
    const errors = recordPageErrors(page);
    const steps = ['fetch-listings', 'scrape-portal', 'summarize-listings', 'publish-digest'];
    const subAgents = ['summarize-listings-sub-agent-neighbourhood-summary', 'summarize-listings-sub-agent-generic'];
    await open(page, 'Workflow/UnknownStepType');
    await expectExactNodes(page, [...steps, ...subAgents]);
    const opaque = nodeOf(page, 'scrape-portal');
    await expect(opaque.locator('[data-kind="opaque"]')).toBeVisible();
    await atFullDetail(page, async () => {
      await expect(opaque).toContainText('web_scrape');
      // Its raw JSON, custom fields included.
      await expect(opaque.getByTestId('opaque-json')).toContainText('rate_limit_per_minute');
      await expect(opaque.getByTestId('opaque-json')).toContainText('selectors');
    });
    for (const direction of ['LR', 'TB'] as const) {
      if (direction === 'TB') await toggleTo(page, 'TB');
      await expectNodesVisible(page, [...steps, ...subAgents]);
      await expectUncovered(page, [...steps, ...subAgents]);
      for (const child of subAgents) await expectBeyond(page, 'summarize-listings', child, direction);
      await expectOutputsOnEdge(page, 'summarize-listings', ['neighbourhood-summary', 'generic', 'next'], direction);
      await expectEdgesClearOfNodes(page);
      await screenshot(page, `canvas-unknown-step-type-${direction.toLowerCase()}`);
    }
    expect(errors).toEqual([]);
  });

  test('Team/Ops/FourSpaceIndent: a nested workflow path opens by deep link and survives a reload', async ({ page }) => {
    const errors = recordPageErrors(page);
    const workflow = 'Team/Ops/FourSpaceIndent';
    const steps = ['check-alerts', 'triage-incidents', 'route-severity'];
    const subAgent = 'triage-incidents-sub-agent-restart-service';
    await open(page, workflow);
    await expect(page).toHaveURL(/\/workflows\/Team%2FOps%2FFourSpaceIndent$/);
    await expectExactNodes(page, [...steps, subAgent]);
    for (const direction of ['LR', 'TB'] as const) {
      if (direction === 'TB') await toggleTo(page, 'TB');
      await expectNodesVisible(page, [...steps, subAgent]);
      await expectUncovered(page, [...steps, subAgent]);
      await expectBeyond(page, 'triage-incidents', subAgent, direction);
      await expectOutputsOnEdge(page, 'triage-incidents', ['restart-service', 'next'], direction);
      await expectOutputsOnEdge(page, 'route-severity', ['all-clear', 'recheck'], direction);
      await expectEdgesClearOfNodes(page);
      await screenshot(page, `canvas-${slug(workflow)}-${direction.toLowerCase()}`);
    }
    await page.reload();
    await expect(page).toHaveURL(/\/workflows\/Team%2FOps%2FFourSpaceIndent$/);
    await expectLaidOut(page, 'TB');
    await expectExactNodes(page, [...steps, subAgent]);
    await expectBeyond(page, 'triage-incidents', subAgent, 'TB');
    expect(errors).toEqual([]);
  });
});
