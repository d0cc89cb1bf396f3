import { useAppStore } from '../../../store/store-context';
import { AnswerForm } from '../../../ui/answer-form';

/**
 * The answer to the question the followed run waits on, on the human_input node itself (the run
 * panel has the same form): posted with the run's answer action, so both go through one API call.
 */
export function NodeAnswerForm({ stepId }: { stepId: string }) {
  const question = useAppStore((s) => (s.run.waitingInput?.stepId === stepId ? s.run.waitingInput : null));
  const answerInput = useAppStore((s) => s.answerInput);
  if (!question) return null;
  return <AnswerForm question={question} onAnswer={answerInput} compact testId="node-answer-form" />;
}
