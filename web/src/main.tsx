import '@xyflow/react/dist/style.css';
import './app/theme.css';
import './app/app.css';
import './canvas/canvas.css';
import './canvas/nodes.css';
import { peekPrefetched, prefetchOpening } from './api/prefetch';
import { workflowLayoutsPath } from './api/workflow-path';
import { workflowIdFromPath } from './app/workflow-route';
import { createLayoutClient, type LayoutService } from './layout/layout-client';

/**
 * The entry is kept small on purpose: before the app's code (React, React Flow, the schemas) has
 * loaded and run, it starts what the first screen waits on, so it happens meanwhile:
 * - on a deep link, the reads of the plan, its view settings and its saved layouts; and the
 *   workflow list. The app's own first reads take these answers (api/prefetch.ts);
 * - the ELK worker, which loads ELK (1.5 MB of script) on its own thread, when the plan has no
 *   saved layout. When it has one, the worker would only compete with the app's start for the
 *   CPU (measured on a two-core machine: a reopen 10-20 % slower); the canvas starts it and
 *   warms ELK up once the plan is on screen. Without a deep link the empty canvas does.
 */
const container = document.getElementById('root');
if (!container) throw new Error('planvas: #root is missing from index.html');

// The app's code first: the browser opens six connections to the server, and reads queued
// ahead of the 785 KB chunk delays the whole start (measured: the chunk asked for 430 ms late).
const app = import('./app/mount');
// `pnpm bench` builds a copy of the app with dagre on the main thread, to compare against;
// `pnpm build` compiles this branch out.
const layout: Promise<LayoutService> = __PLANVAS_BASELINE_DAGRE__
  ? import('./layout/dagre-baseline').then((baseline) => baseline.createDagreBaselineService())
  : Promise.resolve(createLayoutClient());
const opening = workflowIdFromPath(window.location.pathname);
prefetchOpening(opening);
if (opening !== null) {
  void Promise.all([layout, peekPrefetched(workflowLayoutsPath(opening))]).then(([service, saved]) => {
    if (saved === undefined || (typeof saved === 'object' && saved !== null && Object.keys(saved).length === 0)) service.start();
  });
}

Promise.all([app, layout])
  .then(([{ mountApp }, service]) => mountApp(container, { layout: service }))
  .catch((error: unknown) => {
    container.textContent = `planvas could not start: ${error instanceof Error ? error.message : String(error)}. Reload the page to try again.`;
    throw error;
  });
