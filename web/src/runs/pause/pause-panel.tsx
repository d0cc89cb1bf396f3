import { useEffect, useState } from 'react';
import { CirclePause, Play, StepForward } from 'lucide-react';
import { ChoiceSelect } from '../../ui/choice-select';
import { followedRunStatus, useRunStore } from '../use-run-store';
import { draftOf, overrideOf, routeChoices, todoChoices, type DecisionDraft } from './pending-decision';
import './pause-panel.css';

/**
 * A run stopped at a breakpoint, its budget or in step mode (docs/api.md "Breakpoints and step
 * mode"): why, and the ways on: Continue, Step (one orchestrator turn), and for a delegation about
 * to be carried out, the decision itself to change first.
 */
export function PausePanel() {
  const pause = useRunStore((s) => s.run.fold.pause);
  const status = useRunStore(followedRunStatus);
  const resumeRun = useRunStore((s) => s.resumeRun);
  const plan = useRunStore((s) => s.document?.plan ?? undefined);
  const todos = useRunStore((s) => (pause?.step_id ? s.run.todosByStep[pause.step_id]?.todos : undefined));
  const [busy, setBusy] = useState(false);
  const pending = pause?.pending ?? undefined;
  const [draft, setDraft] = useState<DecisionDraft | null>(pending ? draftOf(pending) : null);
  // A new pause (another iteration, another decision) starts the form again.
  useEffect(() => setDraft(pending ? draftOf(pending) : null), [pending]);
  if (!pause || status !== 'paused') return null;

  const go = async (mode: 'continue' | 'step', withDecision = false) => {
    setBusy(true);
    const decision = withDecision && pending && draft ? overrideOf(pending, draft) : undefined;
    await resumeRun({ mode, ...(decision ? { decision } : {}) });
    setBusy(false);
  };
  const routes = pause.step_id ? routeChoices(plan, pause.step_id) : [];
  const todoOptions = todoChoices(todos ?? []);
  const changed = pending && draft ? overrideOf(pending, draft) !== undefined : false;

  return (
    <section
      className="pv-pause"
      aria-label="Paused run"
      data-testid="pause-panel"
      data-breakpoint={pause.breakpoint?.on ?? 'step'}
      data-iteration={pause.iteration ?? undefined}
      data-pause={`${pause.breakpoint?.on ?? 'step'}@${pause.iteration ?? ''}`}
    >
      <p className="pv-pause__reason">
        <CirclePause size={15} aria-hidden />
        <span>
          <strong>Paused</strong> {pause.reason ?? ''}
        </span>
      </p>
      {pause.todo_titles && pause.todo_titles.length > 0 && <p className="pv-pause__detail">Created: {pause.todo_titles.join(', ')}</p>}
      {pending && draft && (
        <form
          className="pv-pause__decision"
          aria-label="Pending decision"
          data-testid="pending-decision"
          onSubmit={(e) => {
            e.preventDefault();
            void go('continue', true);
          }}
        >
          <ChoiceSelect
            label="Route"
            value={draft.routeId}
            choices={routes.map((r) => ({ value: r.id, label: r.label }))}
            onChange={(routeId) => setDraft({ ...draft, routeId })}
            testId="pending-route"
          />
          <ChoiceSelect
            label="Todo"
            value={draft.todoId}
            choices={todoOptions.map((t) => ({ value: t.id, label: t.label }))}
            onChange={(todoId) => setDraft({ ...draft, todoId })}
            testId="pending-todo"
          />
          <label>
            Instructions to the sub-agent
            <textarea rows={3} value={draft.instructions} onChange={(e) => setDraft({ ...draft, instructions: e.target.value })} />
          </label>
          {changed && (
            <button type="submit" className="pv-button pv-button--primary" disabled={busy} data-testid="pause-override">
              Continue with this decision
            </button>
          )}
        </form>
      )}
      <div className="pv-pause__actions">
        <button type="button" className="pv-button pv-button--primary" disabled={busy} onClick={() => void go('continue')} data-testid="pause-continue">
          <Play size={14} aria-hidden /> Continue
        </button>
        <button
          type="button"
          className="pv-button"
          disabled={busy}
          onClick={() => void go('step')}
          title="Run one orchestrator turn, then pause again"
          data-testid="pause-step"
        >
          <StepForward size={14} aria-hidden /> Step
        </button>
      </div>
    </section>
  );
}
