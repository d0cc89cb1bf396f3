import type { ConditionalStep } from '@planvas/shared';
import { Section } from '../../../forms/fields';
import type { KindFieldsProps } from '../../../forms/kind-fields-props';
import { StepTextField } from '../../../forms/step-text-field';
import { TargetSelect } from '../../../forms/target-select';

export function ConditionalFields({ step, inFlow }: KindFieldsProps<ConditionalStep>) {
  return (
    <Section title="Condition">
      <StepTextField step={step} field="condition_question" label="Condition question" multiline />
      {inFlow && (
        <>
          <BranchTarget step={step} branch="true" label="If yes" />
          <BranchTarget step={step} branch="false" label="If no" />
          <NextAfterBranches step={step} />
        </>
      )}
    </Section>
  );
}

/** A branch with its own steps starts with the first of them; otherwise it goes where its output points. */
function BranchTarget({ step, branch, label }: { step: ConditionalStep; branch: 'true' | 'false'; label: string }) {
  const steps = (branch === 'true' ? step.if_true_steps : step.if_false_steps) ?? [];
  if (steps.length > 0) {
    return (
      <p className="pv-muted" data-testid={`branch-${branch}`}>
        {label}: runs its {steps.length} branch step{steps.length === 1 ? '' : 's'}, starting with <code>{steps[0]!.id}</code>
      </p>
    );
  }
  return <TargetSelect stepId={step.id} handle={branch} label={label} />;
}

function NextAfterBranches({ step }: { step: ConditionalStep }) {
  const hasBranchSteps = (step.if_true_steps?.length ?? 0) + (step.if_false_steps?.length ?? 0) > 0;
  if (!hasBranchSteps) return null;
  return (
    <StepTextField
      step={step}
      field="next_step_id"
      label="After the branches, continue with"
      blankRemoves
      placeholder="list order"
      hint="A step id, or end; empty continues with the next step of the list"
    />
  );
}
