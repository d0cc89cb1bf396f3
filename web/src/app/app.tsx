import { ReactFlowProvider } from '@xyflow/react';
import { AuthoringLayer } from '../authoring/authoring-layer';
import { useAuthoringSession } from '../authoring/use-authoring-session';
import { Inspector } from '../panels/inspector/inspector';
import { ExecutionLogsHost } from '../logs/execution-logs-host';
import { useLiveWorkflowList } from '../panels/workflows/use-live-workflow-list';
import { WorkflowDialogs } from '../panels/workflows/workflow-dialogs';
import { NotificationsHost } from '../notifications/notifications-host';
import { RunSidebar } from '../runs/run-sidebar';
import { useRunSession } from '../runs/use-run-session';
import { CanvasArea } from './canvas-area';
import { Sidebar } from './sidebar';
import { Toolbar } from './toolbar';
import { useWorkflowList, useWorkflowSession } from './use-workflow-session';

/**
 * What keeps the open workflow, its runs and its draft in step with the URL and the server. A
 * component of its own, rendering nothing: what these subscribe to (the workflow id, the dirty
 * flag) then re-renders only this, not the whole app.
 */
function Sessions() {
  useWorkflowSession();
  useRunSession();
  useAuthoringSession();
  useLiveWorkflowList();
  return null;
}

/** The app shell: workflows on the left, toolbar and canvas on the right, the run beside the canvas. */
export function App() {
  const reloadList = useWorkflowList();
  return (
    <div className="pv-app">
      <Sidebar onRetry={reloadList} />
      <main className="pv-main">
        <ReactFlowProvider>
          <Toolbar />
          <div className="pv-workarea">
            <CanvasArea />
            <Inspector />
            <RunSidebar />
          </div>
        </ReactFlowProvider>
        <ExecutionLogsHost />
        <AuthoringLayer />
        <WorkflowDialogs />
        <NotificationsHost />
      </main>
      <Sessions />
    </div>
  );
}
