import type { Page } from '@playwright/test';
import { expect } from './planvas-server';

/**
 * Opening a workflow on the canvas and waiting for its layout, in either direction, through the
 * stable hooks (deep link, `data-direction`, `data-layout-state`, the direction toggle, node ids).
 */
export type Direction = 'LR' | 'TB';

/** How long one layout may take on a busy machine (see expectLaidOut()). */
export const LAYOUT_TIMEOUT_MS = 45_000;

export const urlOf = (workflowId: string) => `/workflows/${encodeURIComponent(workflowId)}`;
export const nodeOf = (page: Page, id: string) => page.locator(`.react-flow__node[data-id="${id}"]`);
const canvasOf = (page: Page) => page.getByTestId('canvas');

/** Uncaught page errors: a canvas that "does not crash" has none. */
export function recordPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** Waits until the canvas shows a finished layout for `direction` (not the previous one still on screen). */
export async function expectLaidOut(page: Page, direction: Direction): Promise<void> {
  const canvas = canvasOf(page);
  await expect(page.getByTestId('layout-direction')).toHaveAttribute('data-direction', direction);
  // The wrapper names the direction of what is drawn: it changes only once that layout is on
  // screen (ELK's first layouts in a fresh worker take seconds on a busy two-core machine).
  await expect(canvas).toHaveAttribute('data-direction', direction, { timeout: LAYOUT_TIMEOUT_MS });
  await expect(canvas).toHaveAttribute('data-layout-state', /^(ready|fallback)$/, { timeout: LAYOUT_TIMEOUT_MS });
  const state = await canvas.getAttribute('data-layout-state');
  const notice = state === 'fallback' ? await page.getByTestId('layout-notice').textContent() : null;
  expect(state, `the ELK layout, not the grid fallback (${notice ?? ''})`).toBe('ready');
}

export async function open(page: Page, workflowId: string, direction: Direction = 'LR'): Promise<void> {
  await page.goto(urlOf(workflowId));
  await expectLaidOut(page, direction);
}

export async function toggleTo(page: Page, direction: Direction): Promise<void> {
  await page.getByTestId('layout-direction').click();
  await expectLaidOut(page, direction);
}

/** Waits until the viewport has stopped moving (a fit view or zoom glides for a moment). */
export async function steadyViewport(page: Page): Promise<void> {
  let last = '';
  await expect
    .poll(
      async () => {
        const now = await page.locator('.react-flow__viewport').evaluate((el) => getComputedStyle(el).transform);
        const steady = now === last;
        last = now;
        return steady;
      },
      { intervals: [150] },
    )
    .toBe(true);
}

/**
 * Below 45 % the canvas draws nodes as compact blocks (status and title only), and a plan often
 * opens further out than that: runs `check` on the nodes' details at 100 % ("Zoom to 100 %" of the
 * view controls), then fits the view again as it was.
 */
export async function atFullDetail(page: Page, check: () => Promise<void>): Promise<void> {
  await page.getByTestId('zoom-level').click();
  await expect(page.locator('.pv-node[data-compact="true"]')).toHaveCount(0);
  await check();
  await page.getByTestId('fit-view').click();
  await steadyViewport(page);
}
