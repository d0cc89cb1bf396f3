import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runBenchModules } from '../../server/bench/bench-runner';
import { REPO } from '../support/planvas-server';

/**
 * `pnpm --filter @planvas/e2e bench [--quick] [name...]`: runs every bench/*.bench.ts module in
 * turn (each exports `run(): Promise<void>` and prints its own table) against the built web app in
 * Chromium. Build it first: `pnpm build` (the root `pnpm bench` and `pnpm bench:quick` do). Names
 * filter by substring; `--quick` (or PLANVAS_BENCH_QUICK=1) runs each at small sizes, once.
 */
if (!existsSync(join(REPO, 'web/dist/index.html'))) {
  console.error('web/dist/index.html is missing: the e2e benches run against the built web app. Run `pnpm build` first.');
  process.exit(1);
}
await runBenchModules(dirname(fileURLToPath(import.meta.url)), process.argv.slice(2));
