import { useEffect, useState } from 'react';
import { Wrench, X } from 'lucide-react';
import type { MigrationChange, Problem } from '@planvas/shared';
import { useApi } from '../../api/api-context';
import type { MigrationAnswer } from '../../api/authoring-api';
import { useAppStore, useAppStoreApi } from '../../store/store-context';
import { Dialog } from '../../ui/dialog';

const NO_PROBLEMS: Problem[] = [];

/** What the one-click fix is about: orphaned step_config entries and a legacy (nested) plan. */
export function fixableProblems(problems: readonly Problem[]): { orphans: Problem[]; legacy: Problem[] } {
  return { orphans: problems.filter((p) => p.code === 'orphan_step_config'), legacy: problems.filter((p) => p.code === 'legacy_format') };
}

/** Whether "fix and migrate" has anything to do: a legacy plan, or problems it can fix (fixableProblems). */
export function hasMigrationFixes({ orphans, legacy }: ReturnType<typeof fixableProblems>, legacyFlag: boolean): boolean {
  return legacyFlag || orphans.length > 0 || legacy.length > 0;
}

/**
 * A one-line bar above the canvas when the workflow has something the migration fixes. It takes
 * its own row (the canvas starts under it) so it never covers a node, and it can be dismissed for
 * the rest of the session; the problems panel offers the same fix.
 */
export function FixBanner() {
  const store = useAppStoreApi();
  const workflowId = useAppStore((s) => s.workflowId);
  const problems = useAppStore((s) => s.document?.problems ?? NO_PROBLEMS);
  const legacyFlag = useAppStore((s) => s.document?.legacy === true);
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(() => new Set());
  const fixes = fixableProblems(problems);
  if (!hasMigrationFixes(fixes, legacyFlag)) return null;
  const { orphans, legacy } = fixes;
  if (workflowId === null || dismissed.has(workflowId)) return null;
  const parts = [
    ...(legacy.length > 0 || legacyFlag ? [`legacy todo_task format${legacy.length > 1 ? ` (${legacy.length} steps)` : ''}`] : []),
    ...(orphans.length > 0 ? [`${orphans.length} orphaned step_config entr${orphans.length === 1 ? 'y' : 'ies'}`] : []),
  ];
  const text = `This workflow has ${parts.join(' and ')}.`;
  return (
    <div className="pv-notice-bar pv-fix-banner" role="note" data-testid="fix-banner">
      <Wrench size={14} aria-hidden />
      <span className="pv-notice-bar__text" title={text}>
        {text}
      </span>
      <button type="button" className="pv-button pv-button--small" data-testid="review-fix" onClick={() => store.getState().openOverlay('migrate')}>
        Review fix…
      </button>
      <button
        type="button"
        className="pv-icon-button pv-icon-button--small"
        onClick={() => setDismissed(new Set(dismissed).add(workflowId))}
        aria-label="Dismiss"
        title="Dismiss (the problems panel offers the fix too)"
      >
        <X size={14} />
      </button>
    </div>
  );
}

/** The fix's dry run (POST migrate?dryRun=1): what would change, then applied on request. */
export function MigrationDialog() {
  const store = useAppStoreApi();
  const api = useApi();
  const open = useAppStore((s) => s.overlay === 'migrate');
  const workflowId = useAppStore((s) => s.workflowId);
  const dirty = useAppStore((s) => s.dirty);
  const [dry, setDry] = useState<MigrationAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!open || !workflowId) return;
    setDry(null);
    setError(null);
    api.migrate(workflowId, { dryRun: true }).then(setDry, (e: unknown) => setError(e instanceof Error ? e.message : String(e)));
  }, [api, open, workflowId]);
  if (!open || !workflowId) return null;
  const close = () => store.getState().closeOverlay('migrate');
  const apply = async () => {
    setBusy(true);
    try {
      await api.migrate(workflowId, { dryRun: false });
      const document = await api.getWorkflow(workflowId);
      store.getState().setDocument({ ...document, id: workflowId });
      store.getState().toast({ tone: 'success', message: 'Workflow fixed' });
      close();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      title="Fix this workflow"
      subtitle="The seed system’s migration: plan.json written flat, orphaned step_config entries merged into their step or removed, learnings folders moved to the step’s id."
      onClose={close}
      testId="migration-dialog"
      footer={dirty && <span className="pv-dialog__footer-note">Save or undo your changes first: the fix rewrites the files on disk.</span>}
      actions={
        <>
          <button
            type="button"
            className="pv-button pv-button--primary"
            disabled={!dry || dry.changes.length === 0 || dirty || busy}
            onClick={() => void apply()}
          >
            Apply fix
          </button>
        </>
      }
    >
      {error && (
        <p className="pv-error-text" role="alert">
          {error}
        </p>
      )}
      {!dry && !error && <p className="pv-muted">Checking what would change…</p>}
      {dry && dry.changes.length === 0 && <p className="pv-muted">Nothing to fix: the files are already in the current format.</p>}
      {dry && dry.changes.length > 0 && (
        <ul className="pv-boxed-list pv-migration" data-testid="migration-changes">
          {dry.changes.map((change, i) => (
            <li key={i} className={`pv-migration__change pv-migration__change--${change.kind}`}>
              <code className="pv-migration__file">{fileOf(change)}</code>
              <span>{describeChange(change)}</span>
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}

function fileOf(change: MigrationChange): string {
  if (change.kind === 'plan_flattened') return 'plan.json';
  if (change.kind === 'learnings_renamed' || change.kind === 'learnings_kept') return 'learnings/';
  return 'step_config.json';
}

export function describeChange(change: MigrationChange): string {
  switch (change.kind) {
    case 'plan_flattened':
      return `~ todo_task “${change.stepId}” written flat${change.innerId ? ` (inner step “${change.innerId}” merged into it)` : ''}${change.promoted.length > 0 ? `; moves up: ${change.promoted.join(', ')}` : ''}`;
    case 'step_config_merged':
      return `~ entry “${change.from}” merged into “${change.into}” (the step’s own settings win)`;
    case 'step_config_renamed':
      return `~ entry “${change.from}” renamed to “${change.to}”`;
    case 'step_config_removed':
      return `− entry “${change.id}” removed (it matches no step)`;
    case 'learnings_renamed':
      return `~ learnings/${change.from}/ → learnings/${change.to}/`;
    case 'learnings_kept':
      return `learnings/${change.from}/ kept: ${change.reason}`;
  }
}
