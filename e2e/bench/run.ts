import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runBenchModules } from '../../server/bench/bench-runner';

/**
 * `pnpm --filter @planvas/e2e bench [name...]`: runs every bench/*.bench.ts module in turn (each
 * exports `run(): Promise<void>` and prints its own table) against the built web app in Chromium.
 * Build it first: `pnpm --filter @planvas/web build`. Names filter by substring.
 */
await runBenchModules(dirname(fileURLToPath(import.meta.url)), process.argv.slice(2));
