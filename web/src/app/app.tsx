import { ReactFlowProvider } from '@xyflow/react';
import { CanvasArea } from './canvas-area';
import { Sidebar } from './sidebar';
import { Toolbar } from './toolbar';
import { useWorkflowList, useWorkflowSession } from './use-workflow-session';

/** The app shell: workflows on the left, toolbar and canvas on the right. */
export function App() {
  const reloadList = useWorkflowList();
  useWorkflowSession();
  return (
    <div className="pv-app">
      <Sidebar onRetry={reloadList} />
      <main className="pv-main">
        <ReactFlowProvider>
          <Toolbar />
          <CanvasArea />
        </ReactFlowProvider>
      </main>
    </div>
  );
}
