import { useAppStore } from '../store/store-context';
import { ExecutionLogsPopup } from './execution-logs-popup';

/** Shows the popup while the view asks for it (a todo_task node's button, or the toolbar's). */
export function ExecutionLogsHost() {
  const logs = useAppStore((s) => s.executionLogs);
  const closeOverlay = useAppStore((s) => s.closeOverlay);
  if (!logs) return null;
  return <ExecutionLogsPopup stepId={logs.stepId} onClose={() => closeOverlay('executionLogs')} />;
}
