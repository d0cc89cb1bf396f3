import { TodoTreePanel } from '../panels/todo-tree/todo-tree-panel';
import { useAppStore } from '../store/store-context';
import { HumanInputForm, RunsList } from './run-controls';

/** Beside the canvas: the question a waiting run asks, its todo tree and objective, the runs list. */
export function RunSidebar() {
  const open = useAppStore((s) => s.panels.runs && s.workflowId !== null);
  if (!open) return null;
  return (
    <aside className="pv-run-sidebar" aria-label="Run" data-testid="run-sidebar">
      <HumanInputForm />
      <TodoTreePanel />
      <RunsList />
    </aside>
  );
}
