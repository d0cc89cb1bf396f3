import { useId, useState } from 'react';
import { ChevronDown, CircleX, Info, TriangleExclamationPoint, Wrench, X } from 'lucide-react';
import type { Problem } from '@planvas/shared';
import { fixableProblems, hasMigrationFixes } from '../migration/workflow-fixes';
import { canvasFlowOf } from '../../flow/flow-cache';
import { useAppStore, useAppStoreApi } from '../../store/store-context';

const NO_PROBLEMS: Problem[] = [];
/** Rendered at first; a plan with thousands of problems would otherwise stall the page. */
const FIRST_PAGE = 150;

/**
 * Problems of the open workflow (graph checks, legacy format...). Clicking one that names a step
 * selects that step's node and centres the canvas on it. It floats over the canvas, so it folds to
 * its header on a click; the migration's fix is offered here too (the canvas banner can be dismissed).
 */
export function ProblemsList() {
  const store = useAppStoreApi();
  const listId = useId();
  const [collapsed, setCollapsed] = useState(false);
  const legacy = useAppStore((s) => s.document?.legacy === true);
  const open = useAppStore((s) => s.panels.problems);
  const problems = useAppStore((s) => s.document?.problems ?? NO_PROBLEMS);
  const plan = useAppStore((s) => s.document?.plan ?? null);
  const direction = useAppStore((s) => s.direction);
  const focusNode = useAppStore((s) => s.focusNode);
  const togglePanel = useAppStore((s) => s.togglePanel);
  const hasDocument = useAppStore((s) => s.document !== null);
  const [showAll, setShowAll] = useState(false);
  if (!open || !hasDocument) return null;
  const shown = showAll ? problems : problems.slice(0, FIRST_PAGE);

  const fixable = hasMigrationFixes(fixableProblems(problems), legacy);
  const nodeIdOfStep = plan && !collapsed ? canvasFlowOf(plan, direction, problems).nodeIdOfStep : new Map<string, string>();
  return (
    <section className={`pv-problems${collapsed ? ' is-collapsed' : ''}`} aria-label="Problems" data-testid="problems-list">
      <header className="pv-problems__header">
        <button
          type="button"
          className="pv-problems__toggle"
          onClick={() => setCollapsed(!collapsed)}
          aria-expanded={!collapsed}
          aria-controls={listId}
          title={collapsed ? 'Show the problems' : 'Fold to this header'}
        >
          <ChevronDown size={14} aria-hidden className="pv-problems__chevron" />
          <TriangleExclamationPoint size={14} aria-hidden />
          Problems
          <span className="pv-problems__count">{problems.length}</span>
        </button>
        {fixable && (
          <button
            type="button"
            className="pv-button pv-button--small"
            onClick={() => store.getState().openOverlay('migrate')}
            title="Review the migration that fixes the legacy format and orphaned entries"
          >
            <Wrench size={12} aria-hidden /> Fix…
          </button>
        )}
        <button type="button" className="pv-icon-button pv-icon-button--small" onClick={() => togglePanel('problems', false)} aria-label="Close problems">
          <X size={14} />
        </button>
      </header>
      {collapsed ? null : problems.length === 0 ? (
        <p className="pv-problems__empty" id={listId}>
          No problems found.
        </p>
      ) : (
        <ul className="pv-problems__list" id={listId}>
          {shown.map((problem, i) => {
            const nodeId = problem.stepId !== undefined ? nodeIdOfStep.get(problem.stepId) : undefined;
            const Icon = problem.severity === 'error' ? CircleX : problem.severity === 'info' ? Info : TriangleExclamationPoint;
            return (
              <li key={`${problem.path}-${problem.code}-${i}`}>
                <button
                  type="button"
                  className={`pv-problem pv-problem--${problem.severity}`}
                  disabled={nodeId === undefined}
                  onClick={() => nodeId !== undefined && focusNode(nodeId)}
                  data-step-id={problem.stepId}
                  data-code={problem.code}
                  title={nodeId !== undefined ? 'Show on the canvas' : undefined}
                >
                  <Icon size={14} aria-hidden className="pv-problem__icon" />
                  <span className="pv-problem__text">
                    <span className="pv-problem__message">{problem.message}</span>
                    <span className="pv-problem__where">
                      {problem.stepId && <code>{problem.stepId}</code>}
                      <code className="pv-problem__path">{problem.path}</code>
                    </span>
                  </span>
                </button>
              </li>
            );
          })}
          {shown.length < problems.length && (
            <li>
              <button type="button" className="pv-problem pv-problem--more" onClick={() => setShowAll(true)}>
                Show all {problems.length} problems
              </button>
            </li>
          )}
        </ul>
      )}
    </section>
  );
}
