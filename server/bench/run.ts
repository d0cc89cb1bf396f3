import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runBenchModules } from './bench-runner';

/**
 * `pnpm --filter @planvas/server bench [--quick] [name...]`: runs every bench/*.bench.ts module in
 * turn (each exports `run(): Promise<void>` and prints its own table). Names filter by substring;
 * `--quick` (or PLANVAS_BENCH_QUICK=1) runs each at small sizes, once (see bench-runner.ts).
 */
await runBenchModules(dirname(fileURLToPath(import.meta.url)), process.argv.slice(2));
