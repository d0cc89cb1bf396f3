// In the page: what the canvas-layout bench installs before the app's scripts, and how it reads an open's phases back.
import type { Page } from '@playwright/test';
import { BASELINE_MARKS } from '../../../web/src/layout/baseline-marks';
import type { LayoutGraph, OpenSample } from './samples';

declare global {
  interface Window {
    __pvBench?: {
      longTasks: Array<{ start: number; duration: number }>;
      frames: Array<{ start: number; duration: number; blocking: number; scripts: string[] }>;
      startAt: number;
      postAt: number | null;
      answerAt: number | null;
      computeMs: number | null;
      /** The request as posted: the layout input as JSON text (parsed after the open, not in its tasks). */
      layoutRequest: { direction: 'LR' | 'TB'; input: string } | null;
      done: { at: number; state: string; source: string; domNodes: number; notice: string } | null;
    };
  }
}

/**
 * Installed before the app's own scripts: records long tasks; notes when the app posts its layout
 * request to the worker and when the answer comes back (keeping the request, to give dagre the
 * same graph); watches for the moment the canvas is ready and every node element it drew is
 * visible and positioned. Until `armed` nothing is watched (the sidebar scenario arms it on the click).
 */
export function instrument({ armed }: { armed: boolean }): void {
  const bench: NonNullable<Window['__pvBench']> = {
    longTasks: [],
    frames: [],
    startAt: 0,
    postAt: null,
    answerAt: null,
    computeMs: null,
    layoutRequest: null,
    done: null,
  };
  window.__pvBench = bench;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) bench.longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  type FrameEntry = PerformanceEntry & { blockingDuration: number; scripts: Array<{ invoker: string; sourceFunctionName: string; duration: number }> };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as FrameEntry[]) {
      const scripts = entry.scripts.map((sc) => `${sc.invoker}${sc.sourceFunctionName ? ` ${sc.sourceFunctionName}` : ''} ${Math.round(sc.duration)} ms`);
      bench.frames.push({ start: entry.startTime, duration: entry.duration, blocking: entry.blockingDuration, scripts });
    }
  }).observe({ type: 'long-animation-frame', buffered: true });

  const post = Worker.prototype.postMessage;
  const listening = new WeakSet<Worker>();
  Worker.prototype.postMessage = function (this: Worker, message: unknown, ...rest: unknown[]) {
    const request = message as { direction?: 'LR' | 'TB'; input?: unknown } | null;
    if (typeof request?.input === 'string' && request.direction && bench.postAt === null && bench.startAt > 0) {
      bench.layoutRequest = { direction: request.direction, input: request.input };
      bench.postAt = performance.now();
      if (!listening.has(this)) {
        listening.add(this);
        this.addEventListener('message', (event: MessageEvent<{ ms?: number }>) => {
          if (bench.answerAt !== null) return;
          // When the answer was dispatched: the app's own handler (set first) has already run in
          // this task, which belongs to rendering, not to the time the worker was laying out.
          bench.answerAt = event.timeStamp;
          bench.computeMs = typeof event.data?.ms === 'number' ? event.data.ms : null;
        });
      }
    }
    return (post as (...args: unknown[]) => void).call(this, message, ...rest);
  } as typeof Worker.prototype.postMessage;

  const check = () => {
    const canvas = document.querySelector<HTMLElement>('[data-testid="canvas"]');
    const state = canvas?.dataset['layoutState'];
    if (state === 'ready' || state === 'fallback') {
      const nodes = Array.from(document.querySelectorAll<HTMLElement>('.react-flow__node[data-id]'));
      const drawn = nodes.length > 0 && nodes.every((node) => node.style.visibility !== 'hidden' && node.style.transform !== '');
      if (drawn) {
        // With the grid fallback, the canvas' notice says why (dagre's error, ELK's time limit).
        const notice = state === 'fallback' ? (document.querySelector('[data-testid="layout-notice"]')?.textContent ?? '') : '';
        bench.done = { at: performance.now(), state, source: canvas?.dataset['layoutSource'] ?? '', domNodes: nodes.length, notice };
        return;
      }
    }
    requestAnimationFrame(check);
  };
  const arm = () => {
    bench.startAt = performance.now();
    requestAnimationFrame(check);
  };
  if (armed) arm();
  else (window as unknown as { __pvBenchArm: () => void }).__pvBenchArm = arm;
}

