import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { axeFindings, blocking, formatFindings, THEMES, type Theme } from '../support/axe';
import { expectLaidOut, nodeOf, urlOf } from '../support/canvas-page';
import { expect, REPO, test } from '../support/planvas-server';
import { screenshot } from '../support/screenshot';

/**
 * The main screens pass axe's WCAG 2 A/AA rules with no serious or critical violation, in the
 * light and the dark theme; each page has one h1; a node focused from the keyboard shows a ring.
 */

// A real server, a real run and a dozen axe passes per test on a machine that may be busy.
test.describe.configure({ timeout: 300_000 });

const WORKFLOW = 'Workflow/ResearchReport';
const STEP = 'research-todo';

/** Checks the page as it is now: every finding goes to the log, serious and critical ones fail the test (softly, so one run lists every screen). */
async function checkScreen(page: Page, theme: Theme, screen: string): Promise<void> {
  const findings = await axeFindings(page);
  const report = formatFindings(`${theme} · ${screen}`, findings);
  console.log(report);
  expect.soft(blocking(findings), report).toEqual([]);
  await expect.soft(page.locator('h1'), `${theme} · ${screen}: one h1`).toHaveCount(1);
}

async function openWorkflow(page: Page): Promise<void> {
  await page.goto(urlOf(WORKFLOW));
  await expectLaidOut(page, 'LR');
}

for (const theme of THEMES) {
  test(`axe finds no serious or critical violation on the main screens, ${theme} theme`, async ({ page, planvas }) => {
    await page.emulateMedia({ colorScheme: theme });

    await page.goto('/');
    await expect(page.getByTestId('workflow-list').getByRole('link').first()).toBeVisible();
    await checkScreen(page, theme, 'no workflow open');

    await openWorkflow(page);
    await checkScreen(page, theme, 'canvas');
    await expect.soft(page.locator('h1')).toContainText('Research');
    await screenshot(page, `accessibility-${theme}-canvas`);

    await nodeOf(page, STEP).click();
    const inspector = page.getByTestId('inspector');
    await expect(inspector).toHaveAttribute('data-node-id', STEP);
    await checkScreen(page, theme, 'inspector');
    await screenshot(page, `accessibility-${theme}-inspector`);
    await page.getByRole('button', { name: 'Close inspector' }).click();

    // A scripted run with no delay goes until the editor's question, then waits for an answer.
    await page.getByRole('combobox', { name: 'Provider and pace' }).selectOption({ label: 'Scripted · no delay' });
    await page.getByTestId('start-run').click();
    await expect(page.getByTestId('human-input')).toBeVisible({ timeout: 90_000 });
    await expect(page.getByTestId('run-sidebar')).toHaveAttribute('data-layout', 'expanded');
    await checkScreen(page, theme, 'run panel, waiting for an answer');
    await screenshot(page, `accessibility-${theme}-run`);

    await page.getByRole('toolbar').getByTestId('open-execution-logs').click();
    const logs = page.getByRole('dialog', { name: /Execution logs/ });
    await expect(logs.locator('[data-testid="iteration-group"]').first()).toBeVisible({ timeout: 30_000 });
    await checkScreen(page, theme, 'execution logs');
    await screenshot(page, `accessibility-${theme}-logs`);
    await page.keyboard.press('Escape');
    await expect(logs).toHaveCount(0);

    await page.getByTestId('open-settings').click();
    await expect(page.getByRole('dialog', { name: 'Workspace settings' })).toBeVisible();
    await checkScreen(page, theme, 'settings dialog');
    await page.keyboard.press('Escape');

    await page.getByTestId('open-shortcuts').click();
    await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
    await checkScreen(page, theme, 'shortcuts dialog');
    await page.keyboard.press('Escape');

    // The conflict dialog: an unsaved edit here, another edit on disk.
    await nodeOf(page, 'draft-report').click();
    await page.getByTestId('inspector').getByLabel('Title', { exact: true }).fill('Draft it, mine');
    await expect(page.getByTestId('save')).toHaveAttribute('data-dirty', 'true');
    const planPath = join(planvas.workspace, WORKFLOW, 'planning', 'plan.json');
    await writeFile(planPath, (await readFile(planPath, 'utf8')).replace('"title": "Gather Sources"', '"title": "Gathered in vim"'));
    await expect(page.getByRole('dialog', { name: 'Conflict' })).toBeVisible();
    await checkScreen(page, theme, 'conflict dialog');
    await screenshot(page, `accessibility-${theme}-conflict`);
  });
}

