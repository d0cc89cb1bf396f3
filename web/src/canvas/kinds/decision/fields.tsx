import type { DecisionStep } from '@planvas/shared';
import { Section } from '../../../forms/fields';
import type { KindFieldsProps } from '../../../forms/kind-fields-props';
import { StepTextField } from '../../../forms/step-text-field';
import { TargetSelect } from '../../../forms/target-select';

export function DecisionFields({ step, inFlow }: KindFieldsProps<DecisionStep>) {
  return (
    <Section title="Decision">
      <StepTextField step={step} field="decision_evaluation_question" label="Evaluation question" multiline />
      {inFlow && (
        <>
          <TargetSelect stepId={step.id} handle="true" label="If yes" />
          <TargetSelect stepId={step.id} handle="false" label="If no" />
        </>
      )}
    </Section>
  );
}
