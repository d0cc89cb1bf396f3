import type { HumanInputStep } from '@planvas/shared';
import { LinesField, Section, SelectField } from '../../../forms/fields';
import type { KindFieldsProps } from '../../../forms/kind-fields-props';
import { StepTextField } from '../../../forms/step-text-field';
import { TargetSelect } from '../../../forms/target-select';
import { useStepUpdate } from '../../../forms/use-step-update';

const RESPONSE_TYPES = [
  { value: 'text', label: 'Free text' },
  { value: 'yesno', label: 'Yes / no' },
  { value: 'multiple_choice', label: 'Multiple choice' },
];

export function HumanInputFields({ step, inFlow }: KindFieldsProps<HumanInputStep>) {
  const { update } = useStepUpdate(step.id);
  const type = step.response_type ?? 'text';
  const types = RESPONSE_TYPES.some((t) => t.value === type) ? RESPONSE_TYPES : [...RESPONSE_TYPES, { value: type, label: type }];
  return (
    <Section title="Question">
      <StepTextField step={step} field="question" label="Question" multiline />
      <StepTextField step={step} field="variable_name" label="Variable name" hint="Where the answer is stored for later steps" />
      <SelectField label="Response type" value={type} options={types} onChange={(response_type) => update({ response_type })} />
      {type === 'multiple_choice' && <LinesField label="Options" values={step.options ?? []} onCommit={(options) => update({ options })} />}
      {inFlow &&
        (type === 'yesno' ? (
          <>
            <TargetSelect stepId={step.id} handle="yes" label="If yes" />
            <TargetSelect stepId={step.id} handle="no" label="If no" />
          </>
        ) : type === 'multiple_choice' && (step.options?.length ?? 0) > 0 ? (
          (step.options ?? []).map((option, i) => <TargetSelect key={`${i}-${option}`} stepId={step.id} handle={`option-${i}`} label={`If “${option}”`} />)
        ) : (
          <TargetSelect stepId={step.id} handle="next" label="Next step" testId="next-step" />
        ))}
    </Section>
  );
}
