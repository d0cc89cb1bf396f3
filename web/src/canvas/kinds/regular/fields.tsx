import type { RegularStep } from '@planvas/shared';
import { CheckboxField, NumberField, Section } from '../../../forms/fields';
import type { KindFieldsProps } from '../../../forms/kind-fields-props';
import { StepTextField } from '../../../forms/step-text-field';
import { TargetSelect } from '../../../forms/target-select';
import { useStepUpdate } from '../../../forms/use-step-update';

export function RegularFields({ step, inFlow }: KindFieldsProps<RegularStep>) {
  const { update, commit } = useStepUpdate(step.id);
  return (
    <Section title="Behaviour">
      <CheckboxField
        label="Loop"
        checked={step.has_loop === true}
        onChange={(has_loop) => update({ has_loop })}
        hint="Repeat the step until the loop condition says stop"
      />
      {step.has_loop === true && (
        <>
          <StepTextField step={step} field="loop_condition" label="Loop condition" multiline />
          <NumberField label="Max iterations" integer min={1} value={step.max_iterations} onCommit={(max_iterations) => commit({ max_iterations })} />
        </>
      )}
      {inFlow && <TargetSelect stepId={step.id} handle="next" label="Next step" testId="next-step" />}
    </Section>
  );
}
