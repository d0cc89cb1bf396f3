import type { Page } from '@playwright/test';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { REPO } from './planvas-server';

/** Saves a screenshot under e2e/screenshots/ (gitignored) for a person to look at. */
export async function screenshot(page: Page, name: string): Promise<string> {
  const dir = join(REPO, 'e2e/screenshots');
  await mkdir(dir, { recursive: true });
  const path = join(dir, `${name}.png`);
  await page.screenshot({ path });
  return path;
}
