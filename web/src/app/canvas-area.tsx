import { ListTodo, RefreshCw, TriangleExclamationPoint } from 'lucide-react';
import { DraftBanner } from '../authoring/draft-banner';
import { Palette } from '../authoring/palette';
import { FixBanner } from '../panels/migration/workflow-fixes';
import { WorkflowCanvas } from '../canvas/workflow-canvas';
import { useWarmLayoutWhileIdle } from '../layout/layout-context';
import { ProblemsList } from '../panels/problems-list/problems-list';
import { useAppStore } from '../store/store-context';

/** The main area: the canvas of the open workflow, or what stands in for it. */
export function CanvasArea() {
  const workflowId = useAppStore((s) => s.workflowId);
  const status = useAppStore((s) => s.documentStatus);
  const error = useAppStore((s) => s.documentError);
  const planMissing = useAppStore((s) => s.document !== null && s.document.plan === null);
  const reload = useAppStore((s) => s.reloadDocument);
  const notice = useAppStore((s) => s.layoutNotice);
  useWarmLayoutWhileIdle(workflowId === null);

  if (workflowId === null) {
    return (
      <div className="pv-empty">
        <ListTodo size={28} aria-hidden />
        <h2>Open a workflow</h2>
        <p>Pick one on the left. Each is a folder with planning/plan.json in the workspace.</p>
      </div>
    );
  }
  if (status === 'error') {
    return (
      <div className="pv-empty pv-empty--error" role="alert">
        <TriangleExclamationPoint size={28} aria-hidden />
        <h2>{error?.status === 404 ? 'No such workflow' : 'Could not open this workflow'}</h2>
        <p>{error?.message}</p>
        {error && error.details.length > 0 && (
          <ul className="pv-error-details">
            {error.details.map((d, i) => (
              <li key={i}>
                <code>{d.path}</code> {d.message}
              </li>
            ))}
          </ul>
        )}
        <button type="button" className="pv-button" onClick={reload}>
          <RefreshCw size={14} aria-hidden /> Try again
        </button>
      </div>
    );
  }
  // Notices take their own rows above the canvas (which starts under them) instead of floating over nodes.
  return (
    <div className="pv-stage">
      <div className="pv-stage__notices">
        <DraftBanner />
        <FixBanner />
      </div>
      <div className="pv-stage__canvas">
        <WorkflowCanvas />
        <Palette />
        {planMissing && (
          <div className="pv-stage__banner pv-stage__banner--error" role="alert">
            plan.json could not be read; the problems list says where.
          </div>
        )}
        {notice && (
          <div className="pv-stage__banner" role="status" data-testid="layout-notice">
            {notice}
          </div>
        )}
        <ProblemsList />
      </div>
    </div>
  );
}
