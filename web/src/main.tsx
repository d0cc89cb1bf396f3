import '@xyflow/react/dist/style.css';
import './app/theme.css';
import './app/app.css';
import './app/canvas-column.css';
import './app/utilities.css';
import './canvas/canvas.css';
import './canvas/nodes.css';
import './canvas/node-content.css';
import './canvas/node-outputs.css';
import './canvas/node-states.css';
import './canvas/node-compact.css';
import './app/focus.css';
import { prefetchedText, prefetchOpening } from './api/prefetch';
import { workflowLayoutsPath } from './api/workflow-path';
import { workflowIdFromPath } from './navigation/workflow-route';
import { createLayoutClient, type LayoutService } from './layout/layout-client';
import { hasNoSavedLayout } from './layout/saved-layouts-probe';

/**
 * The entry is kept small on purpose: before the app's code (React, React Flow, the schemas) has
 * loaded and run, it starts what the first screen waits on, so it happens meanwhile:
 * - on a deep link, the reads of the plan, its view settings and its saved layouts; and the
 *   workflow list. The app's own first reads take these answers (api/prefetch.ts);
 * - on a deep link, the layout worker. It has to start now: a worker cannot start while the main
 *   thread is busy, and the app's start keeps it busy for a second or more. The worker loads ELK
 *   at once, and drops it again when the prefetched saved layouts show the plan has one
 *   (layout/elk.worker.ts). Without a deep link the empty canvas starts and warms it up.
 */
const container = document.getElementById('root');
if (!container) throw new Error('planvas: #root is missing from index.html');

const opening = workflowIdFromPath(window.location.pathname);
// The layout worker first, so that it starts before the app's code keeps the main thread busy.
// `pnpm bench` builds a copy of the app with dagre on the main thread instead, to compare against;
// `pnpm build` compiles that branch out.
const elkLayout = __PLANVAS_BASELINE_DAGRE__ ? null : createLayoutClient();
if (elkLayout && opening !== null) elkLayout.preload();
const layout: Promise<LayoutService> = __PLANVAS_BASELINE_DAGRE__
  ? import('./layout/dagre-baseline').then((baseline) => baseline.createDagreBaselineService())
  : Promise.resolve(elkLayout as LayoutService);
// Then the app's code: the browser opens six connections to the server, and reads queued ahead of
// the 785 KB chunk delay the whole start (measured: the chunk asked for 430 ms late).
const app = import('./app/mount');
prefetchOpening(opening);
if (elkLayout && opening !== null) {
  void prefetchedText(workflowLayoutsPath(opening)).then((saved) => {
    if (!hasNoSavedLayout(saved)) elkLayout.cancelPreload();
  });
}

Promise.all([app, layout])
  .then(([{ mountApp }, service]) => mountApp(container, { layout: service, openingWorkflowId: opening }))
  .catch((error: unknown) => {
    container.textContent = `planvas could not start: ${error instanceof Error ? error.message : String(error)}. Reload the page to try again.`;
    throw error;
  });
