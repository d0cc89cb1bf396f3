import { AnswerForm } from '../ui/answer-form';
import { followedRunStatus, useRunStore } from './use-run-store';

/**
 * The question a waiting run asks, at the top of the run panel, with its answer form (yes/no, the
 * options, or free text). The waiting node on the canvas has the same form. `compact` is the docked
 * panel's: the question cut to two lines, so the runs list under it keeps its room.
 */
export function HumanInputForm({ compact = false }: { compact?: boolean }) {
  const waiting = useRunStore((s) => s.run.waitingInput ?? s.followedRun?.waitingInput ?? null);
  const status = useRunStore(followedRunStatus);
  const answerInput = useRunStore((s) => s.answerInput);
  const title = useRunStore((s) => (waiting ? stepTitle(s.document?.plan?.steps, waiting.stepId) : null));
  if (!waiting || status !== 'waiting_input') return null;
  return (
    <section className="pv-human-input" aria-label="The run's question" data-testid="human-input">
      {/* Compact (docked under the inspector) it keeps to two lines: the whole question is its tooltip. */}
      <p className="pv-human-input__question" title={compact ? `${title ?? waiting.stepId} asks: ${waiting.question}` : undefined}>
        <strong title={waiting.stepId}>{title ?? waiting.stepId}</strong> asks: {waiting.question}
      </p>
      <AnswerForm question={waiting} onAnswer={answerInput} />
    </section>
  );
}

function stepTitle(steps: ReadonlyArray<{ id: string; title?: unknown }> | undefined, stepId: string): string | null {
  const title = steps?.find((step) => step.id === stepId)?.title;
  return typeof title === 'string' && title.trim() ? title : null;
}
