import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { generateBigPlan } from '../bench/big-plan';
import { expect, startPlanvas, test, type PlanvasServer } from '../support/planvas-server';
import { screenshot } from '../support/screenshot';

/**
 * Issue 3, big plans: past 120 nodes React Flow is given only the window around the view and
 * draws only what is in view, while fitting and the minimap still cover the whole plan. A
 * generated 300-step plan (a quarter todo_tasks with 3 routes: 525 nodes) on the real server.
 */
const STEPS = 300;
const WORKFLOW = 'Big/Steps300';
const LAYOUT_TIMEOUT_MS = 60_000;

let server: PlanvasServer;
let source: string;

test.beforeAll(async () => {
  source = await mkdtemp(join(tmpdir(), 'planvas-e2e-big-'));
  await mkdir(join(source, WORKFLOW, 'planning'), { recursive: true });
  await writeFile(join(source, WORKFLOW, 'planning', 'plan.json'), `${JSON.stringify(generateBigPlan(STEPS), null, 2)}\n`);
  server = await startPlanvas({ workspaceSource: source });
});

test.afterAll(async () => {
  await server?.cleanup();
  await rm(source, { recursive: true, force: true });
});

const drawnIds = (page: Page) => page.locator('.react-flow__node[data-id]').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-id') ?? ''));
const zoomOf = (page: Page) =>
  page.locator('.react-flow__viewport').evaluate((el) => Number(/scale\(([\d.]+)\)/.exec(el.getAttribute('style') ?? '')?.[1] ?? Number.NaN));

test('a 300-step plan: only what is in view is drawn, panning brings the rest, fit view and the minimap cover the whole plan', async ({ page }) => {
  test.setTimeout(150_000);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${server.baseURL}/workflows/${encodeURIComponent(WORKFLOW)}`);
  const canvas = page.getByTestId('canvas');
  await expect(canvas).toHaveAttribute('data-layout-state', 'ready', { timeout: LAYOUT_TIMEOUT_MS });
  await expect(canvas).toHaveAttribute('data-layout-source', 'elk');

  // Too long to fit legibly: it opens on its start, and draws the few nodes there.
  await expect(page.locator('.react-flow__node[data-id="__start__"]')).toBeVisible();
  const opening = await drawnIds(page);
  expect(opening.length).toBeGreaterThanOrEqual(3);
  expect(opening.length).toBeLessThan(60);

  // One path per step kind in the minimap, not an element per node.
  const kinds = page.locator('[data-testid="rf__minimap"] path.pv-minimap__nodes');
  expect(await kinds.count()).toBeGreaterThanOrEqual(3);
  expect(await kinds.count()).toBeLessThanOrEqual(10);
  await expect(page.locator('[data-testid="rf__minimap"] .react-flow__minimap-node')).toHaveCount(0);

  // Drag the empty pane above the flow leftwards: steps further on come into view and are drawn.
  for (let i = 0; i < 6; i++) {
    await page.mouse.move(1250, 110);
    await page.mouse.down();
    await page.mouse.move(250, 110, { steps: 10 });
    await page.mouse.up();
  }
  await expect(page.locator('.react-flow__node[data-id="__start__"]')).toHaveCount(0);
  const panned = await drawnIds(page);
  expect(panned.some((id) => !opening.includes(id) && /^step-\d+$/.test(id) && Number(id.slice(5)) >= 20)).toBe(true);
  await screenshot(page, 'canvas-big-plan-panned');

  // Fit view frames the whole plan (not React Flow's window of it): 93,000 px long, so React Flow's
  // smallest zoom, centred on the middle of the plan.
  await page.getByTestId('fit-view').click();
  await expect.poll(() => zoomOf(page)).toBeCloseTo(0.05, 3);
  await expect(page.locator(`.react-flow__node[data-id="step-${STEPS / 2}"]`)).toBeVisible();
  await screenshot(page, 'canvas-big-plan-fitted');

  // The layout was saved: a reload opens from it without running ELK.
  await page.reload();
  await expect(canvas).toHaveAttribute('data-layout-state', 'ready', { timeout: LAYOUT_TIMEOUT_MS });
  await expect(canvas).toHaveAttribute('data-layout-source', 'saved');
  expect(errors).toEqual([]);
});
