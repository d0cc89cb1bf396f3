// The canvas-layout bench's own checks: an open it could not measure fails the bench, a slow one never does.
import { isQuickBench, measured } from '../../../server/bench/bench-runner';
import type { OpenSample } from './samples';

/** Why an open fell back to the grid because it was slow (the canvas' time limit): a figure, not a failure. */
const SLOW_FALLBACK = /took longer than/;

/**
 * Fails the bench on an open it could not measure: a phase or the open time that is not a number,
 * nothing drawn, an ELK open without ELK's time, a grid fallback for any reason but the time limit
 * (the layout failed, the worker did not start). Slow figures never fail. The dagre baselines may
 * fail at large sizes (dagre recurses once per node of a long chain): that is a figure of the full
 * run, printed as such; in quick mode, at 150 steps, it is a broken baseline.
 */
export function check(size: number, repeat: number, label: string, sample: OpenSample, expect: { elk?: boolean; dagre?: boolean } = {}): void {
  const at = `${size} steps, run ${repeat + 1}, ${label}`;
  measured(`${at}: open ms`, sample.openMs, { positive: true });
  for (const phase of ['document', 'prepare', 'layout', 'render'] as const) {
    measured(`${at}: ${phase} ms`, sample[phase].ms);
    measured(`${at}: ${phase} longest task`, sample[phase].longestTaskMs);
  }
  measured(`${at}: longest task`, sample.longestTaskMs);
  measured(`${at}: nodes drawn`, sample.domNodes, { positive: true });
  if (sample.fallback) {
    const dagreFailed = expect.dagre && /dagre failed/.test(sample.fallbackNotice);
    if (!SLOW_FALLBACK.test(sample.fallbackNotice) && !(dagreFailed && !isQuickBench()))
      throw new Error(`${at}: fell back to the grid: ${sample.fallbackNotice || '(no notice)'}`);
    return;
  }
  if (expect.elk) {
    if (sample.source !== 'elk') throw new Error(`${at}: laid out by ${sample.source || 'nothing'}, not by ELK in the worker`);
    measured(`${at}: ELK compute ms`, sample.computeMs, { positive: true });
  }
}
