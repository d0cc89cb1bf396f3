// The canvas-layout bench's settings (canvas-layout.bench.ts): sizes and repeats, the goals, time limits.
// Chromium and its window are the specs' (support/chromium.ts).
import { benchSize } from '../../../server/bench/bench-runner';

export const SIZES = (process.env['BENCH_SIZES'] ?? benchSize('100,500,1000,2000', '150')).split(',').map(Number);
export const REPEATS = Math.max(1, Number(process.env['BENCH_REPEATS'] ?? benchSize(3, 1)));
export const GOAL_SIZE = 1000;
export const LONG_TASK_LIMIT_MS = 50;
/** How long the app is left up before the sidebar click, so the worker's warm-up (1 s after start) has run. */
export const APP_UP_MS = benchSize(5000, 2500);
export const OPEN_TIMEOUT_MS = 180_000;
