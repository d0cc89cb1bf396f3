import type { DecisionStep } from '@planvas/shared';
import { Section, TextField } from '../../../forms/fields';
import type { KindFieldsProps } from '../../../forms/kind-fields-props';
import { TargetSelect } from '../../../forms/target-select';
import { useStepUpdate } from '../../../forms/use-step-update';

export function DecisionFields({ step, inFlow }: KindFieldsProps<DecisionStep>) {
  const { update } = useStepUpdate(step.id);
  return (
    <Section title="Decision">
      <TextField
        label="Evaluation question"
        multiline
        value={step.decision_evaluation_question ?? ''}
        onChange={(decision_evaluation_question) => update({ decision_evaluation_question }, 'decision_evaluation_question')}
      />
      {inFlow && (
        <>
          <TargetSelect stepId={step.id} handle="true" label="If yes" />
          <TargetSelect stepId={step.id} handle="false" label="If no" />
        </>
      )}
    </Section>
  );
}
