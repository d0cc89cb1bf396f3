import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runBenchModules } from './bench-runner';

/**
 * `pnpm --filter @planvas/server bench [name...]`: runs every bench/*.bench.ts module in turn
 * (each exports `run(): Promise<void>` and prints its own table). Names filter by substring.
 */
await runBenchModules(dirname(fileURLToPath(import.meta.url)), process.argv.slice(2));