/** Reads the phases out of the page once it has `opened`. */
export async function collect(page: Page, workflowId: string): Promise<OpenSample> {
  // Let the observer deliver the long tasks of the last frames.
  await page.waitForTimeout(300);
  return page.evaluate(
    ({ workflowId, marks }) => {
      const bench = window.__pvBench!;
      const done = bench.done!;
      const documentEntry = performance
        .getEntriesByType('resource')
        .filter((e) => e.name.includes(`/api/workflows/${encodeURIComponent(workflowId)}`) && e.startTime >= bench.startAt && !e.name.includes('view'))
        .sort((a, b) => a.startTime - b.startTime)[0] as PerformanceResourceTiming | undefined;
      const start = bench.startAt;
      const documentAt = documentEntry?.responseEnd ?? start;
      // The dagre app posts nothing: its layout service marks when it is asked and when dagre is
      // done (web/src/layout/dagre-baseline.ts). With a saved layout nothing is posted either:
      // preparation and layout are empty, rendering starts when the document arrives.
      const mark = (name: string) => performance.getEntriesByName(name, 'mark').find((m) => m.startTime >= bench.startAt)?.startTime ?? null;
      const postAt = bench.postAt ?? mark(marks.asked) ?? documentAt;
      const answerAt = bench.answerAt ?? mark(marks.done) ?? postAt;
      // A task counts in the phase it started in: the one that posts the request belongs to preparation.
      type Span = { start: number; duration: number };
      const longest = (spans: Span[]) => Math.max(0, ...spans.map((t) => t.duration));
      // While the worker lays out: what ran and ended before its answer came. The task that delivers
      // the answer (and so handles it) is rendering's.
      const whileLaying = (t: Span) => t.start >= postAt && t.start + t.duration <= answerAt;
      const phase = (from: number, to: number, within: (t: Span) => boolean = (t) => t.start >= from && t.start < to) => ({
        ms: to - from,
        longestTaskMs: longest(bench.longTasks.filter(within)),
      });
      const during = bench.longTasks.filter((t) => t.start + t.duration > documentAt && t.start < done.at);
      return {
        openMs: done.at - start,
        source: done.source,
        document: phase(start, documentAt),
        prepare: phase(documentAt, postAt),
        layout: phase(postAt, answerAt, whileLaying),
        render: phase(answerAt, done.at, (t) => t.start >= postAt && !whileLaying(t) && t.start < done.at),
        computeMs: bench.computeMs ?? Number.NaN,
        longestTaskMs: Math.max(0, ...during.map((t) => t.duration)),
        longTasks: during.length,
        longTaskTotalMs: during.reduce((sum, t) => sum + t.duration, 0),
        duringLayoutFrame: (() => {
          // The frame holding the longest task that ran while the worker laid out, and what ran in it.
          const task = bench.longTasks.filter(whileLaying).sort((x, y) => y.duration - x.duration)[0];
          if (!task) return 'none over 50 ms';
          const frame = bench.frames.find((f) => f.start <= task.start + 1 && task.start <= f.start + f.duration);
          const at = `${Math.round(task.duration)} ms task, ${Math.round(task.start - postAt)} ms after the post, ${Math.round(answerAt - task.start - task.duration)} ms before the answer`;
          return `${at}: ${frame ? frame.scripts.join(', ') || 'no script (style, layout, paint or GC)' : 'no frame recorded'}`;
        })(),
        domNodes: done.domNodes,
        fallback: done.state === 'fallback',
        fallbackNotice: done.notice,
        graph: bench.layoutRequest
          ? { ...(JSON.parse(bench.layoutRequest.input) as Pick<LayoutGraph, 'nodes' | 'edges'>), direction: bench.layoutRequest.direction }
          : { nodes: [], edges: [], direction: 'LR' as const },
      };
    },
    { workflowId, marks: BASELINE_MARKS },
  );
}
