import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * Quick mode (`--quick`, or `PLANVAS_BENCH_QUICK=1`): every bench at small sizes, one repeat, so
 * `pnpm test` proves each one still runs to the end and measures every figure. Its figures are
 * printed side by side as in the full run, under {@link QUICK_LABEL}; they are not comparable
 * with the full run's and no figure is judged by its value (the machine is noisy).
 */
export const QUICK_LABEL = '(quick: small sizes, not comparable)';
export const isQuickBench = (): boolean => process.env['PLANVAS_BENCH_QUICK'] === '1';
/** `full` in the full run, `quick` in quick mode: a bench's sizes and repeats. */
export const benchSize = <T>(full: T, quick: T): T => (isQuickBench() ? quick : full);

/**
 * A figure the bench could not measure (NaN, infinite, negative, or missing) fails the bench: a
 * table of `n/a` is a broken bench, not a slow one. Returns the value.
 */
export function measured(name: string, value: number | null | undefined, options: { positive?: boolean } = {}): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || (options.positive && value === 0)) {
    throw new Error(`figure not measured: ${name} = ${String(value)}`);
  }
  return value;
}

/**
 * Runs every `*.bench.ts` module of `dir` in turn (each exports `run(): Promise<void>` and prints
 * its own table). `args`: names that filter the modules by substring (none runs them all), and
 * `--quick` for quick mode. A module that throws or outlasts its timeout is reported and the
 * next one still runs; the process then exits 1. Used by `pnpm --filter @planvas/server bench`
 * and `pnpm --filter @planvas/e2e bench`.
 */
export async function runBenchModules(dir: string, args: readonly string[]): Promise<void> {
  if (args.includes('--quick')) process.env['PLANVAS_BENCH_QUICK'] = '1';
  const quick = isQuickBench();
  // Per module: a bench that hangs fails instead of holding CI. `PLANVAS_BENCH_TIMEOUT_S` overrides.
  const timeoutMs = Number(process.env['PLANVAS_BENCH_TIMEOUT_S'] ?? (quick ? 300 : 3600)) * 1000;
  const filters = args.filter((a) => a !== '--' && a !== '--quick');
  const files = (await readdir(dir)).filter((f) => f.endsWith('.bench.ts') && (filters.length === 0 || filters.some((n) => f.includes(n)))).sort();
  if (files.length === 0) {
    console.error(`no bench/*.bench.ts module matches ${filters.join(', ')}`);
    process.exit(1);
  }
  const failures: string[] = [];
  const started = performance.now();
  for (const file of files) {
    const name = file.replace(/\.bench\.ts$/, '');
    console.log(`\n=== ${name}${quick ? ` ${QUICK_LABEL}` : ''} ===`);
    const t0 = performance.now();
    let timer: NodeJS.Timeout | undefined;
    try {
      const module = (await import(pathToFileURL(join(dir, file)).href)) as { run?: () => Promise<void> };
      if (typeof module.run !== 'function') throw new Error(`${file} does not export run()`);
      await Promise.race([
        module.run(),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`timed out after ${timeoutMs / 1000} s`)), timeoutMs);
        }),
      ]);
      console.log(`(${name}: ${((performance.now() - t0) / 1000).toFixed(1)} s)`);
    } catch (error) {
      const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
      console.error(`\nBENCH FAILED: ${name}: ${message}`);
      failures.push(`${name}: ${(error instanceof Error ? error.message : String(error)).split('\n')[0]}`);
    } finally {
      clearTimeout(timer);
    }
  }
  const total = `${files.length} bench${files.length === 1 ? '' : 'es'} in ${((performance.now() - started) / 1000).toFixed(1)} s${quick ? ` ${QUICK_LABEL}` : ''}`;
  if (failures.length > 0) {
    console.error(`\n${failures.length} of ${total} failed:\n  ${failures.join('\n  ')}`);
    // A timed-out bench may still hold handles (servers, a browser): do not wait for them.
    process.exit(1);
  }
  console.log(`\n${total}: all ran to the end`);
  // Nothing a bench left behind (a socket, a timer) keeps the process, and so CI, waiting.
  process.exit(0);
}
