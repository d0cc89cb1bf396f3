import type { Locator, Page } from '@playwright/test';
import { nodeOf, open, recordPageErrors, steadyViewport } from '../support/canvas-page';
import { expect, test } from '../support/planvas-server';
import { screenshot } from '../support/screenshot';

/**
 * The canvas during a run of the demo workflow (which opens far out): compact blocks at the
 * opening zoom, "Follow run" bringing the step the run is at into view until the user pans, the
 * path the run took lit, a step run several times counted.
 */
const DEMO = 'Workflow/ResearchReport';
const AT_WORK = /^(running|executing|evaluating|orchestrating|waiting)$/;

async function zoomOf(page: Page): Promise<number> {
  return page.locator('.react-flow__viewport').evaluate((el) => new DOMMatrixReadOnly(getComputedStyle(el).transform).a);
}

async function transformOf(page: Page): Promise<string> {
  return page.locator('.react-flow__viewport').evaluate((el) => getComputedStyle(el).transform);
}

/** Ids of the nodes the run is at (working or waiting for an answer), with whether each lies wholly inside the canvas. */
async function stepsAtWork(page: Page): Promise<Array<{ id: string; inView: boolean }>> {
  return page.getByTestId('canvas').evaluate((canvas, pattern) => {
    const view = canvas.getBoundingClientRect();
    return Array.from(canvas.querySelectorAll<HTMLElement>('.react-flow__node[data-id]'))
      .filter((node) => new RegExp(pattern).test(node.querySelector<HTMLElement>('[data-status]')?.dataset['status'] ?? ''))
      .map((node) => {
        const box = node.getBoundingClientRect();
        return { id: node.dataset['id']!, inView: box.left >= view.left && box.top >= view.top && box.right <= view.right && box.bottom <= view.bottom };
      });
  }, AT_WORK.source);
}

/** A point of the canvas where the pane itself is (no node, edge, panel) to drag it from. */
async function emptyPoint(page: Page): Promise<{ x: number; y: number }> {
  const point = await page.getByTestId('canvas').evaluate((canvas) => {
    const view = canvas.getBoundingClientRect();
    for (let fy = 0.1; fy < 0.95; fy += 0.05) {
      for (let fx = 0.3; fx < 0.95; fx += 0.05) {
        const x = view.left + view.width * fx;
        const y = view.top + view.height * fy;
        if (document.elementFromPoint(x, y)?.classList.contains('react-flow__pane')) return { x, y };
      }
    }
    return null;
  });
  expect(point, 'an empty spot of the canvas to drag').not.toBeNull();
  return point!;
}

/** The title of a compact block as tall as it is on screen, in px. */
async function titlePixels(title: Locator, zoom: number): Promise<number> {
  return (await title.evaluate((el) => parseFloat(getComputedStyle(el).fontSize))) * zoom;
}

