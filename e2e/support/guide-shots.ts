import type { Page, TestInfo } from '@playwright/test';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { steadyViewport } from './canvas-page';
import { VIEWPORT } from './chromium';
import { expect, REPO } from './planvas-server';

/**
 * The screenshots of docs/guide.md. They are committed files, so an ordinary test run must not
 * touch them: only `PLANVAS_GUIDE_SHOTS=1` (`pnpm guide:shots`) writes into docs/guide/images/;
 * otherwise they go to the test's own output folder (gitignored test-results/), where a person can
 * still look at them.
 */
export const GUIDE_IMAGES = join(REPO, 'docs/guide/images');

export const writesGuideImages = (): boolean => process.env['PLANVAS_GUIDE_SHOTS'] === '1';

/** Where the shot called `name` (e.g. `03-author-todo-task`) is written in this run. */
export function guideShotPath(testInfo: TestInfo, name: string): string {
  return writesGuideImages() ? join(GUIDE_IMAGES, `${name}.png`) : testInfo.outputPath(`${name}.png`);
}

/**
 * Passing notices (a save, a run that started) are hidden in the pictures: each shows the screen its
 * section talks about. Hidden only while the picture is taken, so nothing the app does is changed.
 */
const HIDE_TOASTS = '[data-testid="toast"] { visibility: hidden !important; }';

/**
 * Takes one picture of the guide: the viewport at the size every spec uses (1440×900, not the full
 * page, so the files stay small), with no toast over it, once the canvas has stopped gliding and the
 * pointer is out of the way (no hover tooltip or highlight).
 */
export async function guideShot(page: Page, testInfo: TestInfo, name: string): Promise<string> {
  expect(page.viewportSize()).toEqual(VIEWPORT);
  await page.mouse.move(4, 4);
  if ((await page.locator('.react-flow__viewport').count()) > 0) await steadyViewport(page);
  const path = guideShotPath(testInfo, name);
  if (writesGuideImages()) await mkdir(GUIDE_IMAGES, { recursive: true });
  await page.screenshot({ path, animations: 'disabled', caret: 'hide', style: HIDE_TOASTS });
  return path;
}
