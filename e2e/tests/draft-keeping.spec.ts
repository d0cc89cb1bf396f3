import type { Page } from '@playwright/test';
import { nodeOf, urlOf } from '../support/canvas-page';
import { expect, test } from '../support/planvas-server';

// Three workflow opens (cold ELK for the first) and a reload on a real server: room to breathe.
test.describe.configure({ timeout: 180_000 });

const A = 'Workflow/ResearchReport';
const B = 'Workflow/NoFinalNewline';
const EDITED = 'Draft it, kept across workflows';

/** Waits for the open workflow's canvas to be laid out (the first layout runs in a cold worker). */
async function laidOut(page: Page, workflowId: string): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`${urlOf(workflowId)}$`));
  await expect(page.locator('.react-flow__node').first()).toBeVisible({ timeout: 90_000 });
  await expect(page.getByTestId('canvas')).toHaveAttribute('data-layout-state', /^(ready|fallback)$/, { timeout: 90_000 });
}

const sidebarLink = (page: Page, workflowId: string) => page.getByTestId('workflow-list').locator(`a[data-workflow-id="${workflowId}"]`);
const save = (page: Page) => page.getByTestId('save');

/** The banner offers the edit back; Save does not claim "Saved"; Restore brings the edit back unsaved. */
async function restoreOffered(page: Page, screenshotPath: string): Promise<void> {
  const banner = page.getByTestId('draft-banner');
  await expect(banner).toBeVisible();
  await expect(banner).toContainText('Unsaved changes from');
  await expect(nodeOf(page, 'draft-report')).not.toContainText(EDITED);
  await expect(save(page)).toHaveAttribute('data-status', 'draft');
  await expect(save(page)).not.toHaveAttribute('aria-label', /\(saved\)/);
  await page.screenshot({ path: screenshotPath });
  await banner.getByRole('button', { name: 'Restore' }).click();
  await expect(banner).toHaveCount(0);
  await expect(nodeOf(page, 'draft-report')).toContainText(EDITED);
  await expect(save(page)).toHaveAttribute('data-dirty', 'true');
  await expect(save(page)).toHaveAttribute('aria-label', 'Save (unsaved changes)');
}

test('unsaved edits survive opening another workflow and reloading the page', async ({ page, planvas }, testInfo) => {
  await page.goto(`${planvas.baseURL}${urlOf(A)}`);
  await laidOut(page, A);
  await nodeOf(page, 'draft-report').click();
  await page.getByTestId('inspector').getByLabel('Title', { exact: true }).fill(EDITED);
  await expect(save(page)).toHaveAttribute('data-dirty', 'true');

  // Away in the sidebar at once (before the debounced draft write), and back.
  await sidebarLink(page, B).click();
  await laidOut(page, B);
  await expect(save(page)).toHaveAttribute('data-status', 'saved');
  await sidebarLink(page, A).click();
  await laidOut(page, A);
  await restoreOffered(page, testInfo.outputPath('draft-banner-after-sidebar.png'));

  // Reloading while dirty: the draft is written as the page goes and offered on the next load.
  await page.reload();
  await laidOut(page, A);
  await restoreOffered(page, testInfo.outputPath('draft-banner-after-reload.png'));

  // Discard is the one way to drop it without saving: gone after the next reload too.
  await sidebarLink(page, B).click();
  await laidOut(page, B);
  await sidebarLink(page, A).click();
  await laidOut(page, A);
  await page.getByTestId('draft-banner').getByRole('button', { name: 'Discard' }).click();
  await expect(page.getByTestId('draft-banner')).toHaveCount(0);
  await expect(save(page)).toHaveAttribute('data-status', 'saved');
  await page.reload();
  await laidOut(page, A);
  await expect(page.getByTestId('draft-banner')).toHaveCount(0);
  await expect(nodeOf(page, 'draft-report')).not.toContainText(EDITED);
});
