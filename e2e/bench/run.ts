import { readdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * `pnpm --filter @planvas/e2e bench [name...]`: runs every bench/*.bench.ts module in turn (each
 * exports `run(): Promise<void>` and prints its own table) against the built web app in Chromium.
 * Build it first: `pnpm --filter @planvas/web build`. Names filter by substring.
 */
const here = dirname(fileURLToPath(import.meta.url));
const filters = process.argv.slice(2).filter((a) => a !== '--');
const files = (await readdir(here)).filter((f) => f.endsWith('.bench.ts') && (filters.length === 0 || filters.some((n) => f.includes(n)))).sort();
if (files.length === 0) {
  console.error(`no bench/*.bench.ts module matches ${filters.join(', ')}`);
  process.exit(1);
}
for (const file of files) {
  const module = (await import(pathToFileURL(join(here, file)).href)) as { run?: () => Promise<void> };
  if (typeof module.run !== 'function') throw new Error(`${file} does not export run()`);
  console.log(`\n=== ${file.replace(/\.bench\.ts$/, '')} ===`);
  await module.run();
}