/** The outline and shadow a node's wrapper draws now: what tells a keyboard user where focus is. */
async function ringOf(node: Locator): Promise<{ outline: string; width: number; shadow: string; focusVisible: boolean }> {
  return node.evaluate((el) => {
    const style = getComputedStyle(el);
    return {
      outline: `${style.outlineStyle} ${style.outlineColor}`,
      width: parseFloat(style.outlineWidth),
      shadow: style.boxShadow,
      focusVisible: el.matches(':focus-visible'),
    };
  });
}

/** Saves the page around an element, margin included (a focus ring is drawn outside the element's box). */
async function shootAround(page: Page, target: Locator, name: string): Promise<void> {
  const box = await target.boundingBox();
  if (!box) throw new Error(`${name}: nothing to photograph`);
  const margin = 24;
  await page.screenshot({
    path: join(REPO, 'e2e/screenshots', `${name}.png`),
    clip: { x: Math.max(0, box.x - margin), y: Math.max(0, box.y - margin), width: box.width + 2 * margin, height: box.height + 2 * margin },
  });
}

test('a node reached with Tab shows a focus ring, in both themes; the toolbar has the one h1', async ({ page }) => {
  await openWorkflow(page);
  await expect(page.locator('h1')).toHaveCount(1);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Research/);

  // Tab through the page as a keyboard user does, until a node has the focus.
  const focused = page.locator('.react-flow__node:focus');
  for (let i = 0; i < 120 && (await focused.count()) === 0; i++) await page.keyboard.press('Tab');
  await expect(focused).toHaveCount(1);
  const id = await focused.getAttribute('data-id');
  // Zoom in on it (the wheel, over it) so the screenshots show the ring at a readable size; focus stays.
  const box = (await focused.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  for (let i = 0; i < 10; i++) await page.mouse.wheel(0, -120);
  await page.mouse.move(0, 0);
  await expect.poll(async () => (await focused.boundingBox())?.width ?? 0).toBeGreaterThan(box.width * 2);
  await expect(focused).toHaveCount(1);
  const other = page.locator(`.react-flow__node:not([data-id="${id}"])`).first();

  for (const theme of THEMES) {
    await page.emulateMedia({ colorScheme: theme });
    const ring = await ringOf(focused);
    const unfocused = await ringOf(other);
    const focusColour = await page.evaluate(() => {
      // The theme's focus colour, resolved the way the browser resolves the outline's.
      const probe = document.createElement('div');
      probe.style.color = 'var(--pv-focus)';
      document.body.append(probe);
      const colour = getComputedStyle(probe).color;
      probe.remove();
      return colour;
    });
    expect(ring.focusVisible, `${theme}: the node matches :focus-visible`).toBe(true);
    expect(ring.outline, `${theme}: a solid ring in the focus colour`).toBe(`solid ${focusColour}`);
    expect(ring.width).toBeGreaterThanOrEqual(2);
    expect(`${unfocused.outline} ${unfocused.width} ${unfocused.shadow}`, `${theme}: an unfocused node looks different`).not.toBe(
      `${ring.outline} ${ring.width} ${ring.shadow}`,
    );
    await shootAround(page, focused, `accessibility-${theme}-focused-node`);
  }

  // The toolbar with the Run button, in the dark theme (its text was 2.7:1 on the accent).
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.getByRole('toolbar').screenshot({ path: join(REPO, 'e2e/screenshots', 'accessibility-dark-toolbar.png') });
});
