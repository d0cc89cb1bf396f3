import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * Runs every `*.bench.ts` module of `dir` in turn (each exports `run(): Promise<void>` and prints
 * its own table). `args`: names that filter the modules by substring; none runs them all. Used by
 * `pnpm --filter @planvas/server bench` and `pnpm --filter @planvas/e2e bench`.
 */
export async function runBenchModules(dir: string, args: readonly string[]): Promise<void> {
  const filters = args.filter((a) => a !== '--');
  const files = (await readdir(dir)).filter((f) => f.endsWith('.bench.ts') && (filters.length === 0 || filters.some((n) => f.includes(n)))).sort();
  if (files.length === 0) {
    console.error(`no bench/*.bench.ts module matches ${filters.join(', ')}`);
    process.exit(1);
  }
  for (const file of files) {
    const module = (await import(pathToFileURL(join(dir, file)).href)) as { run?: () => Promise<void> };
    if (typeof module.run !== 'function') throw new Error(`${file} does not export run()`);
    console.log(`\n=== ${file.replace(/\.bench\.ts$/, '')} ===`);
    await module.run();
  }
}
