import { Ellipsis, FolderTree, Plus, RefreshCw, Search, TriangleExclamationPoint } from 'lucide-react';
import { useCallback, useState, type MouseEvent } from 'react';
import { anchorAtPointer, anchorUnder, WorkflowMenu, type WorkflowMenuAnchor } from '../panels/workflows/workflow-menu';
import { useAppStore } from '../store/store-context';
import { filterWorkflows } from '../store/slices/workspace-slice';
import { navigate } from '../navigation/router';
import { DesktopNotificationsToggle } from '../notifications/desktop-notifications-toggle';
import { pathForWorkflow } from '../navigation/workflow-route';

function openLink(event: MouseEvent<HTMLAnchorElement>, id: string) {
  // Plain clicks stay in the app; modified clicks (new tab...) keep the browser's behaviour.
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  navigate(pathForWorkflow(id));
}

/**
 * The workspace's workflows: title, step count, problems; a search box filters them. "New
 * workflow" and each row's menu ("⋯", or a right-click) open the workflow dialogs.
 */
export function Sidebar({ onRetry }: { onRetry: () => void }) {
  const query = useAppStore((s) => s.workflowQuery);
  const setQuery = useAppStore((s) => s.setWorkflowQuery);
  const status = useAppStore((s) => s.workflowsStatus);
  const error = useAppStore((s) => s.workflowsError);
  const openId = useAppStore((s) => s.workflowId);
  const workflows = useAppStore((s) => s.workflows);
  const shown = filterWorkflows(workflows, query);
  const openOverlay = useAppStore((s) => s.openOverlay);
  const [menu, setMenu] = useState<WorkflowMenuAnchor | null>(null);
  const closeMenu = useCallback(() => setMenu(null), []);

  return (
    <aside className="pv-sidebar" aria-label="Workflows">
      <div className="pv-brand">
        <span className="pv-brand__mark" aria-hidden />
        planvas
        <DesktopNotificationsToggle />
      </div>
      <button type="button" className="pv-button pv-new-workflow" onClick={() => openOverlay('workflow', { action: 'new' })} data-testid="new-workflow">
        <Plus size={14} aria-hidden /> New workflow
      </button>
      <label className="pv-search">
        <Search size={14} aria-hidden />
        <input
          type="search"
          placeholder="Search workflows"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          data-testid="workflow-search"
          aria-label="Search workflows"
        />
      </label>
      <div className="pv-sidebar__heading">
        <FolderTree size={13} aria-hidden />
        Workflows
        <span className="pv-sidebar__count">{workflows.length}</span>
      </div>
      {status === 'loading' && <div className="pv-sidebar__note">Loading…</div>}
      {status === 'error' && (
        <div className="pv-sidebar__note pv-sidebar__note--error" role="alert">
          {error?.message ?? 'Could not load the workflows.'}
          <button type="button" className="pv-button" onClick={onRetry}>
            <RefreshCw size={13} aria-hidden /> Retry
          </button>
        </div>
      )}
      {status === 'ready' && shown.length === 0 && (
        <div className="pv-sidebar__note">{workflows.length === 0 ? 'No workflows in this workspace.' : 'No workflow matches.'}</div>
      )}
      <nav className="pv-workflow-list" data-testid="workflow-list">
        {shown.map((w) => (
          <div key={w.id} className={`pv-workflow-row${menu?.workflowId === w.id ? ' has-menu' : ''}`}>
            <a
              href={pathForWorkflow(w.id)}
              onClick={(e) => openLink(e, w.id)}
              onContextMenu={(e) => {
                e.preventDefault();
                setMenu(anchorAtPointer(e, w.id));
              }}
              className={`pv-workflow${w.id === openId ? ' is-open' : ''}`}
              aria-current={w.id === openId ? 'page' : undefined}
              data-workflow-id={w.id}
            >
              <span className="pv-workflow__title">{w.title}</span>
              <span className="pv-workflow__meta">
                <span className="pv-workflow__path" title={w.id}>
                  {w.id}
                </span>
                <span className="pv-workflow__steps" data-testid="workflow-steps">
                  {w.stepCount} step{w.stepCount === 1 ? '' : 's'}
                </span>
                {w.legacy && <span className="pv-tag">legacy</span>}
                {w.problemCount > 0 && (
                  <span
                    className="pv-problems-badge pv-problems-badge--error"
                    title={`${w.problemCount} problem${w.problemCount === 1 ? '' : 's'}`}
                    data-testid="workflow-problems"
                  >
                    <TriangleExclamationPoint size={11} aria-hidden />
                    {w.problemCount}
                  </span>
                )}
              </span>
            </a>
            <button
              type="button"
              className="pv-workflow-row__more"
              aria-label={`Actions for ${w.id}`}
              aria-haspopup="menu"
              aria-expanded={menu?.workflowId === w.id}
              title="Duplicate, rename, delete"
              onClick={(e) => setMenu(menu?.workflowId === w.id ? null : anchorUnder(e.currentTarget, w.id))}
              data-testid="workflow-actions"
            >
              <Ellipsis size={15} aria-hidden />
            </button>
          </div>
        ))}
      </nav>
      {menu && workflows.some((w) => w.id === menu.workflowId) && <WorkflowMenu anchor={menu} onClose={closeMenu} />}
    </aside>
  );
}
