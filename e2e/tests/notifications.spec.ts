import type { Page } from '@playwright/test';
import { mkdir } from 'node:fs/promises';
import { open } from '../support/canvas-page';
import { expect, test } from '../support/planvas-server';

const WORKFLOW = 'Workflow/ResearchReport';
const BASE_TITLE = 'ResearchReport — planvas';
const SHOTS = '/tmp/pv/shots/notifications';

/**
 * A headless browser draws no tab strip: for the screenshots, the tab's title is shown in a strip
 * over the page's top edge, taken away again after.
 */
async function shotWithTitle(page: Page, name: string): Promise<void> {
  await page.evaluate(() => {
    const strip = document.createElement('div');
    strip.id = 'e2e-tab-strip';
    strip.textContent = `Tab title: ${document.title}`;
    strip.style.cssText =
      'position:fixed;left:0;bottom:0;z-index:9999;padding:4px 10px;font:12px system-ui;background:#222;color:#fff;border-top-right-radius:6px';
    document.body.append(strip);
  });
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
  await page.evaluate(() => document.getElementById('e2e-tab-strip')?.remove());
}

/** Records the text of every toast shown from now on, each once, in the page. */
async function recordToasts(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { __toasts: string[] }).__toasts = seen;
    const take = (node: Node) => {
      if (!(node instanceof HTMLElement)) return;
      const toasts = node.matches('[data-testid="toast"]') ? [node] : Array.from(node.querySelectorAll<HTMLElement>('[data-testid="toast"]'));
      for (const toast of toasts) seen.push(toast.querySelector('.pv-toast__text')?.textContent ?? '');
    };
    new MutationObserver((records) => records.forEach((r) => r.addedNodes.forEach(take))).observe(document.body, { childList: true, subtree: true });
  });
}

const toastsSeen = (page: Page) => page.evaluate(() => (window as unknown as { __toasts: string[] }).__toasts);

test('notifications: run toasts, the title badge, desktop opt-in, offline and back', async ({ page, planvas, context }) => {
  test.setTimeout(180_000);
  await mkdir(SHOTS, { recursive: true });
  await open(page, WORKFLOW);
  await expect(page).toHaveTitle(BASE_TITLE);
  const toasts = page.getByTestId('toast');
  await recordToasts(page);

  // The demo run, without pauses: it stops at the editor's question and waits.
  await page.getByRole('combobox', { name: 'Provider and pace' }).selectOption({ label: 'Scripted · no delay' });
  await page.getByTestId('start-run').click();
  await expect(toasts.filter({ hasText: /^Run #1 started/ })).toBeVisible({ timeout: 60_000 });
  const waiting = toasts.filter({ hasText: 'Run #1 is waiting for your answer' });
  await expect(waiting).toBeVisible({ timeout: 60_000 });
  await expect(waiting).toHaveAttribute('data-tone', 'attention');
  await expect(page).toHaveTitle(`(?) ${BASE_TITLE}`);
  await shotWithTitle(page, 'run-waiting-toasts');
  await page.locator('.pv-toasts').screenshot({ path: `${SHOTS}/toasts-started-waiting.png` });

  // The toast's Answer opens the run panel on the question, its first answer focused.
  await waiting.getByRole('button', { name: 'Answer' }).click();
  const question = page.getByTestId('human-input');
  await expect(question).toBeVisible();
  await expect(question.getByRole('button', { name: 'approve' })).toBeFocused();
  await expect(waiting).toBeHidden();
  // The runs list is read again once the run's stream has ended.
  const listReadAgain = page.waitForResponse((r) => r.url().includes('/api/runs?workflow='), { timeout: 60_000 });
  await question.getByRole('button', { name: 'approve' }).click();

  const completed = toasts.filter({ hasText: /^Run #1 completed/ });
  await expect(completed).toBeVisible({ timeout: 60_000 });
  await expect(completed).toHaveAttribute('data-tone', 'success');
  await expect(page).toHaveTitle(BASE_TITLE);
  await shotWithTitle(page, 'run-completed-toast');
  // One toast per change, none again when the runs list is read after the run's end.
  await listReadAgain;
  await expect(page.locator('[data-testid="run-row"]').first()).toHaveAttribute('data-status', 'completed');
  expect(await toastsSeen(page)).toEqual([
    'Run #1 started',
    expect.stringMatching(/^Run #1 is waiting for your answer: Review report\.md/),
    'Run #1 completed',
  ]);

  // A page opened afresh and the finished run opened from the list: its events are replayed, its
  // statuses drawn, and no toast tells that past as news.
  await page.reload();
  await expect(page.getByTestId('canvas')).toHaveAttribute('data-layout-state', 'ready', { timeout: 45_000 });
  await page.getByTestId('toggle-runs').click();
  await expect(page.getByTestId('run-sidebar')).toHaveAttribute('data-layout', 'expanded');
  await recordToasts(page);
  await page.getByTestId('run-row').first().click();
  await expect(page.locator('.react-flow__node[data-id="editor-review"] .pv-node[data-status]')).toHaveAttribute('data-status', 'completed');
  expect(await toastsSeen(page)).toEqual([]);
  await expect(page).toHaveTitle(BASE_TITLE);

  // Desktop notifications: off until the user asks, the browser's permission asked on that click.
  await context.grantPermissions(['notifications']);
  const bell = page.getByTestId('desktop-notifications');
  await expect(bell).toHaveAttribute('aria-pressed', 'false');
  await bell.click();
  await expect(bell).toHaveAttribute('aria-pressed', 'true');
  expect(await page.evaluate(() => window.localStorage.getItem('planvas:desktop-notifications'))).toBe('on');
  await page.locator('.pv-sidebar .pv-brand').screenshot({ path: `${SHOTS}/bell-on.png` });

  // The server goes away: the banner says so; it comes back on the same port: "Reconnected".
  const status = page.getByTestId('connection-status');
  await expect(status).toHaveAttribute('data-state', 'online');
  await planvas.stop();
  await expect(status).toHaveAttribute('data-state', 'offline', { timeout: 30_000 });
  await expect(status).toContainText('Offline — reconnecting…');
  await shotWithTitle(page, 'offline-banner');
  await planvas.restart();
  await expect(status).toHaveAttribute('data-state', 'online', { timeout: 30_000 });
  await expect(status).toContainText('Reconnected');
  await shotWithTitle(page, 'reconnected-banner');
  // The page works again: the runs list is read anew and still names the run.
  await expect(page.getByTestId('run-row')).toHaveCount(1);
  await expect(status).toBeEmpty({ timeout: 15_000 });
});