test('a run on the canvas: compact far out, followed until the user pans, its path lit', async ({ page }) => {
  test.setTimeout(300_000);
  const errors = recordPageErrors(page);
  await open(page, DEMO);
  const canvas = page.getByTestId('canvas');

  // Far out, every step is a compact block, its title and status icon sized to read on screen.
  const opening = await zoomOf(page);
  expect(opening).toBeLessThan(0.45);
  await expect(page.locator('.pv-node[data-compact="false"]')).toHaveCount(0);
  await expect(nodeOf(page, 'gather-sources').locator('.pv-node')).toHaveAttribute('data-compact', 'true');
  const gatherTitle = nodeOf(page, 'gather-sources').getByTestId('compact-title');
  await expect(gatherTitle).toHaveText('Gather Sources');
  expect(await titlePixels(gatherTitle, opening)).toBeGreaterThanOrEqual(8);
  const icon = await nodeOf(page, 'gather-sources').getByTestId('compact-status').boundingBox();
  expect(icon!.width).toBeGreaterThanOrEqual(15);
  await expect(page.getByTestId('zoom-level')).toHaveText(`${Math.round(opening * 100)}%`);
  await screenshot(page, 'run-canvas-1-opening-compact');

  // A scripted run: "Follow run" is on and brings the step the run is at into view, readable.
  await page.getByRole('combobox', { name: 'Provider and pace' }).selectOption({ label: 'Scripted · slow (1.5 s)' });
  await page.getByTestId('start-run').click();
  const follow = page.getByTestId('follow-run');
  await expect(follow).toHaveAttribute('aria-pressed', 'true');
  await expect(canvas).toHaveAttribute('data-follow', 'on');
  await expect.poll(async () => (await stepsAtWork(page)).some((s) => s.inView), { timeout: 30_000 }).toBe(true);
  // Where the glide ends (it may still be under way, or start again for the next step).
  await expect.poll(() => zoomOf(page)).toBeGreaterThanOrEqual(0.6);
  await expect(page.locator('.pv-node[data-compact="true"]')).toHaveCount(0);
  expect((await stepsAtWork(page)).filter((s) => s.inView).length).toBeGreaterThan(0);

  // A step completed: the edges the run took are lit.
  await expect(nodeOf(page, 'gather-sources').locator('[data-status]').first()).toHaveAttribute('data-status', 'completed', { timeout: 30_000 });
  await expect(page.locator('.react-flow__edge.is-taken[data-id="gather-sources:next->research-todo"]')).toHaveCount(1);
  await expect(page.locator('.react-flow__edge.is-untaken').first()).toBeAttached();
  await expect(page.locator('.react-flow__edge.is-taken[data-id^="research-todo:literature->"]')).toHaveCount(1, { timeout: 60_000 });
  await screenshot(page, 'run-canvas-2-following');

  // A pan by hand turns following off, and the view then stays where the user took it.
  const from = await emptyPoint(page);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x - 160, from.y + 60, { steps: 8 });
  await page.mouse.up();
  await expect(follow).toHaveAttribute('aria-pressed', 'false');
  await expect(canvas).toHaveAttribute('data-follow', 'off');
  await steadyViewport(page);
  const panned = await transformOf(page);
  const atWork = (await stepsAtWork(page)).map((s) => s.id).join();
  await expect.poll(async () => (await stepsAtWork(page)).map((s) => s.id).join(), { timeout: 90_000 }).not.toBe(atWork);
  expect(await transformOf(page), 'the run moved on; the view did not').toBe(panned);

  // The research todo_task used its literature route for two todos: ×2.
  await expect(nodeOf(page, 'research-todo-sub-agent-literature').getByTestId('run-count')).toHaveText(/×[2-9]/, { timeout: 60_000 });

  // Back at the opening zoom during the run (run panel folded, fit view): compact blocks in their run colours.
  await page.getByTestId('toggle-runs').click();
  await page.getByTestId('fit-view').click();
  await steadyViewport(page);
  expect(Math.abs((await zoomOf(page)) - opening)).toBeLessThan(0.02);
  await expect(nodeOf(page, 'gather-sources').locator('.pv-node')).toHaveAttribute('data-compact', 'true');
  await expect(nodeOf(page, 'gather-sources').locator('.pv-node')).toHaveAttribute('data-status', 'completed');
  await screenshot(page, 'run-canvas-3-during-run-opening-zoom');

  // Following again: the view goes to the step the run is at, and to the question it then waits on.
  await follow.click();
  await expect(follow).toHaveAttribute('aria-pressed', 'true');
  const question = nodeOf(page, 'editor-review');
  await expect(question.locator('[data-status]').first()).toHaveAttribute('data-status', /waiting|running/, { timeout: 90_000 });
  await expect.poll(async () => (await stepsAtWork(page)).find((s) => s.id === 'editor-review')?.inView ?? false, { timeout: 30_000 }).toBe(true);
  await steadyViewport(page);
  await screenshot(page, 'run-canvas-4-following-the-question');

  // Answered, the run ends; far out again, its whole path is lit up to End.
  await question.getByRole('button', { name: 'approve' }).click();
  await expect(page.locator('.react-flow__edge.is-taken[data-id$="->__end__"]')).toHaveCount(1, { timeout: 90_000 });
  // Nothing more to follow: the toggle goes.
  await expect(follow).toBeHidden();
  await page.getByTestId('fit-view').click();
  await steadyViewport(page);
  expect(Math.abs((await zoomOf(page)) - opening)).toBeLessThan(0.02);
  await expect(nodeOf(page, 'publish-report').locator('.pv-node')).toHaveAttribute('data-status', 'completed');
  await screenshot(page, 'run-canvas-5-after-run-opening-zoom');
  await page.emulateMedia({ colorScheme: 'dark' });
  await screenshot(page, 'run-canvas-6-after-run-opening-zoom-dark');
  expect(errors).toEqual([]);
});
