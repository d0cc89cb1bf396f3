// Each measured way of opening a plan in a fresh page (canvas-layout.bench.ts), and the same graph laid out by dagre alone.
import type { Browser, Page } from '@playwright/test';
import type { PlanvasServer } from '../../support/planvas-server';
import { cpuMsOf, settle } from './cpu-time';
import { collect, instrument } from './page-instrumentation';
import { pathOf } from './plans';
import type { DagreSample, LayoutGraph, OpenSample } from './samples';
import { VIEWPORT } from '../../support/chromium';
import { APP_UP_MS, OPEN_TIMEOUT_MS } from './settings';

async function newPage(browser: Browser): Promise<Page> {
  const page = await browser.newPage({ viewport: VIEWPORT });
  await settle();
  // tsx compiles the bench with esbuild's keepNames, which wraps named functions in `__name(...)`;
  // the functions handed to the page need that helper there too.
  await page.addInitScript('globalThis.__name = globalThis.__name || ((f) => f);');
  return page;
}

/** Until the canvas is done (see instrument()); `pollMs` bounds how late that is seen. */
async function opened(page: Page, pollMs: number): Promise<void> {
  await page.waitForFunction(() => window.__pvBench?.done != null, undefined, { timeout: OPEN_TIMEOUT_MS, polling: pollMs });
}

/** A fresh page opened right on the plan by deep link: app start-up, the worker cold, everything. */
export async function openByDeepLink(browser: Browser, server: PlanvasServer, workflowId: string): Promise<OpenSample> {
  const page = await newPage(browser);
  try {
    await page.addInitScript(instrument, { armed: true });
    // The server's command line names its own copy of the workspace.
    const cpuNow = () => cpuMsOf(['chromium', server.workspace]);
    const before = await cpuNow();
    const startedAt = performance.now();
    await page.goto(`${server.baseURL}${pathOf(workflowId)}`);
    await opened(page, 50);
    const wallMs = performance.now() - startedAt;
    const after = await cpuNow();
    const sample = await collect(page, workflowId);
    if (!before || !after) return sample;
    const [chromiumMs = 0, serverMs = 0] = after.map((total, i) => total - before[i]!);
    return { ...sample, cpu: { chromiumMs, serverMs, wallMs } };
  } finally {
    await page.close();
  }
}

/** The app already up (its worker warmed up at start), the plan opened from the sidebar. */
export async function openFromSidebar(browser: Browser, baseURL: string, workflowId: string): Promise<OpenSample> {
  const page = await newPage(browser);
  try {
    await page.addInitScript(instrument, { armed: false });
    await page.goto(`${baseURL}/`);
    const link = page.getByTestId('workflow-list').locator(`a[href="${pathOf(workflowId)}"]`);
    await link.waitFor();
    await page.waitForTimeout(APP_UP_MS);
    // Arm in the click's own task, so the start is the click, not Playwright's round trip.
    await link.evaluate((a) => {
      a.addEventListener('click', () => (window as unknown as { __pvBenchArm: () => void }).__pvBenchArm(), { capture: true, once: true });
    });
    await link.click();
    await opened(page, 250);
    return await collect(page, workflowId);
  } finally {
    await page.close();
  }
}

/** The same graph through dagre on the main thread of a fresh page: one synchronous call, as a dagre canvas makes. */
export async function layOutWithDagre(browser: Browser, dagreScript: string, graph: LayoutGraph): Promise<DagreSample> {
  const page = await newPage(browser);
  try {
    await page.goto('about:blank');
    await page.addScriptTag({ path: dagreScript });
    return await page.evaluate(async (g) => {
      type DagreGraph = {
        setGraph(label: object): void;
        setDefaultEdgeLabel(f: () => object): void;
        setNode(id: string, label: object): void;
        setEdge(source: string, target: string, label: object, name: string): void;
        node(id: string): { x: number; y: number } | undefined;
      };
      type Dagre = { graphlib: { Graph: new (options: { multigraph: boolean }) => DagreGraph }; layout: (graph: DagreGraph) => void };
      const dagre = (window as unknown as { dagre: Dagre }).dagre;
      const tasks: number[] = [];
      const observer = new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) tasks.push(entry.duration);
      });
      observer.observe({ type: 'longtask' });
      // In a task of its own, as a fetch callback would run it.
      const wallMs = await new Promise<number>((resolve, reject) =>
        setTimeout(() => {
          try {
            const started = performance.now();
            const graph = new dagre.graphlib.Graph({ multigraph: true });
            // The spacing of planvas' ELK layout (elk-layout.ts), so both keep boxes as far apart.
            const lr = g.direction === 'LR';
            graph.setGraph({ rankdir: lr ? 'LR' : 'TB', nodesep: lr ? 44 : 60, ranksep: lr ? 110 : 90, edgesep: 14 });
            graph.setDefaultEdgeLabel(() => ({}));
            for (const node of g.nodes) graph.setNode(node.id, { width: node.width, height: node.height });
            for (const edge of g.edges) graph.setEdge(edge.source, edge.target, {}, edge.id);
            dagre.layout(graph);
            const wall = performance.now() - started;
            const first = graph.node(g.nodes[0]!.id);
            if (!first || !Number.isFinite(first.x)) reject(new Error('dagre placed nothing'));
            else resolve(wall);
          } catch (error) {
            reject(error instanceof Error ? error : new Error(String(error)));
          }
        }, 0),
      );
      await new Promise((r) => setTimeout(r, 300));
      observer.disconnect();
      return { wallMs, longestTaskMs: Math.max(0, ...tasks) };
    }, graph);
  } catch (error) {
    const message = error instanceof Error ? error.message.split('\n')[0]!.replace(/^page\.evaluate: /, '') : String(error);
    return { wallMs: Number.NaN, longestTaskMs: Number.NaN, error: message };
  } finally {
    await page.close();
  }
}
